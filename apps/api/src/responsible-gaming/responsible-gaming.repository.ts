import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { RgLimitKind, SelfExclusionKind } from '@skillduel/contracts';
import { DataSource } from 'typeorm';
import { queryRows, SqlRunner } from '../database/sql';

export interface EligibilityRecord {
  dateOfBirth: string;
  country: string;
  termsVersion: string;
  status: 'eligible' | 'refused';
  refusalCode: string | null;
  confirmedAt: Date;
}

export interface LimitRecord {
  kind: RgLimitKind;
  amountCents: bigint | null;
  pendingSet: boolean;
  pendingAmountCents: bigint | null;
  pendingAppliesAt: Date | null;
}

export interface ExclusionRecord {
  kind: SelfExclusionKind;
  startsAt: Date;
  endsAt: Date | null;
}

/** Money in the rolling windows, in cents: completed deposits, and the net of stakes, refunds and payouts. */
export interface WindowTotals {
  depositedCents: { day: bigint; week: bigint; month: bigint };
  /** Stakes minus refunds and payouts (positive = lost); a stake in escrow counts as lost until it comes back. */
  netLossCents: { day: bigint; week: bigint; month: bigint };
}

/** What the money gate needs to know about a player (one query). */
export interface GateFacts {
  frozen: boolean;
  eligibility: { status: 'eligible' | 'refused'; refusalCode: string | null } | null;
  exclusion: ExclusionRecord | null;
  /** Limits in force by kind, in cents. */
  limits: Map<string, bigint>;
}

export interface PlayedMatchRecord {
  startsAt: Date;
  endedAt: Date | null;
}

const toBig = (value: string | null): bigint | null => (value === null ? null : BigInt(value));

