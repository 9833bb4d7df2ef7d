import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { MatchEndReason, MatchOutcome } from '@skillduel/contracts';
import { DataSource } from 'typeorm';
import { queryRows, SqlRunner } from '../database/sql';
import { returningRows } from '../database/returning';

/** A finished (or void) round, as stored. */
export interface MatchRecord {
  id: string;
  roomId: string;
  round: number;
  gameId: string;
  player1Id: string;
  player2Id: string;
  betCents: bigint;
  timeLimitMs: number;
  seed: string;
  seedHash: string;
  /** 'held': closed, its payout held in escrow for a fair-play review (decision 1802). */
  status: 'countdown' | 'playing' | 'finished' | 'void' | 'held';
  startsAt: Date;
  endedAt: Date | null;
  outcome: MatchOutcome | null;
  reason: MatchEndReason | null;
  scores: [number, number];
  displayScores: [number, number];
  durationMs: number | null;
  potCents: bigint;
  feeCents: bigint;
  payoutCents: bigint;
  inputLog: unknown;
}

/** What granting a finished match's XP needs to know. */
export interface MatchXpSubject {
  id: string;
  outcome: MatchOutcome | null;
  player1Id: string;
  player2Id: string;
}

export interface NewMatch {
  roomId: string;
  round: number;
  gameId: string;
  player1Id: string;
  player2Id: string;
  betCents: bigint;
  timeLimitMs: number;
  seed: string;
  seedHash: string;
  instanceId: string;
  countdownMs: number;
}

export interface MatchOutcomeRecord {
  status: 'finished' | 'void' | 'held';
  outcome: MatchOutcome;
  reason: MatchEndReason;
  winnerId: string | null;
  scores: [number, number];
  displayScores: [number, number];
  flags: [number, number];
  durationMs: number;
  potCents: bigint;
  feeCents: bigint;
  payoutCents: bigint;
  inputLog: unknown;
  settlementTransactionId: string | null;
}

type RawMatch = {
  id: string;
  room_id: string;
  round: number;
  game_id: string;
  player1_id: string;
  player2_id: string;
  bet_cents: string;
  time_limit_ms: number;
  seed: string;
  seed_hash: string;
  status: MatchRecord['status'];
  starts_at: Date;
  ended_at: Date | null;
  outcome: MatchOutcome | null;
  reason: MatchEndReason | null;
  player1_score: number | null;
  player2_score: number | null;
  player1_display_score: number | null;
  player2_display_score: number | null;
  duration_ms: number | null;
  pot_cents: string | null;
  fee_cents: string | null;
  payout_cents: string | null;
  input_log: unknown;
};

function toMatch(row: RawMatch): MatchRecord {
  return {
    id: row.id,
    roomId: row.room_id,
    round: row.round,
    gameId: row.game_id,
    player1Id: row.player1_id,
    player2Id: row.player2_id,
    betCents: BigInt(row.bet_cents),
    timeLimitMs: row.time_limit_ms,
    seed: row.seed,
    seedHash: row.seed_hash,
    status: row.status,
    startsAt: row.starts_at,
    endedAt: row.ended_at,
    outcome: row.outcome,
    reason: row.reason,
    scores: [row.player1_score ?? 0, row.player2_score ?? 0],
    displayScores: [row.player1_display_score ?? 0, row.player2_display_score ?? 0],
    durationMs: row.duration_ms,
    potCents: BigInt(row.pot_cents ?? '0'),
    feeCents: BigInt(row.fee_cents ?? '0'),
    payoutCents: BigInt(row.payout_cents ?? '0'),
    inputLog: row.input_log,
  };
}

const MATCH_COLUMNS = `id, room_id, round, game_id, player1_id, player2_id, bet_cents::text AS bet_cents, time_limit_ms,
  seed, seed_hash, status, starts_at, ended_at, outcome, reason, player1_score, player2_score, player1_display_score,
  player2_display_score, duration_ms, pot_cents::text AS pot_cents, fee_cents::text AS fee_cents,
  payout_cents::text AS payout_cents`;

