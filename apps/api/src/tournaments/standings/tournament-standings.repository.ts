import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { queryRows, SqlRunner } from '../../database/sql';

/** One player's best attempt, in standings order. */
export interface BestRecord {
  userId: string;
  username: string;
  score: bigint;
  reachedAt: Date;
  /** The time to the microsecond, as PostgreSQL compares it (equal keys are a true tie). */
  reachedKey: string;
}

interface BestRow {
  user_id: string;
  username: string;
  score: string;
  reached_at: Date;
  reached_key: string;
}

const toBest = (row: BestRow): BestRecord => ({
  userId: row.user_id,
  username: row.username,
  score: BigInt(row.score),
  reachedAt: row.reached_at,
  reachedKey: row.reached_key,
});

const BEST_COLUMNS = `b.user_id, u.username, b.score::text AS score, b.reached_at,
  to_char(b.reached_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS reached_key`;

/**
 * Standings reads (decision 2605): `tournament_bests` in order (score desc, reached_at, then user id only to keep
 * pages stable), ranks from `tournament_rank_of()` (bucket counters, O(buckets)), the count from the tier-1 counters.
 * Every read walks the `IDX_tournament_bests_rank` index from a known row, never the whole field.
 */
@Injectable()
export class TournamentStandingsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get runner(): SqlRunner {
    return this.dataSource.manager;
  }

  async ranked(tournamentId: string): Promise<number> {
    const rows = await queryRows<{ n: string | null }>(
      this.runner,
      `SELECT sum(count)::text AS n FROM tournament_rank_counts WHERE tournament_id = $1 AND tier = 1`,
      [tournamentId],
    );
    return Number(rows[0]?.n ?? 0);
  }

  async rankOf(tournamentId: string, userId: string): Promise<number | null> {
    const rows = await queryRows<{ rank: number | null }>(this.runner, `SELECT tournament_rank_of($1, $2) AS rank`, [
      tournamentId,
      userId,
    ]);
    return rows[0]?.rank ?? null;
  }

  async best(tournamentId: string, userId: string): Promise<BestRecord | null> {
    const rows = await queryRows<BestRow>(
      this.runner,
      `SELECT ${BEST_COLUMNS} FROM tournament_bests b JOIN users u ON u.id = b.user_id
        WHERE b.tournament_id = $1 AND b.user_id = $2`,
      [tournamentId, userId],
    );
    return rows[0] ? toBest(rows[0]) : null;
  }

  /** Players tied with `me` (same score, same instant) listed before them: their position within the tie. */
  async tiedBefore(tournamentId: string, me: BestRecord): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      this.runner,
      `SELECT count(*)::int AS n FROM tournament_bests b
        WHERE b.tournament_id = $1 AND b.score = $2 AND b.reached_at = $3 AND b.user_id < $4`,
      [tournamentId, me.score.toString(), me.reachedAt, me.userId],
    );
    return rows[0].n;
  }

  async page(tournamentId: string, offset: number, limit: number): Promise<BestRecord[]> {
    const rows = await queryRows<BestRow>(
      this.runner,
      `SELECT ${BEST_COLUMNS} FROM tournament_bests b JOIN users u ON u.id = b.user_id
        WHERE b.tournament_id = $1 ORDER BY b.score DESC, b.reached_at, b.user_id OFFSET $2 LIMIT $3`,
      [tournamentId, offset, limit],
    );
    return rows.map(toBest);
  }

  /** Up to `limit` rows just ahead of `me`, nearest last (standings order). */
  async ahead(tournamentId: string, me: BestRecord, limit: number): Promise<BestRecord[]> {
    const rows = await queryRows<BestRow>(
      this.runner,
      `SELECT ${BEST_COLUMNS} FROM tournament_bests b JOIN users u ON u.id = b.user_id
        WHERE b.tournament_id = $1 AND (b.score > $2 OR (b.score = $2 AND (b.reached_at < $3
              OR (b.reached_at = $3 AND b.user_id < $4))))
        ORDER BY b.score, b.reached_at DESC, b.user_id DESC LIMIT $5`,
      [tournamentId, me.score.toString(), me.reachedAt, me.userId, limit],
    );
    return rows.map(toBest).reverse();
  }

  /** Up to `limit` rows just behind `me`, in standings order. */
  async behind(tournamentId: string, me: BestRecord, limit: number): Promise<BestRecord[]> {
    const rows = await queryRows<BestRow>(
      this.runner,
      `SELECT ${BEST_COLUMNS} FROM tournament_bests b JOIN users u ON u.id = b.user_id
        WHERE b.tournament_id = $1 AND (b.score < $2 OR (b.score = $2 AND (b.reached_at > $3
              OR (b.reached_at = $3 AND b.user_id > $4))))
        ORDER BY b.score DESC, b.reached_at, b.user_id LIMIT $5`,
      [tournamentId, me.score.toString(), me.reachedAt, me.userId, limit],
    );
    return rows.map(toBest);
  }
}
