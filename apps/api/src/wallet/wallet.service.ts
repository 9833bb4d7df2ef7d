import { Injectable } from '@nestjs/common';
import {
  centsToDollars,
  DepositRequestDto,
  parseDollarsToCents,
  TOAST_MESSAGES,
  TRANSACTIONS_PAGE,
  TransactionDto,
  TransactionsQueryDto,
  VALIDATION_MESSAGES,
  WALLET_MESSAGES,
  WalletOperationResponseDto,
  WithdrawRequestDto,
} from '@skillduel/contracts';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { toErrorBody } from '../common/all-exceptions.filter';
import { AppError } from '../common/app-error';
import { AppConfig } from '../config/app-config';
import { HttpAnswer, IdempotencyService } from './idempotency.service';
import { LedgerInvariantError } from './ledger/ledger.errors';
import { LedgerService, MAX_ENTRY_CENTS } from './ledger/ledger.service';
import type { LedgerPostResult } from './ledger/ledger.types';
import { PaymentProvider } from './payment-provider';
import { HistoryRow, WalletRepository } from './wallet.repository';

/** The answer of a deposit or withdrawal: a WalletOperationResponseDto, or the error body of a refusal. */
export type WalletAnswer = HttpAnswer & { replayed: boolean };

/** Deposits, withdrawals and the history (SPEC §7 /transactions). Every cent moves through LedgerService. */
@Injectable()
export class WalletService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly repository: WalletRepository,
    private readonly idempotency: IdempotencyService,
    private readonly provider: PaymentProvider,
    private readonly config: AppConfig,
  ) {}

  /** Charges the provider and credits the wallet at once (sandbox); a declined charge answers 402 and is kept as failed. */
  deposit(
    userId: string,
    dto: DepositRequestDto,
    idempotencyKey: string | undefined,
    requestId: string,
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
        if (!permissions.canDeposit) throw new AppError(403, 'DEPOSIT_NOT_ALLOWED', WALLET_MESSAGES.depositNotAllowed);

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
          const declined = new AppError(402, 'DEPOSIT_FAILED', TOAST_MESSAGES.depositFailed);
          return { statusCode: 402, body: { ...toErrorBody(declined).body, requestId } };
        }

        // Everything is written and answered before the ledger post, which comes last (decision 0204): the post
        // locks the provider's clearing account, which every deposit shares, and it stays locked until COMMIT. The
        // wallet is locked first (the ledger's lock order), so the balance after the deposit is known here.
        const wallet = await this.ledger.lockWallet(userId, manager);
        const clearing = await this.ledger.systemAccount('provider_clearing');
        const ledgerTransactionId = randomUUID();
        const createdAt = await this.repository.insertPayment(manager, {
          id: paymentId,
          userId,
          direction: 'deposit',
          amountCents,
          method,
          provider: this.provider.name,
          status: 'completed',
          providerReference: outcome.reference,
          failureReason: null,
          ledgerTransactionId,
          processAfterSeconds: null,
        });
        const balanceCents = wallet.balanceCents + amountCents;
        const body: WalletOperationResponseDto = {
          transaction: toTransactionDto({
            id: paymentId,
            type: 'deposit',
            amountCents,
            status: 'completed',
            method,
            createdAt,
            balanceAfterCents: balanceCents,
          }),
          current_balance: centsToDollars(balanceCents),
        };
        const finish = async (): Promise<void> => {
          const posted = await this.ledger.post(
            {
              kind: 'deposit',
              idempotencyKey: `deposit:${paymentId}`,
              transactionId: ledgerTransactionId,
              entries: [
                { accountId: wallet.id, amountCents },
                { accountId: clearing, amountCents: -amountCents },
              ],
              references: { userId, paymentId },
              metadata: { provider: this.provider.name, payment_method: method, provider_reference: outcome.reference },
            },
            manager,
            // Any error rolls the whole request back (idempotency savepoint or transaction): no savepoint of its own.
            { savepoint: false },
          );
          assertPosted(posted, ledgerTransactionId, wallet.id, balanceCents);
        };
        return { statusCode: 201, body, finish };
      },
    );
  }

  /**
   * Moves the amount from the wallet to pending withdrawals at once (202, status pending); the withdrawal processor
   * pays it out after WITHDRAWAL_DELAY_SECONDS, or refunds it when the provider fails it.
   */
  withdraw(
    userId: string,
    dto: WithdrawRequestDto,
    idempotencyKey: string | undefined,
    requestId: string,
  ): Promise<WalletAnswer> {
    const amountCents = validatedCents(dto.amount);
    const method = dto.payment_method;
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
          throw new AppError(403, 'WITHDRAWAL_NOT_ALLOWED', WALLET_MESSAGES.withdrawalNotAllowed);

        // No wallet can hold more than the ledger's largest entry: refuse before asking the ledger.
        if (amountCents > MAX_ENTRY_CENTS) {
          throw AppError.badRequest('INSUFFICIENT_BALANCE', VALIDATION_MESSAGES.insufficientBalance);
        }
        const paymentId = randomUUID();
        // The wallet is locked first (the ledger's lock order): the balance check and the answer happen here, and
        // the ledger post, which locks the shared pending-withdrawals account, comes last (decision 0204).
        const wallet = await this.ledger.lockWallet(userId, manager);
        if (wallet.balanceCents < amountCents) {
          throw AppError.badRequest('INSUFFICIENT_BALANCE', VALIDATION_MESSAGES.insufficientBalance);
        }
        const pending = await this.ledger.systemAccount('pending_withdrawals');
        const ledgerTransactionId = randomUUID();
        const createdAt = await this.repository.insertPayment(manager, {
          id: paymentId,
          userId,
          direction: 'withdrawal',
          amountCents,
          method,
          provider: this.provider.name,
          status: 'pending',
          providerReference: null,
          failureReason: null,
          ledgerTransactionId,
          processAfterSeconds: this.config.WITHDRAWAL_DELAY_SECONDS,
        });
        const balanceCents = wallet.balanceCents - amountCents;
        const body: WalletOperationResponseDto = {
          transaction: toTransactionDto({
            id: paymentId,
            type: 'withdrawal',
            amountCents,
            status: 'pending',
            method,
            createdAt,
            balanceAfterCents: balanceCents,
          }),
          current_balance: centsToDollars(balanceCents),
        };
        const finish = async (): Promise<void> => {
          // Cannot be refused: the wallet has been locked since the check above. The ledger checks it again anyway.
          const posted = await this.ledger.post(
            {
              kind: 'withdrawal',
              idempotencyKey: `withdrawal:${paymentId}:request`,
              transactionId: ledgerTransactionId,
              entries: [
                { accountId: wallet.id, amountCents: -amountCents },
                { accountId: pending, amountCents },
              ],
              references: { userId, paymentId },
              metadata: { provider: this.provider.name, payment_method: method },
            },
            manager,
            { savepoint: false },
          );
          assertPosted(posted, ledgerTransactionId, wallet.id, balanceCents);
        };
        return { statusCode: 202, body, finish };
      },
    );
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
  };
}
