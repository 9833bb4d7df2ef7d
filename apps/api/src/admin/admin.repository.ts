import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { centsToDollars, type AdminUserDetailDto, type AdminUserSummaryDto, type UserRole } from '@skillduel/contracts';
import { DataSource } from 'typeorm';
import { returningRows } from '../database/returning';
import { queryRows, SqlRunner } from '../database/sql';

interface UserRow {
  id: string;
  username: string;
  email: string | null;
  role: UserRole;
  frozen_at: Date | null;
  frozen_reason: string | null;
  credentials_changed_at: Date | null;
  balance_cents: string;
  created_at: Date;
}

const USER_COLUMNS = `u.id, u.username, u.email, u.role, u.frozen_at, u.frozen_reason, u.credentials_changed_at,
  coalesce(a.balance_cents, 0)::text AS balance_cents, u.created_at`;
const USER_FROM = `users u LEFT JOIN ledger_accounts a ON a.kind = 'user_wallet' AND a.user_id = u.id`;

function toSummary(row: UserRow): AdminUserSummaryDto {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    frozen: row.frozen_at !== null,
    balance: centsToDollars(BigInt(row.balance_cents)),
    created_at: row.created_at.toISOString(),
  };
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The SQL of the operator console's user pages (reads only; changes go through AdminService with an audit entry). */
@Injectable()
export class AdminRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  get runner(): SqlRunner {
    return this.dataSource.manager;
  }

  transaction<T>(work: (runner: SqlRunner) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager) => work(manager));
  }

  /** By id (exact), else username or email containing `q` (case-insensitive); newest first, at most 50. */
  async search(q: string): Promise<AdminUserSummaryDto[]> {
    const text = q.trim();
    const rows = UUID_PATTERN.test(text)
      ? await queryRows<UserRow>(this.runner, `SELECT ${USER_COLUMNS} FROM ${USER_FROM} WHERE u.id = $1`, [text])
      : await queryRows<UserRow>(
          this.runner,
          `SELECT ${USER_COLUMNS} FROM ${USER_FROM}
            WHERE $1 = '' OR u.username ILIKE '%' || $1 || '%' OR u.email ILIKE '%' || $1 || '%'
            ORDER BY u.created_at DESC LIMIT 50`,
          [text.replace(/[%_\\]/g, (c) => `\\${c}`)],
        );
    return rows.map(toSummary);
  }

  /** Locks the user row; null when unknown. */
  async lockUser(runner: SqlRunner, userId: string): Promise<UserRow | null> {
    if (!UUID_PATTERN.test(userId)) return null;
    const rows = await queryRows<UserRow>(
      runner,
      `SELECT ${USER_COLUMNS} FROM ${USER_FROM} WHERE u.id = $1 FOR UPDATE OF u`,
      [userId],
    );
    return rows[0] ?? null;
  }

  async setFrozen(runner: SqlRunner, userId: string, reason: string | null): Promise<void> {
    await runner.query(
      `UPDATE users SET frozen_at = CASE WHEN $2::text IS NULL THEN NULL ELSE now() END, frozen_reason = $2,
              updated_at = now()
        WHERE id = $1`,
      [userId, reason],
    );
  }

  /**
   * Ends every live session of the account (its access tokens fail at the next request, its refresh tokens can no
   * longer be rotated); returns how many. Used when a staff account is frozen.
   */
  async revokeSessions(runner: SqlRunner, userId: string): Promise<number> {
    const rows = await returningRows<{ id: string }>(
      runner,
      `UPDATE auth_sessions SET revoked_at = now(), revoked_reason = 'staff_frozen'
        WHERE user_id = $1 AND revoked_at IS NULL RETURNING id`,
      [userId],
    );
    return rows.length;
  }

  async setRole(runner: SqlRunner, userId: string, role: UserRole): Promise<void> {
    await runner.query(`UPDATE users SET role = $2, updated_at = now() WHERE id = $1`, [userId, role]);
  }

  async detail(userId: string): Promise<Omit<AdminUserDetailDto, 'withdrawals'> | null> {
    if (!UUID_PATTERN.test(userId)) return null;
    const users = await queryRows<UserRow>(this.runner, `SELECT ${USER_COLUMNS} FROM ${USER_FROM} WHERE u.id = $1`, [
      userId,
    ]);
    const user = users[0];
    if (!user) return null;
    const [sessions, ledger, matches, eligibility, exclusion] = await Promise.all([
      queryRows<{
        id: string;
        auth_method: string;
        ip: string | null;
        created_at: Date;
        last_used_at: Date;
        revoked_at: Date | null;
      }>(
        this.runner,
        `SELECT id, auth_method, ip, created_at, last_used_at, revoked_at FROM auth_sessions
          WHERE user_id = $1 ORDER BY created_at DESC LIMIT 20`,
        [userId],
      ),
      queryRows<{
        transaction_id: string;
        kind: string;
        amount_cents: string;
        room_id: string | null;
        created_at: Date;
      }>(
        this.runner,
        `SELECT t.id AS transaction_id, t.kind, sum(e.amount_cents)::text AS amount_cents, t.room_id, t.created_at
           FROM ledger_accounts a
           JOIN ledger_entries e ON e.account_id = a.id
           JOIN ledger_transactions t ON t.id = e.transaction_id
          WHERE a.kind = 'user_wallet' AND a.user_id = $1
          GROUP BY t.id ORDER BY t.created_at DESC LIMIT 100`,
        [userId],
      ),
      queryRows<{
        room_id: string;
        round: number;
        game_id: string;
        status: string;
        outcome: string | null;
        bet_cents: string;
        starts_at: Date;
      }>(
        this.runner,
        `SELECT room_id, round, game_id, status, outcome, bet_cents::text, starts_at FROM matches
          WHERE player1_id = $1 OR player2_id = $1 ORDER BY starts_at DESC LIMIT 50`,
        [userId],
      ),
      queryRows<{ status: string; country: string | null; date_of_birth: string | null }>(
        this.runner,
        `SELECT status, country, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth FROM rg_eligibility
          WHERE user_id = $1`,
        [userId],
      ),
      queryRows<{ kind: string; ends_at: Date | null }>(
        this.runner,
        `SELECT kind, ends_at FROM rg_exclusions
          WHERE user_id = $1 AND starts_at <= now() AND (ends_at IS NULL OR ends_at > now())
          ORDER BY ends_at DESC NULLS FIRST LIMIT 1`,
        [userId],
      ),
    ]);
    return {
      ...toSummary(user),
      frozen_at: user.frozen_at?.toISOString() ?? null,
      frozen_reason: user.frozen_reason,
      credentials_changed_at: user.credentials_changed_at?.toISOString() ?? null,
      sessions: sessions.map((s) => ({
        ...s,
        created_at: s.created_at.toISOString(),
        last_used_at: s.last_used_at.toISOString(),
        revoked_at: s.revoked_at?.toISOString() ?? null,
      })),
      ledger: ledger.map((entry) => ({
        transaction_id: entry.transaction_id,
        kind: entry.kind,
        amount: centsToDollars(BigInt(entry.amount_cents)),
        room_id: entry.room_id,
        created_at: entry.created_at.toISOString(),
      })),
      matches: matches.map((match) => ({
        room_id: match.room_id,
        round: match.round,
        game_id: match.game_id,
        status: match.status,
        outcome: match.outcome,
        bet: centsToDollars(BigInt(match.bet_cents)),
        started_at: match.starts_at.toISOString(),
      })),
      eligibility: eligibility[0] ?? null,
      exclusion: exclusion[0]
        ? { kind: exclusion[0].kind, ends_at: exclusion[0].ends_at?.toISOString() ?? null }
        : null,
    };
  }
}