/** The SQL of matches (one row per round of a room): open, play, close, heartbeats and XP bookkeeping. */
@Injectable()
export class MatchesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  get runner(): SqlRunner {
    return this.dataSource.manager;
  }

  async insertMatch(runner: SqlRunner, match: NewMatch): Promise<Date> {
    const rows = await queryRows<{ starts_at: Date }>(
      runner,
      `INSERT INTO matches (room_id, round, game_id, player1_id, player2_id, bet_cents, time_limit_ms, seed, seed_hash,
                            status, instance_id, starts_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'countdown', $10, now() + make_interval(secs => $11::double precision / 1000))
       RETURNING starts_at`,
      [
        match.roomId,
        match.round,
        match.gameId,
        match.player1Id,
        match.player2Id,
        match.betCents.toString(),
        match.timeLimitMs,
        match.seed,
        match.seedHash,
        match.instanceId,
        match.countdownMs,
      ],
    );
    return rows[0].starts_at;
  }

  async markPlaying(runner: SqlRunner, roomId: string, round: number, startedAt: Date): Promise<void> {
    await runner.query(
      `UPDATE matches SET status = 'playing', starts_at = $3 WHERE room_id = $1 AND round = $2 AND status = 'countdown'`,
      [roomId, round, startedAt],
    );
  }

  /** Locks the round's match row while it is still open; null when it was settled already (or never started). */
  async lockOpenMatch(
    runner: SqlRunner,
    roomId: string,
    round: number,
    onlyIfStaleSeconds: number | null = null,
    onlyIfRunBy: string | null = null,
  ): Promise<MatchRecord | null> {
    const rows = await queryRows<RawMatch>(
      runner,
      `SELECT ${MATCH_COLUMNS}, input_log FROM matches
        WHERE room_id = $1 AND round = $2 AND status IN ('countdown','playing')
          AND ($3::int IS NULL OR heartbeat_at < now() - make_interval(secs => $3::int))
          AND ($4::text IS NULL OR instance_id = $4::text)
        FOR UPDATE`,
      [roomId, round, onlyIfStaleSeconds, onlyIfRunBy],
    );
    return rows[0] ? toMatch(rows[0]) : null;
  }

  async closeMatch(runner: SqlRunner, roomId: string, round: number, record: MatchOutcomeRecord): Promise<boolean> {
    const rows = await returningRows<unknown>(
      runner,
      `UPDATE matches SET status = $3, outcome = $4, reason = $5, winner_id = $6,
              player1_score = $7, player2_score = $8, player1_display_score = $9, player2_display_score = $10,
              player1_flags = $11, player2_flags = $12, duration_ms = $13, pot_cents = $14, fee_cents = $15,
              payout_cents = $16, input_log = $17::jsonb, settlement_transaction_id = $18, ended_at = now()
        WHERE room_id = $1 AND round = $2 AND status IN ('countdown','playing')
        RETURNING id`,
      [
        roomId,
        round,
        record.status,
        record.outcome,
        record.reason,
        record.winnerId,
        record.scores[0],
        record.scores[1],
        record.displayScores[0],
        record.displayScores[1],
        record.flags[0],
        record.flags[1],
        record.durationMs,
        record.potCents.toString(),
        record.feeCents.toString(),
        record.payoutCents.toString(),
        JSON.stringify(record.inputLog ?? []),
        record.settlementTransactionId,
      ],
    );
    return rows.length === 1;
  }

  async findMatch(runner: SqlRunner, roomId: string, round: number, withLog = false): Promise<MatchRecord | null> {
    const rows = await queryRows<RawMatch>(
      runner,
      `SELECT ${MATCH_COLUMNS}${withLog ? ', input_log' : ''} FROM matches WHERE room_id = $1 AND round = $2`,
      [roomId, round],
    );
    return rows[0] ? toMatch(rows[0]) : null;
  }

  /** The most recent round of the room that is over (finished, void or held for review). */
  async lastClosedMatch(runner: SqlRunner, roomId: string): Promise<MatchRecord | null> {
    const rows = await queryRows<RawMatch>(
      runner,
      `SELECT ${MATCH_COLUMNS} FROM matches WHERE room_id = $1 AND status IN ('finished','void','held')
        ORDER BY round DESC LIMIT 1`,
      [roomId],
    );
    return rows[0] ? toMatch(rows[0]) : null;
  }

  /** Marks the rounds this instance is running (and only those still in its memory) as alive. */
  async heartbeat(runner: SqlRunner, instanceId: string, roomIds: readonly string[]): Promise<void> {
    if (roomIds.length === 0) return;
    await runner.query(
      `UPDATE matches SET heartbeat_at = now()
        WHERE instance_id = $1 AND room_id = ANY($2::varchar[]) AND status IN ('countdown','playing')`,
      [instanceId, roomIds],
    );
  }

  /** Open matches nobody has marked alive for `staleSeconds` (their instance died): to be voided. */
  /** The rounds still open that `instanceId` runs (or ran, if it died). */
  async openMatchesRunBy(
    runner: SqlRunner,
    instanceId: string,
    limit: number,
  ): Promise<Array<{ roomId: string; round: number }>> {
    const rows = await queryRows<{ room_id: string; round: number }>(
      runner,
      `SELECT room_id, round FROM matches
        WHERE status IN ('countdown','playing') AND instance_id = $1
        ORDER BY starts_at LIMIT $2`,
      [instanceId, limit],
    );
    return rows.map((row) => ({ roomId: row.room_id, round: row.round }));
  }

  async staleMatches(
    runner: SqlRunner,
    staleSeconds: number,
    limit: number,
  ): Promise<Array<{ roomId: string; round: number }>> {
    const rows = await queryRows<{ room_id: string; round: number }>(
      runner,
      `SELECT room_id, round FROM matches
        WHERE status IN ('countdown','playing') AND heartbeat_at < now() - make_interval(secs => $1)
        ORDER BY heartbeat_at LIMIT $2`,
      [staleSeconds, limit],
    );
    return rows.map((row) => ({ roomId: row.room_id, round: row.round }));
  }

  /**
   * Finished matches whose XP grants were never all written (the instance died between the settlement and the grants),
   * ended at least `graceSeconds` ago so the settling instance has had its turn: oldest first.
   */
  async matchesAwaitingXp(runner: SqlRunner, graceSeconds: number, limit: number): Promise<MatchXpSubject[]> {
    const rows = await queryRows<{ id: string; outcome: MatchOutcome; player1_id: string; player2_id: string }>(
      runner,
      `SELECT id, outcome, player1_id, player2_id FROM matches
        WHERE status = 'finished' AND xp_granted_at IS NULL AND ended_at < now() - make_interval(secs => $1)
        ORDER BY ended_at LIMIT $2`,
      [graceSeconds, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      outcome: row.outcome,
      player1Id: row.player1_id,
      player2Id: row.player2_id,
    }));
  }

  /** Marks a finished match's XP grants as all written. */
  async markXpGranted(runner: SqlRunner, matchId: string): Promise<void> {
    await runner.query(`UPDATE matches SET xp_granted_at = now() WHERE id = $1 AND xp_granted_at IS NULL`, [matchId]);
  }
}
