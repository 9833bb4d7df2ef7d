import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { MetricsService } from '../../metrics/metrics.service';
import { createHash } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { transactionWithRetry } from '../../database/retry-transaction';
import { inTransaction, SqlRunner } from '../../database/sql';
import { InsufficientFundsError, LedgerIdempotencyConflictError, LedgerInvariantError } from './ledger.errors';
import { LedgerRepository } from './ledger.repository';
import {
  LedgerAccount,
  LedgerEntryInput,
  LedgerPostInput,
  LedgerPostOptions,
  LedgerPostResult,
  LedgerReferences,
  SystemAccountKind,
  UNBOUNDED_ACCOUNT_KINDS,
} from './ledger.types';
import { walletChangesOf, WalletPushService } from './wallet-push.service';

/** Far above any real amount ($100 billion) and far below bigint overflow, so sums can never wrap. */
export const MAX_ENTRY_CENTS = 10n ** 13n;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KIND_PATTERN = /^[a-z][a-z_]{0,39}$/;
const MAX_KEY_LENGTH = 200;

/**
 * Which sub-account of a split house account a spread key lands on (decision 2801): FNV-1a over the key's UTF-16
 * code units, modulo the number of sub-accounts. Stable across processes and releases, so the same key always picks
 * the same row.
 */
export function shardOf(spreadKey: string, shardCount: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < spreadKey.length; i++) {
    hash ^= spreadKey.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % shardCount;
}

/** A post's result, with what it did to each user's wallet (by user id) for the wallet push. */
type PostOutcome = LedgerPostResult & { walletDeltas: ReadonlyMap<string, bigint> };

interface PreparedPost {
  input: LedgerPostInput;
  requestHash: string;
  /** Net change per account (lower-case ids, as PostgreSQL prints them). */
  deltas: Map<string, bigint>;
}

/**
 * The only way money moves in SkillDuel. Every movement is one balanced, append-only ledger transaction.
 *
 * Invariants, asserted here and enforced again by the database (see the CreateLedger migration):
 * - entries are non-zero integer cents, at least two per transaction, summing to zero;
 * - bounded accounts (wallets, escrow, platform fee, pending withdrawals) never go below zero: their rows are locked
 *   `FOR UPDATE` before the check in one global order (wallets, then system accounts, each by id), so concurrent
 *   posts serialize per account and never deadlock;
 * - an idempotency key moves money at most once, whatever the concurrency: the unique index decides the winner.
 */
