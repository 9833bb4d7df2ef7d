import { Injectable } from '@nestjs/common';
import {
  centsToDollars,
  DepositRequestDto,
  IDEMPOTENCY_KEY_PATTERN,
  PaymentMethod,
  parseDollarsToCents,
  TOAST_MESSAGES,
  TRANSACTIONS_PAGE,
  TransactionDto,
  TransactionsQueryDto,
  VALIDATION_MESSAGES,
  WALLET_ERROR_CODES,
  WALLET_MESSAGES,
  WalletOperationResponseDto,
  WITHDRAWAL_REVIEW_WINDOW_HOURS,
  WithdrawRequestDto,
} from '@skillduel/contracts';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { toErrorBody } from '../common/all-exceptions.filter';
import { AppError } from '../common/app-error';
import { AppConfig } from '../config/app-config';
import { ADMIN_ERROR_CODES, ADMIN_MESSAGES } from '@skillduel/contracts';
import { KycGate } from '../kyc/kyc-gate.service';
import { LocationGate } from '../kyc/location-gate.service';
import { MoneyGate } from '../responsible-gaming/money-gate.service';
import { TwoFactorService } from '../auth/two-factor/two-factor.service';
import { IdempotencyRepository } from './idempotency.repository';
import { HttpAnswer, IdempotencyService, IdempotentOutcome } from './idempotency.service';
import { LedgerInvariantError } from './ledger/ledger.errors';
import { LedgerService, MAX_ENTRY_CENTS } from './ledger/ledger.service';
import type { LedgerAccount, LedgerPostResult } from './ledger/ledger.types';
import { PaymentProvider } from './payment-provider';
import { HistoryRow, WalletRepository } from './wallet.repository';

/** The answer of a deposit or withdrawal: a WalletOperationResponseDto, or the error body of a refusal. */
export type WalletAnswer = HttpAnswer & { replayed: boolean };

