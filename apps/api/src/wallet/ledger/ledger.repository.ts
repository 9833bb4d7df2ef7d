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
      kind: string;
      idempotencyKey: string;
      requestHash: string;
      references: LedgerReferences;
      metadata: Record<string, unknown>;
    },
  ): Promise<{ id: string; createdAt: Date } | null> {
    const rows = await queryRows<{ id: string; created_at: Date }>(
      runner,
      `INSERT INTO ledger_transactions (kind, idempotency_key, request_hash, user_id, payment_id, room_id, metadata)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)
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
   * Locks the accounts in one stable order (by id), so two transactions touching the same accounts can never
   * wait for each other in a cycle. LockRows sits above the Sort in the plan: rows are locked in id order.
   */
  async lockAccounts(runner: SqlRunner, accountIds: readonly string[]): Promise<LedgerAccount[]> {
    const rows = await queryRows<AccountRow>(
      runner,
      `SELECT id, kind, user_id, balance_cents FROM ledger_accounts
       WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
      [accountIds],
    );
    return rows.map(toAccount);
  }

  /** One statement for all entries; the trigger `ledger_entries_apply` moves the cached balances with it. */
  async insertEntries(
    runner: SqlRunner,
    transactionId: string,
    entries: readonly { accountId: string; amountCents: bigint }[],
  ): Promise<void> {
    await runner.query(
      `INSERT INTO ledger_entries (transaction_id, account_id, amount_cents)
       SELECT $1, e.account_id, e.amount_cents
       FROM unnest($2::uuid[], $3::bigint[]) WITH ORDINALITY AS e(account_id, amount_cents, n)
       ORDER BY e.n`,
      [transactionId, entries.map((entry) => entry.accountId), entries.map((entry) => entry.amountCents.toString())],
    );
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

  /** Creates the user's wallet unless it exists; safe when two requests create it at once. */
  async insertWallet(runner: SqlRunner, userId: string): Promise<void> {
    await runner.query(
      `INSERT INTO ledger_accounts (kind, user_id) VALUES ('user_wallet', $1)
       ON CONFLICT (user_id) WHERE kind = 'user_wallet' DO NOTHING`,
      [userId],
    );
  }

  async systemAccounts(runner: SqlRunner): Promise<Map<SystemAccountKind, string>> {
    const rows = await queryRows<{ id: string; kind: SystemAccountKind }>(
      runner,
      `SELECT id, kind FROM ledger_accounts WHERE kind <> 'user_wallet'`,
    );
    return new Map(rows.map((row) => [row.kind, row.id]));
  }

  /** The migration creates the system accounts; this only repairs a database where one is missing. */
  async insertSystemAccount(runner: SqlRunner, kind: SystemAccountKind): Promise<void> {
    await runner.query(
      `INSERT INTO ledger_accounts (kind) VALUES ($1) ON CONFLICT (kind) WHERE kind <> 'user_wallet' DO NOTHING`,
      [kind],
    );
  }
}