@Injectable()
export class LedgerService implements OnModuleInit {
  /** Each system account kind's ids in shard order: several for the split house accounts, one for the others. */
  private systemAccountIds = new Map<SystemAccountKind, string[]>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly repository: LedgerRepository,
    private readonly metrics: MetricsService,
    private readonly walletPush: WalletPushService,
  ) {}

  async onModuleInit(): Promise<void> {
    this.systemAccountIds = await this.repository.systemAccounts(this.dataSource.manager);
  }

  /**
   * Posts one balanced transaction. With a `manager` inside an open transaction the post joins it (inside a
   * savepoint unless `options.savepoint` is false, so a refused post leaves the caller's transaction usable);
   * otherwise it runs in its own transaction.
   */
  async post(
    input: LedgerPostInput,
    manager?: EntityManager,
    options: LedgerPostOptions = {},
  ): Promise<LedgerPostResult> {
    const prepared = prepare(input);
    const { walletDeltas, ...result } = await this.postPrepared(prepared, manager, options.savepoint ?? true);
    // Counted when this call moved money; a caller's enclosing transaction may still roll it back.
    if (!result.replayed) {
      this.metrics.ledgerPostings.labels(input.kind).inc();
      // Pushed to the users once the money has really moved (at the caller's COMMIT when inside its transaction).
      this.walletPush.posted(walletChangesOf(input, walletDeltas), inTransaction(manager) ? manager : undefined);
    }
    return result;
  }

  private async postPrepared(
    prepared: PreparedPost,
    manager: EntityManager | undefined,
    savepoint: boolean,
  ): Promise<PostOutcome> {
    if (inTransaction(manager) && !savepoint) return this.postWithin(manager, prepared);
    if (inTransaction(manager)) {
      await manager.query('SAVEPOINT ledger_post');
      try {
        const result = await this.postWithin(manager, prepared);
        await manager.query('RELEASE SAVEPOINT ledger_post');
        return result;
      } catch (error) {
        await manager.query('ROLLBACK TO SAVEPOINT ledger_post').catch(() => undefined);
        throw error;
      }
    }
    // A transaction of our own that lost a deadlock or serialization race runs again.
    return transactionWithRetry(this.dataSource, (transaction) => this.postWithin(transaction, prepared));
  }

  /** The user's wallet account id, created on first use. */
  async ensureWallet(userId: string, manager?: EntityManager): Promise<string> {
    assertUuid(userId, 'userId');
    const runner = manager ?? this.dataSource.manager;
    const existing = await this.repository.findWallet(runner, userId);
    if (existing) return existing.id;
    await this.repository.insertWallet(runner, userId);
    const created = await this.repository.findWallet(runner, userId);
    if (!created) throw new LedgerInvariantError(`wallet of user ${userId} could not be created`);
    return created.id;
  }

  /**
   * Creates the user's wallet if needed and locks it until the caller's transaction ends (see
   * LedgerRepository.lockWallet): the balance returned is the one the caller's next post starts from.
   */
  async lockWallet(userId: string, manager: EntityManager): Promise<LedgerAccount> {
    assertUuid(userId, 'userId');
    if (!inTransaction(manager)) throw new LedgerInvariantError('lockWallet needs an open transaction');
    const locked = await this.repository.lockWallet(manager, userId);
    if (locked) return locked;
    await this.repository.insertWallet(manager, userId);
    const created = await this.repository.lockWallet(manager, userId);
    if (!created) throw new LedgerInvariantError(`wallet of user ${userId} could not be created`);
    return created;
  }

  /** The user's wallet balance; zero for a user who never had money. */
  async walletBalance(userId: string, manager?: EntityManager): Promise<bigint> {
    const wallet = await this.repository.findWallet(manager ?? this.dataSource.manager, userId);
    return wallet?.balanceCents ?? 0n;
  }

  /**
   * The id of a system account (provider clearing, escrow, platform fee, pending withdrawals...). The busiest house
   * accounts — provider clearing, escrow, platform fee — are split into sub-accounts so unrelated posts lock different
   * rows (decision 2801): `spreadKey` picks one by hash, and the same key always picks the same one. Money that must
   * later leave a bounded sub-account (a room's stakes, a room's fee) is keyed by what it belongs to (the room id), or
   * taken back from the sub-account its entry names. Without a key: the first sub-account (shard 0).
   */
  async systemAccount(kind: SystemAccountKind, spreadKey?: string): Promise<string> {
    let ids = this.systemAccountIds.get(kind);
    if (!ids) {
      await this.repository.insertSystemAccount(this.dataSource.manager, kind);
      this.systemAccountIds = await this.repository.systemAccounts(this.dataSource.manager);
      ids = this.systemAccountIds.get(kind);
      if (!ids) throw new LedgerInvariantError(`system account ${kind} is missing`);
    }
    return spreadKey === undefined || ids.length === 1 ? ids[0] : ids[shardOf(spreadKey, ids.length)];
  }

  /** Opens the escrow account of a new tournament, in the caller's transaction (the tournament row points at it). */
  async createTournamentEscrow(manager: EntityManager): Promise<string> {
    return this.repository.insertTournamentEscrow(manager);
  }

  async balanceOf(accountId: string, manager?: EntityManager): Promise<bigint> {
    const balances = await this.repository.balances(manager ?? this.dataSource.manager, [accountId]);
    const balance = balances.get(accountId);
    if (balance === undefined) throw new LedgerInvariantError(`unknown account ${accountId}`);
    return balance;
  }

  private async postWithin(runner: SqlRunner, prepared: PreparedPost): Promise<PostOutcome> {
    const { input, requestHash, deltas } = prepared;
    const accountIds = [...deltas.keys()];
    const header = await this.repository.insertTransaction(runner, {
      id: input.transactionId ?? null,
      kind: input.kind,
      idempotencyKey: input.idempotencyKey,
      requestHash,
      references: input.references ?? {},
      metadata: input.metadata ?? {},
    });
    if (!header) {
      const existing = await this.repository.findTransactionByKey(runner, input.idempotencyKey);
      if (!existing) {
        // Only possible under REPEATABLE READ/SERIALIZABLE, where the winner committed after our snapshot.
        throw new LedgerInvariantError(`idempotency key ${input.idempotencyKey} exists but is not visible`);
      }
      if (existing.request_hash !== requestHash) throw new LedgerIdempotencyConflictError(input.idempotencyKey);
      return {
        transactionId: existing.id,
        createdAt: existing.created_at,
        replayed: true,
        balances: await this.repository.balances(runner, accountIds),
        walletDeltas: new Map(),
      };
    }

    // The database refuses the entries when an account is unknown or a bounded one would go negative; the checks
    // below say which, and double-check the database's decision against the same rule.
    const { accounts, inserted } = await this.repository.lockAndInsertEntries(
      runner,
      header.id,
      input.entries,
      deltas,
      [...UNBOUNDED_ACCOUNT_KINDS],
    );
    if (accounts.length !== accountIds.length) {
      const found = new Set(accounts.map((account) => account.id));
      throw new LedgerInvariantError(`unknown account ${accountIds.find((id) => !found.has(id))}`);
    }
    const balances = new Map<string, bigint>();
    const walletDeltas = new Map<string, bigint>();
    for (const account of accounts) {
      const delta = deltas.get(account.id) ?? 0n;
      if (account.userId !== null) walletDeltas.set(account.userId, (walletDeltas.get(account.userId) ?? 0n) + delta);
      const after = account.balanceCents + delta;
      if (after < 0n && !UNBOUNDED_ACCOUNT_KINDS.has(account.kind)) {
        if (inserted) throw new LedgerInvariantError(`account ${account.id} went below zero`);
        throw new InsufficientFundsError(account.id, account.balanceCents, delta);
      }
      balances.set(account.id, after);
    }
    if (!inserted) throw new LedgerInvariantError(`entries of transaction ${header.id} were not inserted`);
    return { transactionId: header.id, createdAt: header.createdAt, replayed: false, balances, walletDeltas };
  }
}