/** The SQL of responsible gaming. Windows are rolling and measured on the database's clock. */
@Injectable()
export class ResponsibleGamingRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  get runner(): SqlRunner {
    return this.dataSource.manager;
  }

  transaction<T>(work: (runner: SqlRunner) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager) => work(manager));
  }

  /** The player's row lock: serializes their eligibility, limit and break changes with their stakes. */
  async lockUser(runner: SqlRunner, userId: string): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(runner, `SELECT id FROM users WHERE id = $1 FOR UPDATE`, [userId]);
    return rows.length > 0;
  }

  /**
   * Everything the money gate reads, in one round trip (it runs on every deposit and stake): frozen, the eligibility
   * status, the running break that ends last, and the limits in force (a pending change whose time has come counts).
   */
  async gateFacts(runner: SqlRunner, userId: string): Promise<GateFacts> {
    const rows = await queryRows<{
      frozen: boolean | null;
      eligibility_status: 'eligible' | 'refused' | null;
      refusal_code: string | null;
      exclusion_kind: SelfExclusionKind | null;
      exclusion_starts_at: Date | null;
      exclusion_ends_at: Date | null;
      limits: Record<string, string> | null;
    }>(
      runner,
      `SELECT u.frozen_at IS NOT NULL AS frozen,
              el.status AS eligibility_status, el.refusal_code,
              ex.kind AS exclusion_kind, ex.starts_at AS exclusion_starts_at, ex.ends_at AS exclusion_ends_at,
              (SELECT jsonb_object_agg(l.kind, (CASE WHEN l.pending_set AND l.pending_applies_at <= now()
                                                   THEN l.pending_amount_cents ELSE l.amount_cents END)::text)
                 FROM rg_limits l
                WHERE l.user_id = u.id
                  AND (CASE WHEN l.pending_set AND l.pending_applies_at <= now()
                            THEN l.pending_amount_cents ELSE l.amount_cents END) IS NOT NULL) AS limits
         FROM users u
         LEFT JOIN rg_eligibility el ON el.user_id = u.id
         LEFT JOIN LATERAL (
           SELECT kind, starts_at, ends_at FROM rg_exclusions x
            WHERE x.user_id = u.id AND x.starts_at <= now() AND (x.ends_at IS NULL OR x.ends_at > now())
            ORDER BY x.ends_at DESC NULLS FIRST LIMIT 1) ex ON true
        WHERE u.id = $1`,
      [userId],
    );
    const row = rows[0];
    const limits = new Map<string, bigint>();
    for (const [kind, cents] of Object.entries(row?.limits ?? {})) limits.set(kind, BigInt(cents));
    return {
      frozen: row?.frozen ?? false,
      eligibility: row?.eligibility_status ? { status: row.eligibility_status, refusalCode: row.refusal_code } : null,
      exclusion:
        row?.exclusion_kind && row.exclusion_starts_at
          ? { kind: row.exclusion_kind, startsAt: row.exclusion_starts_at, endsAt: row.exclusion_ends_at }
          : null,
      limits,
    };
  }

  async findEligibility(runner: SqlRunner, userId: string): Promise<EligibilityRecord | null> {
    const rows = await queryRows<{
      date_of_birth: string;
      country: string;
      terms_version: string;
      status: 'eligible' | 'refused';
      refusal_code: string | null;
      confirmed_at: Date;
    }>(
      runner,
      `SELECT to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth, country, terms_version, status, refusal_code,
              confirmed_at
         FROM rg_eligibility WHERE user_id = $1`,
      [userId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      dateOfBirth: row.date_of_birth,
      country: row.country,
      termsVersion: row.terms_version,
      status: row.status,
      refusalCode: row.refusal_code,
      confirmedAt: row.confirmed_at,
    };
  }

  async insertEligibility(
    runner: SqlRunner,
    userId: string,
    record: Omit<EligibilityRecord, 'confirmedAt'>,
  ): Promise<void> {
    await runner.query(
      `INSERT INTO rg_eligibility (user_id, date_of_birth, country, terms_version, status, refusal_code)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [userId, record.dateOfBirth, record.country, record.termsVersion, record.status, record.refusalCode],
    );
  }

  /** Today's date (YYYY-MM-DD) on the database's clock, in UTC. */
  async todayUtc(runner: SqlRunner): Promise<string> {
    const rows = await queryRows<{ today: string }>(
      runner,
      `SELECT to_char((now() AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS today`,
    );
    return rows[0].today;
  }

  /**
   * The player's limits. A pending change whose time has come is reported as applied (`pendingSet` false): it is
   * in force from that moment even before a write stores it.
   */
  async listLimits(runner: SqlRunner, userId: string): Promise<LimitRecord[]> {
    const rows = await queryRows<{
      kind: RgLimitKind;
      amount_cents: string | null;
      pending_set: boolean;
      pending_amount_cents: string | null;
      pending_applies_at: Date | null;
    }>(
      runner,
      `SELECT kind,
              CASE WHEN pending_set AND pending_applies_at <= now() THEN pending_amount_cents ELSE amount_cents END
                AS amount_cents,
              pending_set AND pending_applies_at > now() AS pending_set,
              CASE WHEN pending_applies_at > now() THEN pending_amount_cents END AS pending_amount_cents,
              CASE WHEN pending_applies_at > now() THEN pending_applies_at END AS pending_applies_at
         FROM rg_limits WHERE user_id = $1`,
      [userId],
    );
    return rows.map((row) => ({
      kind: row.kind,
      amountCents: toBig(row.amount_cents),
      pendingSet: row.pending_set,
      pendingAmountCents: toBig(row.pending_amount_cents),
      pendingAppliesAt: row.pending_applies_at,
    }));
  }

  /** Stores one limit: the value in force and, when `pendingDelayHours` is set, a change applied after it. */
  async saveLimit(
    runner: SqlRunner,
    userId: string,
    kind: RgLimitKind,
    amountCents: bigint | null,
    pending: { amountCents: bigint | null; delayHours: number } | null,
  ): Promise<void> {
    await runner.query(
      `INSERT INTO rg_limits (user_id, kind, amount_cents, pending_set, pending_amount_cents, pending_applies_at)
       VALUES ($1, $2, $3, $4, $5, CASE WHEN $4 THEN now() + make_interval(hours => $6::int) END)
       ON CONFLICT (user_id, kind) DO UPDATE SET
         amount_cents = EXCLUDED.amount_cents,
         pending_set = EXCLUDED.pending_set,
         pending_amount_cents = EXCLUDED.pending_amount_cents,
         pending_applies_at = EXCLUDED.pending_applies_at,
         updated_at = now()`,
      [
        userId,
        kind,
        amountCents?.toString() ?? null,
        pending !== null,
        pending?.amountCents?.toString() ?? null,
        pending?.delayHours ?? 0,
      ],
    );
  }

  /** Whether an operator has frozen the account (money moves refused until the freeze is lifted). */
  async isFrozen(runner: SqlRunner, userId: string): Promise<boolean> {
    const rows = await queryRows<{ frozen: boolean }>(
      runner,
      `SELECT frozen_at IS NOT NULL AS frozen FROM users WHERE id = $1`,
      [userId],
    );
    return rows[0]?.frozen ?? false;
  }

  /** The running break that ends last (a permanent one first), or null. */
  async activeExclusion(runner: SqlRunner, userId: string): Promise<ExclusionRecord | null> {
    const rows = await queryRows<{ kind: SelfExclusionKind; starts_at: Date; ends_at: Date | null }>(
      runner,
      `SELECT kind, starts_at, ends_at FROM rg_exclusions
        WHERE user_id = $1 AND starts_at <= now() AND (ends_at IS NULL OR ends_at > now())
        ORDER BY ends_at DESC NULLS FIRST LIMIT 1`,
      [userId],
    );
    const row = rows[0];
    return row ? { kind: row.kind, startsAt: row.starts_at, endsAt: row.ends_at } : null;
  }

  async insertExclusion(
    runner: SqlRunner,
    userId: string,
    kind: SelfExclusionKind,
    period: string,
    hours: number | null,
  ): Promise<ExclusionRecord> {
    const rows = await queryRows<{ kind: SelfExclusionKind; starts_at: Date; ends_at: Date | null }>(
      runner,
      `INSERT INTO rg_exclusions (user_id, kind, period, ends_at)
       VALUES ($1, $2, $3, CASE WHEN $4::int IS NULL THEN NULL ELSE now() + make_interval(hours => $4::int) END)
       RETURNING kind, starts_at, ends_at`,
      [userId, kind, period, hours],
    );
    return { kind: rows[0].kind, startsAt: rows[0].starts_at, endsAt: rows[0].ends_at };
  }

  /** Deposits and net stake losses in the last 24 hours, 7 days and 30 days. */
  async windowTotals(runner: SqlRunner, userId: string): Promise<WindowTotals> {
    const rows = await queryRows<Record<'dd' | 'dw' | 'dm' | 'ld' | 'lw' | 'lm', string>>(
      runner,
      `WITH deposits AS (
         SELECT amount_cents, created_at FROM wallet_payments
          WHERE user_id = $1 AND direction = 'deposit' AND status = 'completed'
            AND created_at >= now() - interval '30 days'
       ), play AS (
         SELECT e.amount_cents, e.created_at
           FROM ledger_accounts a
           JOIN ledger_entries e ON e.account_id = a.id
           JOIN ledger_transactions t ON t.id = e.transaction_id
          WHERE a.kind = 'user_wallet' AND a.user_id = $1 AND t.kind IN ('bet', 'refund', 'win', 'match_reversal')
            AND e.created_at >= now() - interval '30 days'
       )
       SELECT
         (SELECT coalesce(sum(amount_cents) FILTER (WHERE created_at >= now() - interval '24 hours'), 0) FROM deposits) AS dd,
         (SELECT coalesce(sum(amount_cents) FILTER (WHERE created_at >= now() - interval '7 days'), 0) FROM deposits) AS dw,
         (SELECT coalesce(sum(amount_cents), 0) FROM deposits) AS dm,
         (SELECT -coalesce(sum(amount_cents) FILTER (WHERE created_at >= now() - interval '24 hours'), 0) FROM play) AS ld,
         (SELECT -coalesce(sum(amount_cents) FILTER (WHERE created_at >= now() - interval '7 days'), 0) FROM play) AS lw,
         (SELECT -coalesce(sum(amount_cents), 0) FROM play) AS lm`,
      [userId],
    );
    const row = rows[0];
    return {
      depositedCents: { day: BigInt(row.dd), week: BigInt(row.dw), month: BigInt(row.dm) },
      netLossCents: { day: BigInt(row.ld), week: BigInt(row.lw), month: BigInt(row.lm) },
    };
  }

  /** Rooms the player sits in that hold a stake or may take one (Play Again): what a break cancels. */
  async roomsToCancelOnBreak(runner: SqlRunner, userId: string): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      runner,
      `SELECT id FROM rooms
        WHERE (player1_id = $1 OR player2_id = $1)
          AND (status IN ('waiting', 'ready') OR (status = 'finished' AND closed_at IS NULL))`,
      [userId],
    );
    return rows.map((row) => row.id);
  }

  async lastRealityCheck(runner: SqlRunner, userId: string): Promise<Date | null> {
    const rows = await queryRows<{ checked_at: Date }>(
      runner,
      `SELECT checked_at FROM rg_reality_checks WHERE user_id = $1`,
      [userId],
    );
    return rows[0]?.checked_at ?? null;
  }

  async saveRealityCheck(runner: SqlRunner, userId: string): Promise<void> {
    await runner.query(
      `INSERT INTO rg_reality_checks (user_id, checked_at) VALUES ($1, now())
       ON CONFLICT (user_id) DO UPDATE SET checked_at = now()`,
      [userId],
    );
  }

  /** Money matches of the player that started after `since`, oldest first (at most 500). */
  async matchesSince(runner: SqlRunner, userId: string, since: Date): Promise<PlayedMatchRecord[]> {
    const rows = await queryRows<{ starts_at: Date; ended_at: Date | null }>(
      runner,
      `SELECT starts_at, ended_at FROM matches
        WHERE (player1_id = $1 OR player2_id = $1) AND starts_at > $2
        ORDER BY starts_at LIMIT 500`,
      [userId, since],
    );
    return rows.map((row) => ({ startsAt: row.starts_at, endedAt: row.ended_at }));
  }

  /**
   * The player's net result of the money matches that started at or after `since` (cents; positive = won): a win
   * pays the payout minus the stake, a loss costs the stake, a tie or void costs nothing, a match still running has
   * its stake at risk. From the matches, because a stake is taken when the room is joined, before the match starts.
   */
  async netOfMatchesSince(runner: SqlRunner, userId: string, since: Date): Promise<bigint> {
    const rows = await queryRows<{ net: string }>(
      runner,
      `SELECT coalesce(sum(CASE
                WHEN outcome IS NULL THEN -bet_cents
                WHEN outcome IN ('tie', 'void') THEN 0
                WHEN winner_id = $1 THEN payout_cents - bet_cents
                ELSE -bet_cents
              END), 0) AS net
         FROM matches
        WHERE (player1_id = $1 OR player2_id = $1) AND starts_at >= $2`,
      [userId, since],
    );
    return BigInt(rows[0].net);
  }

  async now(runner: SqlRunner): Promise<Date> {
    const rows = await queryRows<{ now: Date }>(runner, `SELECT now() AS now`);
    return rows[0].now;
  }
}
