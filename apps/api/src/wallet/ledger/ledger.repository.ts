import { Injectable } from '@nestjs/common';
import { queryRows, SqlRunner } from '../../database/sql';
import type { LedgerAccount, LedgerAccountKind, LedgerReferences, SystemAccountKind } from './ledger.types';

interface AccountRow {
  id: string;
  kind: LedgerAccountKind;
  user_id: string | null;
  balance_cents: string;
}

interface TransactionRow {
  id: string;
  request_hash: string;
  created_at: Date;
}

const toAccount = (row: AccountRow): LedgerAccount => ({
  id: row.id,
  kind: row.kind,
  userId: row.user_id,
  balanceCents: BigInt(row.balance_cents),
});

/** All SQL of the ledger. Every method runs on the runner it is given, so it joins the caller's transaction. */
@Injectable()
export class LedgerRepository {
  /**
   * Inserts the transaction header unless its idempotency key exists. A concurrent insert of the same key makes this
   * wait until that transaction commits (then: no row) or rolls back (then: inserted), so exactly one poster wins.
   */
  async insertTransaction(
    runner: SqlRunner,
    row: {
      /** Pre-assigned id, or null to let the database choose one. */
      id: string | null;
      kind: string;
      idempotencyKey: string;
      requestHash: string;
      references: LedgerReferences;
      metadata: Record<string, unknown>;
    },
  ): Promise<{ id: string; createdAt: Date } | null> {
    const rows = await queryRows<{ id: string; created_at: Date }>(
      runner,
      `INSERT INTO ledger_transactions (id, kind, idempotency_key, request_hash, user_id, payment_id, room_id, metadata)
       VALUES (coalesce($8::uuid, gen_random_uuid()), $1, $2, $3, $4, $5, $6, $7::jsonb)
       ON CONFLICT (idempotency_key) DO NOTHING
       RETURNING id, created_at`,
      [
        row.kind,
        row.idempotencyKey,
        row.requestHash,
        row.references.userId ?? null,
        row.references.paymentId ?? null,
        row.references.roomId ?? null,
        JSON.stringify(row.metadata),
        row.id,
      ],
    );
    return rows[0] ? { id: rows[0].id, createdAt: rows[0].created_at } : null;
  }

  async findTransactionByKey(runner: SqlRunner, idempotencyKey: string): Promise<TransactionRow | null> {
    const rows = await queryRows<TransactionRow>(
      runner,
      `SELECT id, request_hash, created_at FROM ledger_transactions WHERE idempotency_key = $1`,
      [idempotencyKey],
    );
    return rows[0] ?? null;
  }

  /**
   * Locks the accounts in the ledger's one lock order — user wallets before system accounts, each by id (LockRows
   * sits above the Sort in the plan), so two transactions can never wait for each other in a cycle, also when one
   * of them locked its wallet earlier (`lockWallet`) — and, when every account exists and no
   * bounded account would go below zero, inserts the entries; the trigger `ledger_entries_apply` moves the cached
   * balances with them. One round trip, so a busy account's row lock (the provider's clearing account takes every
   * deposit) is held for as short a time as possible. Returns the accounts as they were before the entries.
   */
  async lockAndInsertEntries(
    runner: SqlRunner,
    transactionId: string,
    entries: readonly { accountId: string; amountCents: bigint }[],
    deltas: ReadonlyMap<string, bigint>,
    unboundedKinds: readonly LedgerAccountKind[],
  ): Promise<{ accounts: LedgerAccount[]; inserted: boolean }> {
    const rows = await queryRows<AccountRow & { inserted: number }>(
      runner,
      `WITH locked AS (
         SELECT id, kind, user_id, balance_cents FROM ledger_accounts
         WHERE id = ANY($2::uuid[]) ORDER BY kind <> 'user_wallet', id FOR UPDATE
       ), accepted AS (
         SELECT count(*) = cardinality($2::uuid[])
                AND bool_and(l.kind = ANY($6::varchar[]) OR l.balance_cents + d.delta >= 0) AS ok
         FROM locked l JOIN unnest($2::uuid[], $3::bigint[]) AS d(account_id, delta) ON d.account_id = l.id
       ), inserted AS (
         INSERT INTO ledger_entries (transaction_id, account_id, amount_cents)
         SELECT $1, e.account_id, e.amount_cents
         FROM unnest($4::uuid[], $5::bigint[]) WITH ORDINALITY AS e(account_id, amount_cents, n)
         WHERE (SELECT ok FROM accepted)
         ORDER BY e.n
         RETURNING 1
       )
       SELECT id, kind, user_id, balance_cents, (SELECT count(*) FROM inserted)::integer AS inserted FROM locked`,
      [
        transactionId,
        [...deltas.keys()],
        [...deltas.values()].map((delta) => delta.toString()),
        entries.map((entry) => entry.accountId),
        entries.map((entry) => entry.amountCents.toString()),
        unboundedKinds,
      ],
    );
    return { accounts: rows.map(toAccount), inserted: rows.length > 0 && rows[0].inserted > 0 };
  }