/** Checks every rule a caller can break, before any SQL runs. */
function prepare(input: LedgerPostInput): PreparedPost {
  if (!KIND_PATTERN.test(input.kind))
    throw new LedgerInvariantError(`bad transaction kind ${JSON.stringify(input.kind)}`);
  if (
    typeof input.idempotencyKey !== 'string' ||
    input.idempotencyKey.length === 0 ||
    input.idempotencyKey.length > MAX_KEY_LENGTH
  ) {
    throw new LedgerInvariantError(`idempotency key must be 1 to ${MAX_KEY_LENGTH} characters`);
  }
  if (input.transactionId !== undefined) assertUuid(input.transactionId, 'transactionId');
  if (!Array.isArray(input.entries) || input.entries.length < 2) {
    throw new LedgerInvariantError('a transaction needs at least two entries');
  }
  let sum = 0n;
  const deltas = new Map<string, bigint>();
  const entries: LedgerEntryInput[] = [];
  for (const raw of input.entries) {
    assertUuid(raw.accountId, 'accountId');
    const entry = { accountId: raw.accountId.toLowerCase(), amountCents: raw.amountCents };
    entries.push(entry);
    if (typeof entry.amountCents !== 'bigint') {
      throw new LedgerInvariantError(`amount of account ${entry.accountId} is not an integer number of cents (bigint)`);
    }
    if (entry.amountCents === 0n) throw new LedgerInvariantError(`zero entry for account ${entry.accountId}`);
    if (entry.amountCents > MAX_ENTRY_CENTS || entry.amountCents < -MAX_ENTRY_CENTS) {
      throw new LedgerInvariantError(`entry of ${entry.amountCents} cents is out of range`);
    }
    sum += entry.amountCents;
    deltas.set(entry.accountId, (deltas.get(entry.accountId) ?? 0n) + entry.amountCents);
  }
  if (sum !== 0n) throw new LedgerInvariantError(`entries sum to ${sum} cents, not zero`);
  const references = input.references ?? {};
  if (references.userId !== undefined) assertUuid(references.userId, 'references.userId');
  if (references.paymentId !== undefined) assertUuid(references.paymentId, 'references.paymentId');
  if (references.roomId !== undefined && (typeof references.roomId !== 'string' || references.roomId.length > 64)) {
    throw new LedgerInvariantError('references.roomId must be a string of at most 64 characters');
  }
  if (input.metadata !== undefined && (typeof input.metadata !== 'object' || Array.isArray(input.metadata))) {
    throw new LedgerInvariantError('metadata must be an object');
  }
  return {
    input: { ...input, entries },
    requestHash: hashRequest(input.kind, entries, references),
    deltas,
  };
}

/** What makes two posts "the same": kind, entries (in any order) and references. Metadata is descriptive only. */
function hashRequest(kind: string, entries: readonly LedgerEntryInput[], references: LedgerReferences): string {
  const canonicalEntries = entries.map((entry) => `${entry.accountId}:${entry.amountCents.toString()}`).sort();
  const canonical = JSON.stringify({
    kind,
    entries: canonicalEntries,
    userId: references.userId ?? null,
    paymentId: references.paymentId ?? null,
    roomId: references.roomId ?? null,
  });
  return createHash('sha256').update(canonical).digest('hex');
}

function assertUuid(value: unknown, name: string): asserts value is string {
  if (typeof value !== 'string' || !UUID_PATTERN.test(value)) {
    throw new LedgerInvariantError(`${name} must be a uuid, got ${JSON.stringify(value)}`);
  }
}