/** Deposits, withdrawals and the history (docs/product/wallet.md). Every cent moves through LedgerService. */
@Injectable()
export class WalletService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly repository: WalletRepository,
    private readonly idempotency: IdempotencyService,
    private readonly provider: PaymentProvider,
    private readonly config: AppConfig,
    private readonly moneyGate: MoneyGate,
    private readonly twoFactor: TwoFactorService,
    private readonly idempotencyAnswers: IdempotencyRepository,
    private readonly kyc: KycGate,
    private readonly location: LocationGate,
  ) {}

  /** Charges the provider and credits the wallet at once (sandbox); a declined charge answers 402 and is kept as failed. */
  deposit(
    userId: string,
    dto: DepositRequestDto,
    idempotencyKey: string | undefined,
    requestId: string,
    clientIp: string,
  ): Promise<WalletAnswer> {
    const amountCents = validatedCents(dto.amount);
    const method = dto.payment_method;
    return this.idempotency.run(
      {
        userId,
        key: idempotencyKey,
        requestId,
        fingerprint: { operation: 'deposit', amountCents: amountCents.toString(), method },
      },
      async (manager) => {
        const permissions = await this.repository.userPermissions(manager, userId);
        if (!permissions) throw new AppError(401, 'UNAUTHORIZED', 'Authentication required');
        if (!permissions.canDeposit)
          throw new AppError(403, WALLET_ERROR_CODES.depositNotAllowed, WALLET_MESSAGES.depositNotAllowed);

        // The wallet is locked first (the ledger's lock order): it serializes this player's deposits, so the deposit
        // limits checked next hold under concurrency, and the balance after the deposit is known here.
        const wallet = await this.ledger.lockWallet(userId, manager);
        await this.moneyGate.assertMayDeposit(manager, userId, amountCents, clientIp);

        const paymentId = randomUUID();
        const outcome = await this.provider.deposit({ paymentId, userId, amountCents, method });
        if (outcome.status === 'failed') {
          await this.repository.insertPayment(manager, {
            id: paymentId,
            userId,
            direction: 'deposit',
            amountCents,
            method,
            provider: this.provider.name,
            status: 'failed',
            providerReference: outcome.reference,
            failureReason: outcome.reason,
            ledgerTransactionId: null,
            processAfterSeconds: null,
          });
          const declined = new AppError(402, WALLET_ERROR_CODES.depositFailed, TOAST_MESSAGES.depositFailed);
          return { statusCode: 402, body: { ...toErrorBody(declined).body, requestId } };
        }

        return this.answerThenPost(manager, wallet, {
          statusCode: 201,
          userId,
          paymentId,
          direction: 'deposit',
          walletDeltaCents: amountCents,
          // Spread over the clearing sub-accounts by the post's key, so deposits stop queueing on one row.
          counterAccount: await this.ledger.systemAccount('provider_clearing', `deposit:${paymentId}`),
          method,
          status: 'completed',
          providerReference: outcome.reference,
          processAfterSeconds: null,
          ledgerKey: `deposit:${paymentId}`,
          metadata: { provider: this.provider.name, payment_method: method, provider_reference: outcome.reference },
        });
      },
    );
  }

  /**
   * Moves the amount from the wallet to pending withdrawals at once (202, status pending); the withdrawal processor
   * pays it out after WITHDRAWAL_DELAY_SECONDS, or refunds it when the provider fails it.
   */
  async withdraw(
    userId: string,
    dto: WithdrawRequestDto,
    idempotencyKey: string | undefined,
    requestId: string,
    clientIp: string,
  ): Promise<WalletAnswer> {
    const amountCents = validatedCents(dto.amount);
    const method = dto.payment_method;
    await this.assertWithdrawalSecondFactor(userId, dto.two_factor_code, idempotencyKey, clientIp);
    return this.idempotency.run(
      {
        userId,
        key: idempotencyKey,
        requestId,
        fingerprint: { operation: 'withdraw', amountCents: amountCents.toString(), method },
      },
      async (manager) => {
        const permissions = await this.repository.userPermissions(manager, userId);
        if (!permissions) throw new AppError(401, 'UNAUTHORIZED', 'Authentication required');
        if (!permissions.canWithdraw)
          throw new AppError(403, WALLET_ERROR_CODES.withdrawalNotAllowed, WALLET_MESSAGES.withdrawalNotAllowed);
        if (permissions.frozen) throw new AppError(403, ADMIN_ERROR_CODES.accountFrozen, ADMIN_MESSAGES.accountFrozen);

        // No wallet can hold more than the ledger's largest entry: refuse before asking the ledger.
        if (amountCents > MAX_ENTRY_CENTS) {
          throw AppError.badRequest(WALLET_ERROR_CODES.insufficientBalance, VALIDATION_MESSAGES.insufficientBalance);
        }
        const paymentId = randomUUID();
        // The wallet is locked first (the ledger's lock order): the balance checked here is the one the post
        // starts from, so the post cannot be refused (the ledger checks again anyway).
        const wallet = await this.ledger.lockWallet(userId, manager);
        if (wallet.balanceCents < amountCents) {
          throw AppError.badRequest(WALLET_ERROR_CODES.insufficientBalance, VALIDATION_MESSAGES.insufficientBalance);
        }
        // Where the player is (docs/product/kyc.md#location): a blocked country keeps the money where it is.
        await this.location.assertMayTransact(manager, userId, clientIp, 'withdrawal');
        // Identity verification (docs/product/kyc.md), under the same wallet lock: the cumulative total it checks
        // counts every earlier withdrawal of this user, and none can commit in between.
        await this.kyc.assertMay(manager, userId, 'withdrawal', amountCents);
        // Withdrawals that take the user's 24-hour total above the threshold, from flagged accounts, of winnings mostly
        // from held-then-released or flagged pots, of a young account's large winnings, or right after a
        // password/email change wait for support (decisions 1601, 2320, 2703). Decided under the wallet lock taken above,
        // which every withdrawal of this user takes first: concurrent requests are counted one after the other.
        const review = await this.repository.withdrawalReview(manager, {
          userId,
          amountCents,
          thresholdCents: BigInt(this.config.WITHDRAWAL_REVIEW_THRESHOLD) * 100n,
          windowHours: WITHDRAWAL_REVIEW_WINDOW_HOURS,
          gate: {
            newAccountDays: this.config.WITHDRAWAL_GATE_NEW_ACCOUNT_DAYS,
            newAccountWinningsAboveCents: BigInt(this.config.WITHDRAWAL_GATE_NEW_ACCOUNT_WINNINGS_ABOVE) * 100n,
            suspectWinningsPercent: this.config.WITHDRAWAL_GATE_SUSPECT_WINNINGS_PERCENT,
          },
        });
        return this.answerThenPost(manager, wallet, {
          heldForReview: review.heldBecause,
          rolling24hTotalCents: review.rolling24hTotalCents,
          statusCode: 202,
          userId,
          paymentId,
          direction: 'withdrawal',
          walletDeltaCents: -amountCents,
          counterAccount: await this.ledger.systemAccount('pending_withdrawals'),
          method,
          status: 'pending',
          providerReference: null,
          processAfterSeconds: this.config.WITHDRAWAL_DELAY_SECONDS,
          ledgerKey: `withdrawal:${paymentId}:request`,
          metadata: { provider: this.provider.name, payment_method: method },
        });
      },
    );
  }

  /**
   * Withdrawals of an account with 2FA on need a current authenticator code (docs/decisions/1001), so a stolen access
   * token cannot empty the wallet: 403 TWO_FACTOR_REQUIRED when it is missing or wrong; after too many wrong ones 429
   * TOO_MANY_TWO_FACTOR_ATTEMPTS, which locks withdrawals only, never the owner's sign-in (decision 0102). Checked
   * before the Idempotency-Key is claimed, so nothing is stored or moved and the client may send the same key again
   * with a code; a key that already has its answer replays it (the code it carried was spent the first time).
   */
  private async assertWithdrawalSecondFactor(
    userId: string,
    code: string | undefined,
    idempotencyKey: string | undefined,
    clientIp: string | null,
  ): Promise<void> {
    if (!(await this.twoFactor.isEnabled(userId))) return;
    if (idempotencyKey !== undefined && IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
      const stored = await this.idempotencyAnswers.find(this.dataSource.manager, userId, idempotencyKey);
      if (stored?.statusCode != null) return;
    }
    if (await this.twoFactor.verifyCurrentCode(userId, code, 'withdrawal', clientIp)) return;
    throw new AppError(403, WALLET_ERROR_CODES.twoFactorRequired, WALLET_MESSAGES.twoFactorRequiredToWithdraw);
  }

  /**
   * Decision 0204: the payment row (with a pre-assigned ledger transaction id) and the answer first, the ledger post
   * last — as the idempotent operation's `finish`, after the answer is stored — because the post locks a system
   * account every deposit (or withdrawal) shares, and it stays locked until COMMIT. `wallet` is locked already, so
   * the balance after the post is known before it.
   */
  private async answerThenPost(
    manager: EntityManager,
    wallet: LedgerAccount,
    move: {
      statusCode: 201 | 202;
      userId: string;
      paymentId: string;
      direction: 'deposit' | 'withdrawal';
      /** Signed: what the wallet gains (deposit) or loses (withdrawal); the counter account gets the opposite. */
      walletDeltaCents: bigint;
      counterAccount: string;
      method: PaymentMethod;
      status: 'completed' | 'pending';
      providerReference: string | null;
      processAfterSeconds: number | null;
      ledgerKey: string;
      metadata: Record<string, unknown>;
      heldForReview?: string | null;
      rolling24hTotalCents?: bigint;
    },
  ): Promise<IdempotentOutcome> {
    const amountCents = move.walletDeltaCents < 0n ? -move.walletDeltaCents : move.walletDeltaCents;
    const ledgerTransactionId = randomUUID();
    const createdAt = await this.repository.insertPayment(manager, {
      id: move.paymentId,
      userId: move.userId,
      direction: move.direction,
      amountCents,
      method: move.method,
      provider: this.provider.name,
      status: move.status,
      providerReference: move.providerReference,
      failureReason: null,
      ledgerTransactionId,
      processAfterSeconds: move.processAfterSeconds,
      heldForReview: move.heldForReview ?? null,
      rolling24hTotalCents: move.rolling24hTotalCents ?? null,
    });
    const balanceCents = wallet.balanceCents + move.walletDeltaCents;
    const body: WalletOperationResponseDto = {
      transaction: toTransactionDto({
        id: move.paymentId,
        type: move.direction,
        amountCents,
        status: move.status,
        method: move.method,
        createdAt,
        balanceAfterCents: balanceCents,
        reviewState: move.heldForReview ? 'held' : null,
      }),
      current_balance: centsToDollars(balanceCents),
    };
    const finish = async (): Promise<void> => {
      const posted = await this.ledger.post(
        {
          kind: move.direction,
          idempotencyKey: move.ledgerKey,
          transactionId: ledgerTransactionId,
          entries: [
            { accountId: wallet.id, amountCents: move.walletDeltaCents },
            { accountId: move.counterAccount, amountCents: -move.walletDeltaCents },
          ],
          references: { userId: move.userId, paymentId: move.paymentId },
          metadata: move.metadata,
        },
        manager,
        // Any error rolls the whole request back (idempotency savepoint or transaction): no savepoint of its own.
        { savepoint: false },
      );
      assertPosted(posted, ledgerTransactionId, wallet.id, balanceCents);
    };
    return { statusCode: move.statusCode, body, finish };
  }

  async history(userId: string, query: TransactionsQueryDto, manager?: EntityManager): Promise<TransactionDto[]> {
    const rows = await this.repository.history(
      manager ?? this.dataSource.manager,
      userId,
      query.limit ?? TRANSACTIONS_PAGE.defaultLimit,
      query.offset ?? 0,
    );
    return rows.map(toTransactionDto);
  }
}