  async balances(runner: SqlRunner, accountIds: readonly string[]): Promise<Map<string, bigint>> {
    const rows = await queryRows<{ id: string; balance_cents: string }>(
      runner,
      `SELECT id, balance_cents FROM ledger_accounts WHERE id = ANY($1::uuid[])`,
      [accountIds],
    );
    return new Map(rows.map((row) => [row.id, BigInt(row.balance_cents)]));
  }

  async findWallet(runner: SqlRunner, userId: string): Promise<LedgerAccount | null> {
    const rows = await queryRows<AccountRow>(
      runner,
      `SELECT id, kind, user_id, balance_cents FROM ledger_accounts WHERE kind = 'user_wallet' AND user_id = $1`,
      [userId],
    );
    return rows[0] ? toAccount(rows[0]) : null;
  }

  /**
   * Locks the user's wallet row until the caller's transaction ends. Wallets come first in the ledger's lock order,
   * so a caller may take this lock before posting (to know the balance and answer before the busy system accounts are
   * locked); every other transaction on the wallet waits, so the balance read here is the one the post starts from.
   */
  async lockWallet(runner: SqlRunner, userId: string): Promise<LedgerAccount | null> {
    const rows = await queryRows<AccountRow>(
      runner,
      `SELECT id, kind, user_id, balance_cents FROM ledger_accounts
       WHERE kind = 'user_wallet' AND user_id = $1 FOR UPDATE`,
      [userId],
    );
    return rows[0] ? toAccount(rows[0]) : null;
  }

  /** Creates the user's wallet unless it exists; safe when two requests create it at once. */
  async insertWallet(runner: SqlRunner, userId: string): Promise<void> {
    await runner.query(
      `INSERT INTO ledger_accounts (kind, user_id) VALUES ('user_wallet', $1)
       ON CONFLICT (user_id) WHERE kind = 'user_wallet' DO NOTHING`,
      [userId],
    );
  }

  /** Every system account's ids, by kind, in shard order (one id for the kinds that are not split). */
  async systemAccounts(runner: SqlRunner): Promise<Map<SystemAccountKind, string[]>> {
    const rows = await queryRows<{ id: string; kind: SystemAccountKind }>(
      runner,
      `SELECT id, kind FROM ledger_accounts WHERE kind NOT IN ('user_wallet', 'tournament_escrow') ORDER BY kind, shard`,
    );
    const byKind = new Map<SystemAccountKind, string[]>();
    for (const row of rows) byKind.set(row.kind, [...(byKind.get(row.kind) ?? []), row.id]);
    return byKind;
  }

  /** The migration creates the system accounts; this only repairs a database where one is missing. */
  async insertSystemAccount(runner: SqlRunner, kind: SystemAccountKind): Promise<void> {
    await runner.query(
      `INSERT INTO ledger_accounts (kind) VALUES ($1)
       ON CONFLICT (kind, shard) WHERE kind NOT IN ('user_wallet', 'tournament_escrow') DO NOTHING`,
      [kind],
    );
  }

  /** A new, empty escrow account of one tournament. */
  async insertTournamentEscrow(runner: SqlRunner): Promise<string> {
    const rows = await queryRows<{ id: string }>(
      runner,
      `INSERT INTO ledger_accounts (kind) VALUES ('tournament_escrow') RETURNING id`,
    );
    return rows[0].id;
  }
}
