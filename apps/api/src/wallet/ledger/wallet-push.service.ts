import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { centsToDollars, SERVER_EVENTS, type WalletChangedDto } from '@skillduel/contracts';
import {
  DataSource,
  EntityManager,
  type EntitySubscriberInterface,
  type QueryRunner,
  type TransactionCommitEvent,
  type TransactionRollbackEvent,
} from 'typeorm';
import { RealtimeServer } from '../../realtime/realtime.server';
import { CHANNELS } from '../../realtime/realtime.types';

/** One user's share of a committed ledger transaction. */
export interface WalletChange {
  userId: string;
  payload: WalletChangedDto;
}

/** Where the changes of an open transaction wait for its COMMIT (TypeORM gives each QueryRunner a `data` bag). */
const PENDING_KEY = 'walletChangesPending';

function pendingOf(queryRunner: QueryRunner): WalletChange[] | undefined {
  const data = queryRunner.data as Record<string, unknown> | undefined;
  return data?.[PENDING_KEY] as WalletChange[] | undefined;
}

/**
 * `wallet:changed` (docs/product/wallet.md#balance-updates): after every committed ledger transaction, each user whose
 * wallet or transaction it touched hears it on their own sockets, so every open tab reloads the balance and the wallet
 * at once. A post inside a caller's transaction is held until that transaction commits (TypeORM's
 * afterTransactionCommit) and dropped if it rolls back: nobody hears of money that did not move. Best effort: a lost
 * push only delays the display until the next fetch.
 */
@Injectable()
export class WalletPushService implements EntitySubscriberInterface {
  private readonly logger = new Logger('WalletPush');

  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly realtime: RealtimeServer,
  ) {
    dataSource.subscribers.push(this);
  }

  /** Called by the ledger after a post that moved money (not a replay). */
  posted(changes: readonly WalletChange[], manager: EntityManager | undefined): void {
    if (changes.length === 0) return;
    const queryRunner = manager?.queryRunner;
    if (queryRunner?.isTransactionActive) {
      const data = queryRunner.data as Record<string, unknown>;
      const pending = pendingOf(queryRunner) ?? [];
      pending.push(...changes);
      data[PENDING_KEY] = pending;
      return;
    }
    // The ledger's own transaction has already committed.
    this.emit(changes);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    const { queryRunner } = event;
    // A released savepoint also "commits": wait for the outermost COMMIT.
    if (queryRunner.isTransactionActive) return;
    const pending = pendingOf(queryRunner);
    if (!pending) return;
    delete (queryRunner.data as Record<string, unknown>)[PENDING_KEY];
    this.emit(pending);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    const { queryRunner } = event;
    if (queryRunner.isTransactionActive) return;
    delete (queryRunner.data as Record<string, unknown> | undefined)?.[PENDING_KEY];
  }

  private emit(changes: readonly WalletChange[]): void {
    for (const change of changes) {
      try {
        this.realtime.emitTo(CHANNELS.user(change.userId), SERVER_EVENTS.walletChanged, change.payload);
      } catch (error) {
        this.logger.warn({ err: error, userId: change.userId }, 'Wallet push failed');
      }
    }
  }
}

/** Each user's share of one ledger transaction: wallet deltas, and the referenced user (a status-only change). */
export function walletChangesOf(
  input: { kind: string; references?: { userId?: string; roomId?: string }; metadata?: Record<string, unknown> },
  walletDeltas: ReadonlyMap<string, bigint>,
): WalletChange[] {
  const deltas = new Map(walletDeltas);
  const referenced = input.references?.userId;
  if (referenced !== undefined && !deltas.has(referenced)) deltas.set(referenced, 0n);
  const reason = input.metadata?.['reason'];
  return [...deltas].map(([userId, cents]) => ({
    userId,
    payload: {
      kind: input.kind,
      amount: centsToDollars(cents),
      room_id: input.references?.roomId ?? null,
      reason: typeof reason === 'string' ? reason : null,
    },
  }));
}
