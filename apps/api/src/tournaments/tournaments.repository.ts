import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { TournamentFormat, TournamentPrizeMode, TournamentStatus } from '@skillduel/contracts';
import { DataSource } from 'typeorm';
import { queryRows, SqlRunner } from '../database/sql';

export interface TournamentRecord {
  id: string;
  name: string;
  gameId: string;
  format: TournamentFormat;
  status: TournamentStatus;
  entryFeeCents: bigint;
  minEntrants: number;
  maxEntrants: number;
  startsAt: Date;
  endsAt: Date;
  maxEntriesPerPlayer: number;
  prizeMode: TournamentPrizeMode;
  /** Cents per place (guaranteed) or basis points per place (pooled), best place first. */
  payoutTable: bigint[];
  rakeBps: number;
  seed: string;
  seedCommitment: string;
  escrowAccountId: string;
  cancelReason: string | null;
  /** Held entries and the players holding them (only from `find`/`list`/`lock` with counts). */
  heldEntries: number;
  entrants: number;
}

/** What the admin's create stores: the published rules, before any entry or status change. */
export type NewTournament = Omit<TournamentRecord, 'id' | 'status' | 'cancelReason' | 'heldEntries' | 'entrants'> & {
  createdBy: string;
};

export interface EntryRecord {
  id: string;
  tournamentId: string;
  userId: string;
  entryNo: number;
  feeCents: bigint;
  status: 'held' | 'refunded' | 'played_in';
  createdAt: Date;
}

/** One ranked player: their best attempt, and when they first entered (the leftover-cent order, decision 2602). */
export interface StandingRecord {
  userId: string;
  score: bigint;
  /** The best score's time, to the microsecond as PostgreSQL stores it: equal keys are a true tie. */
  reachedKey: string;
  firstEntryAt: Date;
  firstEntryId: string;
}

interface TournamentRow {
  id: string;
  name: string;
  game_id: string;
  format: TournamentFormat;
  status: TournamentStatus;
  entry_fee_cents: string;
  min_entrants: number;
  max_entrants: number;
  starts_at: Date;
  ends_at: Date;
  max_entries_per_player: number;
  prize_mode: TournamentPrizeMode;
  payout_table: string[];
  rake_bps: number;
  seed: string;
  seed_commitment: string;
  escrow_account_id: string;
  cancel_reason: string | null;
  held_entries?: number;
  entrants?: number;
}

interface EntryRow {
  id: string;
  tournament_id: string;
  user_id: string;
  entry_no: number;
  fee_cents: string;
  status: EntryRecord['status'];
  created_at: Date;
}

const COUNTS = `(SELECT count(*) FROM tournament_entries e WHERE e.tournament_id = t.id AND e.status <> 'refunded')::int AS held_entries,
  (SELECT count(DISTINCT e.user_id) FROM tournament_entries e WHERE e.tournament_id = t.id AND e.status <> 'refunded')::int AS entrants`;

const toTournament = (row: TournamentRow): TournamentRecord => ({
  id: row.id,
  name: row.name,
  gameId: row.game_id,
  format: row.format,
  status: row.status,
  entryFeeCents: BigInt(row.entry_fee_cents),
  minEntrants: row.min_entrants,
  maxEntrants: row.max_entrants,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  maxEntriesPerPlayer: row.max_entries_per_player,
  prizeMode: row.prize_mode,
  payoutTable: row.payout_table.map((value) => BigInt(value)),
  rakeBps: row.rake_bps,
  seed: row.seed,
  seedCommitment: row.seed_commitment,
  escrowAccountId: row.escrow_account_id,
  cancelReason: row.cancel_reason,
  heldEntries: row.held_entries ?? 0,
  entrants: row.entrants ?? 0,
});

const toEntry = (row: EntryRow): EntryRecord => ({
  id: row.id,
  tournamentId: row.tournament_id,
  userId: row.user_id,
  entryNo: row.entry_no,
  feeCents: BigInt(row.fee_cents),
  status: row.status,
  createdAt: row.created_at,
});