/** The DTO already validated the amount; parsing again yields the cents (and fails loudly if that ever changes). */
function validatedCents(amount: number | string): bigint {
  const cents = parseDollarsToCents(amount);
  if (cents === null || cents <= 0n)
    throw new Error(`amount ${String(amount)} passed validation but is not a dollar amount`);
  return cents;
}

/** The post must be the fresh transaction the answer was built on; anything else is a bug, and rolls back. */
function assertPosted(posted: LedgerPostResult, transactionId: string, walletId: string, balanceCents: bigint): void {
  const after = posted.balances.get(walletId);
  if (posted.replayed || posted.transactionId !== transactionId || after !== balanceCents) {
    throw new LedgerInvariantError(
      `ledger post ${posted.transactionId} left wallet ${walletId} at ${String(after)} cents, answered ${balanceCents}`,
    );
  }
}

function toTransactionDto(row: HistoryRow): TransactionDto {
  return {
    id: row.id,
    type: row.type,
    amount: centsToDollars(row.amountCents),
    status: row.status,
    payment_method: row.method,
    created_at: row.createdAt.toISOString(),
    balance_after: row.balanceAfterCents === null ? null : centsToDollars(row.balanceAfterCents),
    ...(row.reviewState === 'held' ? { review_status: 'pending_review' as const } : {}),
    ...(row.reviewState === 'rejected' ? { review_status: 'rejected' as const } : {}),
  };
}
