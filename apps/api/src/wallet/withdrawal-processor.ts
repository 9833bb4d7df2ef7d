import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { KycGate } from '../kyc/kyc-gate.service';
import { LedgerService } from './ledger/ledger.service';
import { PaymentProvider, ProviderOutcome } from './payment-provider';
import { DueWithdrawal, WalletRepository } from './wallet.repository';

/** A payout that takes longer than this counts as "outcome unknown" and is retried later. */
const PROVIDER_TIMEOUT_MS = 30_000;
/** Withdrawals settled per poll at most, so one instance never hogs a backlog. */
const BATCH_SIZE = 50;
/** Expired idempotency keys are purged this often. */
const PURGE_INTERVAL_MS = 10 * 60_000;
/** Retry delay after an unknown outcome: 5 s, 10 s, 20 s ... capped at 15 minutes. */
const retryDelaySeconds = (attempts: number): number => Math.min(5 * 2 ** Math.max(0, attempts - 1), 900);

/**
 * Pays out pending withdrawals (docs/decisions/0203-withdrawal-processor.md). The work queue is the
 * wallet_payments table itself: every pending withdrawal with process_after <= now() is due. Each withdrawal is
 * claimed with `FOR UPDATE SKIP LOCKED` and settled in the same database transaction:
 * - provider completed it → pending withdrawals → provider clearing (ledger kind withdrawal_completion);
 * - provider failed it → pending withdrawals → wallet (withdrawal_refund), payment status failed;
 * - outcome unknown (error, timeout, crash) → rolled back or deferred, retried later with the same payment id.
 * Both settlements use the ledger idempotency key `withdrawal:<id>:settle`, so a withdrawal is paid or refunded
 * at most once even if two processors raced past the row lock. Pending work survives restarts: it is in the table.
 */
@Injectable()
export class WithdrawalProcessor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WithdrawalProcessor.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private lastPurgeMs = 0;
  private stopped = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly repository: WalletRepository,
    private readonly provider: PaymentProvider,
    private readonly config: AppConfig,
    private readonly kyc: KycGate,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.WITHDRAWAL_PROCESSOR_ENABLED) return;
    this.timer = setInterval(() => void this.tick(), this.config.WITHDRAWAL_POLL_INTERVAL_MS);
    this.timer.unref();
  }

  /** Stops polling and waits for the withdrawal in progress, so shutdown never cuts a settlement in half. */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** One poll: settles what is due (and now and then purges expired idempotency keys). Never overlaps itself. */
  tick(): Promise<void> {
    if (this.running || this.stopped) return this.running ?? Promise.resolve();
    this.running = (async () => {
      try {
        await this.processDue();
        if (Date.now() - this.lastPurgeMs > PURGE_INTERVAL_MS) {
          this.lastPurgeMs = Date.now();
          await this.repository.purgeExpiredIdempotencyKeys(this.dataSource.manager);
        }
      } catch (error) {
        this.logger.error({ err: error }, 'Withdrawal processing failed; will retry on the next poll');
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  /** Settles due withdrawals until none is left (or a batch is done); answers how many were handled. */
  async processDue(limit = BATCH_SIZE): Promise<number> {
    let handled = 0;
    while (handled < limit && !this.stopped) {
      if (!(await this.processNext())) break;
      handled++;
    }
    return handled;
  }

  /** Claims and settles one due withdrawal; false when none is due (or all due ones are held by other processors). */
  private async processNext(): Promise<boolean> {
    let claimed: DueWithdrawal | null = null;
    try {
      return await this.dataSource.transaction(async (manager) => {
        const withdrawal = await this.repository.claimDueWithdrawal(manager);
        if (!withdrawal) return false;
        claimed = withdrawal;
        // Verification that became required since the request (docs/product/kyc.md): held for support, not paid.
        if (await this.kyc.holdPayoutIfRequired(manager, withdrawal)) return true;

        let outcome: ProviderOutcome;
        try {
          outcome = await withTimeout(
            this.provider.payout({
              paymentId: withdrawal.id,
              userId: withdrawal.userId,
              amountCents: withdrawal.amountCents,
              method: withdrawal.method,
            }),
            PROVIDER_TIMEOUT_MS,
          );
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          this.logger.warn(`Payout of withdrawal ${withdrawal.id} has no outcome (${message}); retrying later`);
          await this.repository.deferWithdrawal(
            manager,
            withdrawal.id,
            message,
            retryDelaySeconds(withdrawal.attempts + 1),
          );
          return true;
        }

        const pending = await this.ledger.systemAccount('pending_withdrawals');
        const destination =
          outcome.status === 'completed'
            ? await this.ledger.systemAccount('provider_clearing', `withdrawal:${withdrawal.id}:settle`)
            : await this.ledger.ensureWallet(withdrawal.userId, manager);
        const posted = await this.ledger.post(
          {
            kind: outcome.status === 'completed' ? 'withdrawal_completion' : 'withdrawal_refund',
            idempotencyKey: `withdrawal:${withdrawal.id}:settle`,
            entries: [
              { accountId: pending, amountCents: -withdrawal.amountCents },
              { accountId: destination, amountCents: withdrawal.amountCents },
            ],
            references: { userId: withdrawal.userId, paymentId: withdrawal.id },
            metadata: { provider: this.provider.name, provider_reference: outcome.reference },
          },
          manager,
        );
        await this.repository.settleWithdrawal(manager, {
          id: withdrawal.id,
          status: outcome.status,
          settlementTransactionId: posted.transactionId,
          providerReference: outcome.reference,
          failureReason: outcome.status === 'failed' ? outcome.reason : null,
        });
        return true;
      });
    } catch (error) {
      // Something other than the provider failed (database, ledger). Everything rolled back; push this withdrawal
      // back a little so one bad row cannot starve the others, and say so loudly.
      const failed = claimed as DueWithdrawal | null;
      if (!failed) throw error;
      const message = error instanceof Error ? error.message : String(error);
      this.logger.error({ err: error }, `Settling withdrawal ${failed.id} failed; retrying later`);
      await this.repository.deferWithdrawal(
        this.dataSource.manager,
        failed.id,
        message,
        retryDelaySeconds(failed.attempts + 1),
      );
      return true;
    }
  }
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`provider did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