/** All SQL of tournaments. Methods take the runner of the caller's transaction where they must join it. */
@Injectable()
export class TournamentsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  get runner(): SqlRunner {
    return this.dataSource.manager;
  }

  async gameExists(runner: SqlRunner, gameId: string): Promise<boolean> {
    const rows = await queryRows(runner, `SELECT 1 FROM games WHERE id = $1 AND is_active`, [gameId]);
    return rows.length > 0;
  }

  async insert(runner: SqlRunner, tournament: NewTournament): Promise<string> {
    const rows = await queryRows<{ id: string }>(
      runner,
      `INSERT INTO tournaments (name, game_id, format, entry_fee_cents, min_entrants, max_entrants, starts_at, ends_at,
         max_entries_per_player, prize_mode, payout_table, rake_bps, seed, seed_commitment, escrow_account_id, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13, $14, $15, $16) RETURNING id`,
      [
        tournament.name,
        tournament.gameId,
        tournament.format,
        tournament.entryFeeCents.toString(),
        tournament.minEntrants,
        tournament.maxEntrants,
        tournament.startsAt,
        tournament.endsAt,
        tournament.maxEntriesPerPlayer,
        tournament.prizeMode,
        JSON.stringify(tournament.payoutTable.map((value) => value.toString())),
        tournament.rakeBps,
        tournament.seed,
        tournament.seedCommitment,
        tournament.escrowAccountId,
        tournament.createdBy,
      ],
    );
    return rows[0].id;
  }

  async find(runner: SqlRunner, id: string): Promise<TournamentRecord | null> {
    const rows = await queryRows<TournamentRow>(runner, `SELECT t.*, ${COUNTS} FROM tournaments t WHERE t.id = $1`, [
      id,
    ]);
    return rows[0] ? toTournament(rows[0]) : null;
  }

  /**
   * Locks the tournament's row until the caller's transaction ends: every entry, refund, start, cancellation and
   * settlement of one tournament takes it, so they happen one after the other (the entrant cap holds under
   * concurrency, a refund and the start never both win). The counts are read after the lock.
   */
  async lock(runner: SqlRunner, id: string): Promise<TournamentRecord | null> {
    const locked = await queryRows<{ id: string }>(runner, `SELECT id FROM tournaments WHERE id = $1 FOR UPDATE`, [id]);
    return locked.length > 0 ? this.find(runner, id) : null;
  }

  async list(filter: { status?: TournamentStatus; gameId?: string }, limit: number): Promise<TournamentRecord[]> {
    const rows = await queryRows<TournamentRow>(
      this.runner,
      `SELECT t.*, ${COUNTS} FROM tournaments t
        WHERE ($1::varchar IS NULL OR t.status = $1) AND ($2::varchar IS NULL OR t.game_id = $2)
        ORDER BY t.status IN ('scheduled', 'running') DESC, t.starts_at DESC
        LIMIT $3`,
      [filter.status ?? null, filter.gameId ?? null, limit],
    );
    return rows.map(toTournament);
  }

  async setStatus(
    runner: SqlRunner,
    id: string,
    status: TournamentStatus,
    extra: { cancelReason?: string; locked?: boolean; finished?: boolean } = {},
  ): Promise<void> {
    await runner.query(
      `UPDATE tournaments SET status = $2, cancel_reason = coalesce($3, cancel_reason),
         locked_at = CASE WHEN $4 THEN now() ELSE locked_at END,
         finished_at = CASE WHEN $5 THEN now() ELSE finished_at END
       WHERE id = $1`,
      [id, status, extra.cancelReason ?? null, extra.locked === true, extra.finished === true],
    );
  }

  /** Tournaments whose start or end has come: what the scheduler moves on. */
  async due(now: Date, limit: number): Promise<{ id: string; status: TournamentStatus }[]> {
    return queryRows(
      this.runner,
      `SELECT id, status FROM tournaments
        WHERE (status = 'scheduled' AND starts_at <= $1) OR (status = 'running' AND ends_at <= $1)
        ORDER BY starts_at LIMIT $2`,
      [now, limit],
    );
  }

  async entriesOf(runner: SqlRunner, tournamentId: string, userId?: string): Promise<EntryRecord[]> {
    const rows = await queryRows<EntryRow>(
      runner,
      `SELECT * FROM tournament_entries WHERE tournament_id = $1 AND ($2::uuid IS NULL OR user_id = $2)
        ORDER BY created_at, entry_no`,
      [tournamentId, userId ?? null],
    );
    return rows.map(toEntry);
  }

  async findEntry(runner: SqlRunner, id: string): Promise<EntryRecord | null> {
    const rows = await queryRows<EntryRow>(runner, `SELECT * FROM tournament_entries WHERE id = $1`, [id]);
    return rows[0] ? toEntry(rows[0]) : null;
  }

  async insertEntry(
    runner: SqlRunner,
    entry: {
      id: string;
      tournamentId: string;
      userId: string;
      entryNo: number;
      feeCents: bigint;
      transactionId: string;
    },
  ): Promise<EntryRecord> {
    const rows = await queryRows<EntryRow>(
      runner,
      `INSERT INTO tournament_entries (id, tournament_id, user_id, entry_no, fee_cents, entry_transaction_id)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [entry.id, entry.tournamentId, entry.userId, entry.entryNo, entry.feeCents.toString(), entry.transactionId],
    );
    return toEntry(rows[0]);
  }

  /** Marks held entries refunded by one ledger transaction; only held ones, so a refund is recorded once. */
  async markRefunded(runner: SqlRunner, entryIds: readonly string[], transactionId: string): Promise<number> {
    const rows = await queryRows<{ id: string }>(
      runner,
      `WITH updated AS (
         UPDATE tournament_entries SET status = 'refunded', refund_transaction_id = $2, refunded_at = now()
          WHERE id = ANY($1::uuid[]) AND status = 'held' RETURNING id
       ) SELECT id FROM updated`,
      [entryIds, transactionId],
    );
    return rows.length;
  }

  async markPlayedIn(runner: SqlRunner, tournamentId: string): Promise<void> {
    await runner.query(
      `UPDATE tournament_entries SET status = 'played_in' WHERE tournament_id = $1 AND status = 'held'`,
      [tournamentId],
    );
  }

  /** Records an attempt's final score (the solo round that plays it is the next step of the feature). */
  async insertAttempt(
    runner: SqlRunner,
    attempt: { tournamentId: string; entryId: string; userId: string; score: bigint; reachedAt: Date },
  ): Promise<void> {
    await runner.query(
      `INSERT INTO tournament_attempts (tournament_id, entry_id, user_id, score, reached_at) VALUES ($1, $2, $3, $4, $5)`,
      [attempt.tournamentId, attempt.entryId, attempt.userId, attempt.score.toString(), attempt.reachedAt],
    );
  }

  /**
   * Every player with a scored attempt, best first: a player's best score, reached earliest, counts; then the earlier
   * time the score was reached ranks higher (decision 2602). Never ordered by user id.
   */
  async standings(runner: SqlRunner, tournamentId: string): Promise<StandingRecord[]> {
    const rows = await queryRows<{
      user_id: string;
      score: string;
      reached_key: string;
      first_entry_at: Date;
      first_entry_id: string;
    }>(
      runner,
      `WITH best AS (
         SELECT DISTINCT ON (a.user_id) a.user_id, a.score, a.reached_at
           FROM tournament_attempts a WHERE a.tournament_id = $1
          ORDER BY a.user_id, a.score DESC, a.reached_at
       ), first_entry AS (
         SELECT DISTINCT ON (e.user_id) e.user_id, e.created_at, e.id
           FROM tournament_entries e WHERE e.tournament_id = $1
          ORDER BY e.user_id, e.created_at, e.entry_no
       )
       SELECT b.user_id, b.score::text AS score,
              to_char(b.reached_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS reached_key,
              f.created_at AS first_entry_at, f.id AS first_entry_id
         FROM best b JOIN first_entry f ON f.user_id = b.user_id
        ORDER BY b.score DESC, b.reached_at, f.created_at, f.id`,
      [tournamentId],
    );
    return rows.map((row) => ({
      userId: row.user_id,
      score: BigInt(row.score),
      reachedKey: row.reached_key,
      firstEntryAt: row.first_entry_at,
      firstEntryId: row.first_entry_id,
    }));
  }

  async insertPrize(
    runner: SqlRunner,
    prize: { tournamentId: string; userId: string; place: number; amountCents: bigint; transactionId: string },
  ): Promise<void> {
    await runner.query(
      `INSERT INTO tournament_prizes (tournament_id, user_id, place, amount_cents, transaction_id)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (tournament_id, user_id) DO NOTHING`,
      [prize.tournamentId, prize.userId, prize.place, prize.amountCents.toString(), prize.transactionId],
    );
  }
}
