import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LEADERBOARD_LIMITS, type LeaderboardMetric, type LeaderboardPeriod } from '@skillduel/contracts';
import { DataSource } from 'typeorm';
import { preparedRows } from '../database/sql';

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

/** A row of the top-N list with its competition rank (1 + players strictly ahead; exact ties share a rank). */
export interface TopRow extends RankedRow {
  rank: number;
}

export interface CallerRow extends RankedRow {
  /** Competition rank in the scope; null when the caller has no aggregate row in it (Unranked). */
  rank: number | null;
}

export interface HolderRow {
  id: string;
  username: string;
  country: string | null;
  value: string;
}

export type HolderCard = 'best_streak' | 'max_bet_cents' | 'fastest_win_ms';

/** Everything GET /users/leaderboard/ shows, read in one statement (one snapshot). */
export interface LeaderboardPage {
  top: TopRow[];
  /** null when no such user. */
  caller: CallerRow | null;
  holders: Record<HolderCard, HolderRow | null>;
}

/** ORDER BY of each metric; every one ends with user_id so ties are listed in the same order on every call. */
const ORDER_BY: Record<LeaderboardMetric, string> = {
  total_earnings: 's.earnings_cents DESC, s.user_id',
  total_wins: 's.wins DESC, s.user_id',
  level: 's.level DESC, s.xp DESC, s.user_id',
};

/** What is ranked: the same order without the user id, so exact ties share a rank (competition ranking). */
const RANKED_BY: Record<LeaderboardMetric, string> = {
  total_earnings: 's.earnings_cents DESC',
  total_wins: 's.wins DESC',
  level: 's.level DESC, s.xp DESC',
};

/** Info cards: the best value of a column in the scope (ties: lowest user id), each through its partial index. */
const HOLDERS: Record<HolderCard, { where: string; by: string }> = {
  best_streak: { where: 's.best_streak > 0', by: 's.best_streak DESC, s.user_id' },
  max_bet_cents: { where: 's.max_bet_cents > 0', by: 's.max_bet_cents DESC, s.user_id' },
  fastest_win_ms: { where: 's.fastest_win_ms IS NOT NULL', by: 's.fastest_win_ms, s.user_id' },
};

interface RawRanked {
  id: string;
  username: string;
  country: string | null;
  level: number;
  earnings_cents: string;
  wins: number;
}

interface RawPage {
  top: Array<RawRanked & { rank: number }> | null;
  caller: (RawRanked & { rank: number | null }) | null;
  best_streak: HolderRow | null;
  max_bet_cents: HolderRow | null;
  fastest_win_ms: HolderRow | null;
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
 * The page's statement for one metric, scope shape and limit ($1 kind, $2 start, $3 caller, $4 region as
 * `leaderboard_rank_of` takes it, $5 country when filtered).
 *
 * It runs as a prepared statement and is meant to run on its generic plan (planning its six subqueries costs more
 * than running them). PostgreSQL only switches to the generic plan when it is not dearer than the custom ones, so
 * nothing may make a custom plan look cheaper: the limit is part of the text (an integer checked by the caller), and
 * the period is compared through `(SELECT $n)` — a value the planner cannot see in either plan — because the
 * all-time period holds most rows and a custom plan would otherwise cost its LIMIT lower. Same plan shape either way.
 */
function pageSql(metric: LeaderboardMetric, byCountry: boolean, limit: number): string {
  const inScope = `s.period_kind = (SELECT $1::varchar) AND s.period_start = (SELECT $2::date)`;
  const country = byCountry ? 'AND s.country = $5' : '';
  const holder = (card: HolderCard) =>
    `(SELECT json_build_object('id', s.user_id, 'username', u.username, 'country', u.country,
                               'value', s.${card}::text)
        FROM leaderboard_stats s JOIN users u ON u.id = s.user_id
       WHERE ${inScope} ${country} AND ${HOLDERS[card].where}
       ORDER BY ${HOLDERS[card].by} LIMIT 1) AS ${card}`;
  return `
    WITH top AS (
      SELECT s.*, rank() OVER (ORDER BY ${RANKED_BY[metric]}) AS rank
        FROM (SELECT * FROM leaderboard_stats s
               WHERE ${inScope} ${country}
               ORDER BY ${ORDER_BY[metric]} LIMIT ${limit}) s)
    SELECT
      (SELECT json_agg(json_build_object('id', s.user_id, 'username', u.username, 'country', u.country,
                                         'level', u.level, 'earnings_cents', s.earnings_cents::text,
                                         'wins', s.wins, 'rank', s.rank) ORDER BY ${ORDER_BY[metric]})
         FROM top s JOIN users u ON u.id = s.user_id) AS top,
      (SELECT json_build_object('id', u.id, 'username', u.username, 'country', u.country, 'level', u.level,
                                'earnings_cents', coalesce(s.earnings_cents, 0)::text,
                                'wins', coalesce(s.wins, 0),
                                'rank', leaderboard_rank_of(u.id, $1::varchar, $2::date, $4, '${metric}'))
         FROM users u
         LEFT JOIN leaderboard_stats s ON s.user_id = u.id AND ${inScope}
        WHERE u.id = $3) AS caller,
      ${holder('best_streak')},
      ${holder('max_bet_cents')},
      ${holder('fastest_win_ms')}`;
}

/**
 * Leaderboard reads. Top-N is an index range read of N rows of leaderboard_stats (period kind, start, [country,]
 * metric, user id); rank-of-me is `leaderboard_rank_of()` (migration 1763890000000, docs/decisions/0703): bucket
 * counters plus an index count inside one fine bucket, so its cost does not grow with the rank.
 */
@Injectable()
export class LeaderboardRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The top `limit` of the scope by `metric`, the caller (their figures, zeros without a row, and their rank) and
   * the info-card holders — one round trip, one snapshot, so the caller's rank and the list's ranks agree.
   *
   * It runs as a named prepared statement on the pool's connection (the only statement of this module that does):
   * the page is read on every visit of the leaderboard screen, and re-planning its six subqueries every time cost
   * more than executing them (docs/perf.md).
   */
  async page(scope: PeriodScope, metric: LeaderboardMetric, limit: number, userId: string): Promise<LeaderboardPage> {
    if (!Number.isInteger(limit) || limit < LEADERBOARD_LIMITS.min || limit > LEADERBOARD_LIMITS.max) {
      throw new RangeError(`leaderboard limit out of range: ${limit}`);
    }
    const byCountry = scope.country !== null;
    const values: unknown[] = [scope.kind, scope.start, userId, scope.country ?? 'global'];
    if (byCountry) values.push(scope.country);
    const [row] = await preparedRows<RawPage>(
      this.dataSource,
      `leaderboard_page_${metric}_${byCountry ? 'country' : 'global'}_${limit}`,
      pageSql(metric, byCountry, limit),
      values,
    );
    return {
      top: (row.top ?? []).map((entry) => ({ ...toRanked(entry), rank: entry.rank })),
      caller: row.caller && { ...toRanked(row.caller), rank: row.caller.rank },
      holders: { best_streak: row.best_streak, max_bet_cents: row.max_bet_cents, fastest_win_ms: row.fastest_win_ms },
    };
  }
}
