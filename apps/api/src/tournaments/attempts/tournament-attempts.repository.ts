import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { TournamentAttemptStatus, TournamentFormat, TournamentStatus } from '@skillduel/contracts';
import { DataSource } from 'typeorm';
import { queryRows, SqlRunner } from '../../database/sql';

/** One attempt's round with what playing it needs from its tournament. */
export interface AttemptRoundRecord {
  id: string;
  tournamentId: string;
  entryId: string;
  userId: string;
  attemptNo: number;
  seedHash: string;
  timeLimitMs: number;
  status: TournamentAttemptStatus;
  instanceId: string | null;
  score: bigint | null;
  reachedAt: Date | null;
  gameId: string;
  /** The tournament's secret seed: the attempt's content is derived from it (never sent before the finish). */
  tournamentSeed: string;
  tournamentEndsAt: Date;
}

/** The tournament as an attempt's start sees it, under a share lock (settling and cancelling wait for it). */
export interface AttemptTournament {
  id: string;
  gameId: string;
  format: TournamentFormat;
  status: TournamentStatus;
  endsAt: Date;
  seed: string;
  timeLimitSeconds: number;
}

interface RoundRow {
  id: string;
  tournament_id: string;
  entry_id: string;
  user_id: string;
  attempt_no: number;
  seed_hash: string;
  time_limit_ms: number;
  status: TournamentAttemptStatus;
  instance_id: string | null;
  score: string | null;
  reached_at: Date | null;
  game_id: string;
  tournament_seed: string;
  tournament_ends_at: Date;
}

const toRound = (row: RoundRow): AttemptRoundRecord => ({
  id: row.id,
  tournamentId: row.tournament_id,
  entryId: row.entry_id,
  userId: row.user_id,
  attemptNo: row.attempt_no,
  seedHash: row.seed_hash,
  timeLimitMs: row.time_limit_ms,
  status: row.status,
  instanceId: row.instance_id,
  score: row.score === null ? null : BigInt(row.score),
  reachedAt: row.reached_at,
  gameId: row.game_id,
  tournamentSeed: row.tournament_seed,
  tournamentEndsAt: row.tournament_ends_at,
});

const ROUND_COLUMNS = `r.*, t.game_id, t.seed AS tournament_seed, t.ends_at AS tournament_ends_at`;

