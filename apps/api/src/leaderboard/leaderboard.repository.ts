import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { LeaderboardMetric, LeaderboardPeriod } from '@skillduel/contracts';
import { DataSource } from 'typeorm';
import { queryRows } from '../database/sql';

/** Which aggregate rows: one period (kind + UTC start) and optionally one country. */
export interface PeriodScope {
  kind: LeaderboardPeriod;
  start: string;
  /** Upper-case two-letter code, or null for global. */
  country: string | null;
}

export interface RankedRow {
  id: string;
  username: string;
  country: string | null;
  level: number;
  earningsCents: bigint;
  wins: number;
}

export interface CallerRow extends RankedRow {
  xp: number;
  /** False when the caller has no aggregate row in the scope (Unranked). */
  ranked: boolean;
}

export interface HolderRow {
  id: string;
  username: string;
  country: string | null;
  value: string;
}

/** ORDER BY of each metric; every one ends with user_id so ties are ordered the same way on every call. */
const ORDER_BY: Record<LeaderboardMetric, string> = {
  total_earnings: 's.earnings_cents DESC, s.user_id',
  total_wins: 's.wins DESC, s.user_id',
  level: 's.level DESC, s.xp DESC, s.user_id',
};

/** "Ranked above the caller" for each metric ($n: the caller's figures), matching ORDER_BY. */
const AHEAD_OF: Record<LeaderboardMetric, string> = {
  total_earnings: '(s.earnings_cents > $E OR (s.earnings_cents = $E AND s.user_id < $U))',
  total_wins: '(s.wins > $W OR (s.wins = $W AND s.user_id < $U))',
  level: '(s.level > $L OR (s.level = $L AND (s.xp > $X OR (s.xp = $X AND s.user_id < $U))))',
};

interface RawRanked {
  id: string;
  username: string;
  country: string | null;
  level: number;
  earnings_cents: string;
  wins: number;
}

function toRanked(row: RawRanked): RankedRow {
  return {
    id: row.id,
    username: row.username,
    country: row.country,
    level: row.level,
    earningsCents: BigInt(row.earnings_cents),
    wins: row.wins,
  };
}

/**
 * Leaderboard reads. All of them go through the ranking indexes of leaderboard_stats (period kind, start,
 * [country,] metric, user id): top-N is an index range read of N rows, rank-of-me an index-only count.
 */
@Injectable()
export class LeaderboardRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async top(scope: PeriodScope, metric: LeaderboardMetric, limit: number): Promise<RankedRow[]> {
    const params: unknown[] = [scope.kind, scope.start, limit];
    const countryFilter = scope.country === null ? '' : `AND s.country = $${params.push(scope.country)}`;
    const rows = await queryRows<RawRanked>(
      this.dataSource.manager,
      `SELECT s.user_id AS id, u.username, u.country, u.level, s.earnings_cents::text AS earnings_cents, s.wins
         FROM (SELECT * FROM leaderboard_stats s
                WHERE s.period_kind = $1 AND s.period_start = $2::date ${countryFilter}
                ORDER BY ${ORDER_BY[metric]} LIMIT $3) s
         JOIN users u ON u.id = s.user_id
        ORDER BY ${ORDER_BY[metric]}`,
      params,
    );
    return rows.map(toRanked);
  }

  /** The caller's user and their aggregate in the scope (zeros and ranked=false without one); null if no such user. */
  async caller(scope: PeriodScope, userId: string): Promise<CallerRow | null> {
    const rows = await queryRows<RawRanked & { xp: number; ranked: boolean }>(
      this.dataSource.manager,
      `SELECT u.id, u.username, u.country, u.level, u.xp, coalesce(s.earnings_cents, 0)::text AS earnings_cents,
              coalesce(s.wins, 0) AS wins,
              (s.user_id IS NOT NULL AND ($4::char(2) IS NULL OR s.country = $4::char(2))) AS ranked
         FROM users u
         LEFT JOIN leaderboard_stats s ON s.user_id = u.id AND s.period_kind = $2 AND s.period_start = $3::date
        WHERE u.id = $1`,
      [userId, scope.kind, scope.start, scope.country],
    );
    const row = rows[0];
    return row ? { ...toRanked(row), xp: row.xp, ranked: row.ranked } : null;
  }

  /** 1-based place of `caller` (who must be ranked in the scope). */
  async rankOf(scope: PeriodScope, metric: LeaderboardMetric, caller: CallerRow): Promise<number> {
    const params: unknown[] = [scope.kind, scope.start];
    const bind = (value: unknown) => `$${params.push(value)}`;
    const countryFilter = scope.country === null ? '' : `AND s.country = ${bind(scope.country)}`;
    const userParam = bind(caller.id);
    let ahead = AHEAD_OF[metric].replaceAll('$U', `${userParam}::uuid`);
    if (metric === 'total_earnings') ahead = ahead.replaceAll('$E', `${bind(caller.earningsCents.toString())}::bigint`);
    if (metric === 'total_wins') ahead = ahead.replaceAll('$W', `${bind(caller.wins)}::int`);
    if (metric === 'level') {
      ahead = ahead.replaceAll('$L', `${bind(caller.level)}::int`).replaceAll('$X', `${bind(caller.xp)}::int`);
    }
    const rows = await queryRows<{ ahead: number }>(
      this.dataSource.manager,
      `SELECT count(*)::int AS ahead FROM leaderboard_stats s
        WHERE s.period_kind = $1 AND s.period_start = $2::date ${countryFilter} AND ${ahead}`,
      params,
    );
    return (rows[0]?.ahead ?? 0) + 1;
  }

  /** Holder of one info card: the best value of `column` in the scope (ties: lowest user id). */
  async holder(
    scope: PeriodScope,
    card: 'best_streak' | 'max_bet_cents' | 'fastest_win_ms',
  ): Promise<HolderRow | null> {
    const params: unknown[] = [scope.kind, scope.start];
    const countryFilter = scope.country === null ? '' : `AND s.country = $${params.push(scope.country)}`;
    const order = {
      best_streak: { where: 's.best_streak > 0', by: 's.best_streak DESC, s.user_id' },
      max_bet_cents: { where: 's.max_bet_cents > 0', by: 's.max_bet_cents DESC, s.user_id' },
      fastest_win_ms: { where: 's.fastest_win_ms IS NOT NULL', by: 's.fastest_win_ms, s.user_id' },
    }[card];
    const rows = await queryRows<HolderRow>(
      this.dataSource.manager,
      `SELECT s.user_id AS id, u.username, u.country, s.${card}::text AS value
         FROM leaderboard_stats s JOIN users u ON u.id = s.user_id
        WHERE s.period_kind = $1 AND s.period_start = $2::date ${countryFilter} AND ${order.where}
        ORDER BY ${order.by} LIMIT 1`,
      params,
    );
    return rows[0] ?? null;
  }
}
