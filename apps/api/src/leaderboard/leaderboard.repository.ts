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
interface TopRow extends RankedRow {
  rank: number;
}

interface CallerRow extends RankedRow {
  /** Competition rank in the scope; null when the caller has no aggregate row in it (Unranked). */
  rank: number | null;
}

export interface HolderRow {
  id: string;
  username: string;
  country: string | null;
  value: string;
}

type HolderCard = 'best_streak' | 'max_bet_cents' | 'fastest_win_ms';

/** Everything GET /users/leaderboard/ shows: the scope's board (shared by every caller) and the caller's place. */
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

interface RawBoard {
  top: Array<RawRanked & { rank: number }> | null;
  best_streak: HolderRow | null;
  max_bet_cents: HolderRow | null;
  fastest_win_ms: HolderRow | null;
}

interface RawCaller {
  caller: (RawRanked & { rank: number | null }) | null;
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

/** The scope's filter ($1 kind, $2 start, and the country as parameter `countryParam` when filtered). */
function scopeFilter(byCountry: boolean, countryParam: number): string {
  // `(SELECT $n)`: see boardSql.
  return `s.period_kind = (SELECT $1::varchar) AND s.period_start = (SELECT $2::date)${
    byCountry ? ` AND s.country = $${countryParam}` : ''
  }`;
}

/**
 * The board of one metric, scope shape and limit: the top `limit` with their competition ranks and the three info-card
 * holders ($1 kind, $2 start, $3 country when filtered). The same for every caller, so concurrent requests share one
 * execution (LeaderboardRepository.board).
 *
 * It runs as a prepared statement and is meant to run on its generic plan (planning its four subqueries costs more
 * than running them). PostgreSQL only switches to the generic plan when it is not dearer than the custom ones, so
 * nothing may make a custom plan look cheaper: the limit is part of the text (an integer checked by the caller), and
 * the period is compared through `(SELECT $n)` — a value the planner cannot see in either plan — because the
 * all-time period holds most rows and a custom plan would otherwise cost its LIMIT lower. Same plan shape either way.
 */
function boardSql(metric: LeaderboardMetric, byCountry: boolean, limit: number): string {
  const inScope = scopeFilter(byCountry, 3);
  const holder = (card: HolderCard) =>
    `(SELECT json_build_object('id', s.user_id, 'username', u.username, 'country', u.country,
                               'value', s.${card}::text)
        FROM leaderboard_stats s JOIN users u ON u.id = s.user_id
       WHERE ${inScope} AND ${HOLDERS[card].where}
       ORDER BY ${HOLDERS[card].by} LIMIT 1) AS ${card}`;
  return `
    WITH top AS (
      SELECT s.*, rank() OVER (ORDER BY ${RANKED_BY[metric]}) AS rank
        FROM (SELECT * FROM leaderboard_stats s
               WHERE ${inScope}
               ORDER BY ${ORDER_BY[metric]} LIMIT ${limit}) s)
    SELECT
      (SELECT json_agg(json_build_object('id', s.user_id, 'username', u.username, 'country', u.country,
                                         'level', u.level, 'earnings_cents', s.earnings_cents::text,
                                         'wins', s.wins, 'rank', s.rank) ORDER BY ${ORDER_BY[metric]})
         FROM top s JOIN users u ON u.id = s.user_id) AS top,
      ${holder('best_streak')},
      ${holder('max_bet_cents')},
      ${holder('fastest_win_ms')}`;
}

/**
 * The caller's figures in the scope and their competition rank ($1 kind, $2 start, $3 caller, $4 region as
 * `leaderboard_rank_of` takes it, $5 country when filtered — only to keep one parameter list for both shapes).
 */
function callerSql(metric: LeaderboardMetric, byCountry: boolean): string {
  return `
    SELECT json_build_object('id', u.id, 'username', u.username, 'country', u.country, 'level', u.level,
                             'earnings_cents', coalesce(s.earnings_cents, 0)::text,
                             'wins', coalesce(s.wins, 0),
                             'rank', leaderboard_rank_of(u.id, $1::varchar, $2::date, $4, '${metric}')) AS caller
      FROM users u
      LEFT JOIN leaderboard_stats s ON s.user_id = u.id AND ${scopeFilter(byCountry, 5)}
     WHERE u.id = $3`;
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
   * Deletes up to `batch` rank counters of periods that started more than `keepDays` UTC days ago (never the 'all'
   * period's). Nothing reads or writes them any more: boards are for the current period, settlements write current
   * periods, and the users trigger only follows the last 32 days (decision 0703). Returns how many went.
   */
  async pruneRankCounts(keepDays: number, batch: number): Promise<number> {
    // Counted by a SELECT: TypeORM answers a bare DELETE … RETURNING with [rows, affected], not the rows.
    const rows: Array<{ deleted: number }> = await this.dataSource.query(
      `WITH gone AS (
         DELETE FROM leaderboard_rank_counts WHERE ctid IN (
           SELECT ctid FROM leaderboard_rank_counts
            WHERE period_kind IN ('month', 'week', 'day')
              AND period_start < (now() AT TIME ZONE 'UTC')::date - $1::integer
            LIMIT $2 FOR UPDATE SKIP LOCKED)
         RETURNING 1)
       SELECT count(*)::int AS deleted FROM gone`,
      [keepDays, batch],
    );
    return rows[0].deleted;
  }

  /** Board reads in flight, by statement and scope: concurrent requests for the same board share one execution. */
  private readonly boardsInFlight = new Map<string, Promise<RawBoard>>();

  /**
   * The top `limit` of the scope by `metric` with their ranks, the info-card holders, and the caller (their figures,
   * zeros without a row, and their rank). The board and the caller are two prepared statements run side by side;
   * the board is shared by concurrent requests for the same scope (request coalescing: no cache, nothing older than
   * a read already in flight when the request arrived), the caller's rank is always read for the request.
   */
  async page(scope: PeriodScope, metric: LeaderboardMetric, limit: number, userId: string): Promise<LeaderboardPage> {
    if (!Number.isInteger(limit) || limit < LEADERBOARD_LIMITS.min || limit > LEADERBOARD_LIMITS.max) {
      throw new RangeError(`leaderboard limit out of range: ${limit}`);
    }
    const byCountry = scope.country !== null;
    const shape = `${metric}_${byCountry ? 'country' : 'global'}`;
    const [board, [callerRow]] = await Promise.all([
      this.board(`leaderboard_board_${shape}_${limit}`, boardSql(metric, byCountry, limit), [
        scope.kind,
        scope.start,
        ...(byCountry ? [scope.country] : []),
      ]),
      preparedRows<RawCaller>(this.dataSource, `leaderboard_caller_${shape}`, callerSql(metric, byCountry), [
        scope.kind,
        scope.start,
        userId,
        scope.country ?? 'global',
        ...(byCountry ? [scope.country] : []),
      ]),
    ]);
    const caller = callerRow?.caller ?? null;
    return {
      top: (board.top ?? []).map((entry) => ({ ...toRanked(entry), rank: entry.rank })),
      caller: caller && { ...toRanked(caller), rank: caller.rank },
      holders: {
        best_streak: board.best_streak,
        max_bet_cents: board.max_bet_cents,
        fastest_win_ms: board.fastest_win_ms,
      },
    };
  }

  private board(name: string, text: string, values: unknown[]): Promise<RawBoard> {
    const key = `${name}|${values.join('|')}`;
    const inFlight = this.boardsInFlight.get(key);
    if (inFlight) return inFlight;
    const read = preparedRows<RawBoard>(this.dataSource, name, text, values)
      .then(([row]) => row)
      .finally(() => this.boardsInFlight.delete(key));
    this.boardsInFlight.set(key, read);
    return read;
  }
}