/** All SQL of tournament attempts: reserving an entry's round, claiming it to play, and storing its score. */
@Injectable()
export class TournamentAttemptsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  get runner(): SqlRunner {
    return this.dataSource.manager;
  }

  transaction<T>(work: (runner: SqlRunner) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager) => work(manager));
  }

  /**
   * The tournament under a SHARE lock: attempts of many players start side by side, while a start, settlement or
   * cancellation (which take the row FOR UPDATE) waits for them and they for it.
   */
  async shareLockTournament(runner: SqlRunner, id: string): Promise<AttemptTournament | null> {
    const rows = await queryRows<{
      id: string;
      game_id: string;
      format: TournamentFormat;
      status: TournamentStatus;
      ends_at: Date;
      seed: string;
      time_limit_seconds: number;
    }>(
      runner,
      `SELECT t.id, t.game_id, t.format, t.status, t.ends_at, t.seed, g.time_limit_seconds
         FROM tournaments t JOIN games g ON g.id = t.game_id WHERE t.id = $1 FOR SHARE OF t`,
      [id],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      gameId: row.game_id,
      format: row.format,
      status: row.status,
      endsAt: row.ends_at,
      seed: row.seed,
      timeLimitSeconds: row.time_limit_seconds,
    };
  }

  /**
   * The player's paid entries of a running tournament (locked, so two starts of one player take turns), each with the
   * id of the round already reserved for it, if any.
   */
  async lockPlayedEntries(
    runner: SqlRunner,
    tournamentId: string,
    userId: string,
  ): Promise<{ id: string; entryNo: number; roundId: string | null }[]> {
    const rows = await queryRows<{ id: string; entry_no: number; round_id: string | null }>(
      runner,
      `SELECT e.id, e.entry_no, (SELECT r.id FROM tournament_attempt_rounds r WHERE r.entry_id = e.id) AS round_id
         FROM tournament_entries e
        WHERE e.tournament_id = $1 AND e.user_id = $2 AND e.status = 'held'
        ORDER BY e.entry_no FOR UPDATE OF e`,
      [tournamentId, userId],
    );
    return rows.map((row) => ({ id: row.id, entryNo: row.entry_no, roundId: row.round_id }));
  }

  async roundsOf(runner: SqlRunner, tournamentId: string, userId: string): Promise<AttemptRoundRecord[]> {
    const rows = await queryRows<RoundRow>(
      runner,
      `SELECT ${ROUND_COLUMNS} FROM tournament_attempt_rounds r JOIN tournaments t ON t.id = r.tournament_id
        WHERE r.tournament_id = $1 AND r.user_id = $2 ORDER BY r.attempt_no`,
      [tournamentId, userId],
    );
    return rows.map(toRound);
  }

  async findRound(runner: SqlRunner, id: string): Promise<AttemptRoundRecord | null> {
    const rows = await queryRows<RoundRow>(
      runner,
      `SELECT ${ROUND_COLUMNS} FROM tournament_attempt_rounds r JOIN tournaments t ON t.id = r.tournament_id
        WHERE r.id = $1`,
      [id],
    );
    return rows[0] ? toRound(rows[0]) : null;
  }

  async insertRound(
    runner: SqlRunner,
    round: {
      tournamentId: string;
      entryId: string;
      userId: string;
      attemptNo: number;
      seedHash: string;
      timeLimitMs: number;
    },
  ): Promise<string> {
    const rows = await queryRows<{ id: string }>(
      runner,
      `INSERT INTO tournament_attempt_rounds (tournament_id, entry_id, user_id, attempt_no, seed_hash, time_limit_ms)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [round.tournamentId, round.entryId, round.userId, round.attemptNo, round.seedHash, round.timeLimitMs],
    );
    return rows[0].id;
  }

  /**
   * Claims a reserved round for this instance to play, if the tournament is still running and the round can end
   * before the tournament does (`playMs` from now). Null when it cannot be claimed (someone else's, already opened,
   * the window over): the caller reads the round to say why.
   */
  async claim(
    runner: SqlRunner,
    id: string,
    userId: string,
    instanceId: string,
    playMs: number,
  ): Promise<AttemptRoundRecord | null> {
    const rows = await queryRows<{ id: string }>(
      runner,
      `WITH claimed AS (
         UPDATE tournament_attempt_rounds r SET status = 'playing', instance_id = $3, started_at = now()
           FROM tournaments t
          WHERE r.id = $1 AND r.user_id = $2 AND r.status = 'waiting' AND t.id = r.tournament_id
            AND t.status = 'running' AND now() + ($4::int * interval '1 millisecond') <= t.ends_at
          RETURNING r.id
       ) SELECT id FROM claimed`,
      [id, userId, instanceId, playMs],
    );
    return rows.length > 0 ? this.findRound(runner, id) : null;
  }

  /**
   * Stores a played round's score: into `tournament_attempts` (what standings and settlement read) when its
   * tournament is still running, else the round is void (the tournament was settled or cancelled meanwhile).
   * Only a round still `playing` is closed, so a score is stored once.
   */
  async close(
    id: string,
    played: { score: bigint; reachedAt: Date; flags: number; fairPlayScore: number | null; inputLog: unknown },
  ): Promise<AttemptRoundRecord | null> {
    return this.transaction(async (runner) => {
      const round = await this.findRound(runner, id);
      if (!round || round.status !== 'playing') return null;
      const tournament = await this.shareLockTournament(runner, round.tournamentId);
      const counts = tournament?.status === 'running';
      const updated = await queryRows<{ id: string }>(
        runner,
        `WITH closed AS (
           UPDATE tournament_attempt_rounds SET status = $2, score = $3, reached_at = $4, flags = $5,
             fair_play_score = $6, input_log = $7::jsonb, finished_at = now()
            WHERE id = $1 AND status = 'playing' RETURNING id
         ) SELECT id FROM closed`,
        [
          id,
          counts ? 'scored' : 'void',
          counts ? played.score.toString() : null,
          played.reachedAt,
          played.flags,
          played.fairPlayScore,
          JSON.stringify(played.inputLog),
        ],
      );
      if (updated.length === 0) return null;
      if (counts) {
        await runner.query(
          `INSERT INTO tournament_attempts (tournament_id, entry_id, user_id, score, reached_at) VALUES ($1, $2, $3, $4, $5)`,
          [round.tournamentId, round.entryId, round.userId, played.score.toString(), played.reachedAt],
        );
      }
      return this.findRound(runner, id);
    });
  }
}
