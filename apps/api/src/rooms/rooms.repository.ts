import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { MatchEndReason, MatchOutcome, RoomStatus } from '@skillduel/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { transactionWithRetry } from '../database/retry-transaction';
import { queryRows, SqlRunner } from '../database/sql';
import { returningRows } from '../database/returning';

/** A seated player as rooms show them. */
export interface RoomPlayerRecord {
  id: string;
  username: string;
  level: number;
}

/** The game facts a room needs. */
export interface RoomGameRecord {
  id: string;
  name: string;
  icon: string;
  description: string;
  category: string;
  difficulty: string;
  minBetCents: bigint;
  maxBetCents: bigint;
  defaultBetCents: bigint;
  timeLimitSeconds: number;
}

/** The columns of a room row (what a lock returns). */
export interface RoomCore {
  id: string;
  gameId: string;
  status: RoomStatus;
  betCents: bigint;
  isPrivate: boolean;
  passwordHash: string | null;
  player1Id: string;
  player2Id: string | null;
  round: number;
  expiresAt: Date | null;
  closedAt: Date | null;
  createdAt: Date;
}

/** A room with its players and game, for answers and the live runtime. */
export interface RoomRecord extends RoomCore {
  player1: RoomPlayerRecord;
  player2: RoomPlayerRecord | null;
  game: RoomGameRecord;
}

export interface StakeRecord {
  userId: string;
  amountCents: bigint;
}

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

type RawRoom = {
  id: string;
  game_id: string;
  status: RoomStatus;
  bet_cents: string;
  is_private: boolean;
  password_hash: string | null;
  player1_id: string;
  player2_id: string | null;
  round: number;
  expires_at: Date | null;
  closed_at: Date | null;
  created_at: Date;
};

type RawRoomWithJoins = RawRoom & {
  p1_username: string;
  p1_level: number;
  p2_username: string | null;
  p2_level: number | null;
  g_name: string;
  g_icon: string;
  g_description: string;
  g_category: string;
  g_difficulty: string;
  g_min_bet_cents: string;
  g_max_bet_cents: string;
  g_default_bet_cents: string;
  g_time_limit_seconds: number;
};

const ROOM_COLUMNS = `r.id, r.game_id, r.status, r.bet_cents::text AS bet_cents, r.is_private, r.password_hash,
  r.player1_id, r.player2_id, r.round, r.expires_at, r.closed_at, r.created_at`;

const ROOM_WITH_JOINS = `SELECT ${ROOM_COLUMNS},
    u1.username AS p1_username, u1.level AS p1_level, u2.username AS p2_username, u2.level AS p2_level,
    g.name AS g_name, g.icon AS g_icon, g.description AS g_description, g.category AS g_category,
    g.difficulty AS g_difficulty, g.min_bet_cents::text AS g_min_bet_cents, g.max_bet_cents::text AS g_max_bet_cents,
    g.default_bet_cents::text AS g_default_bet_cents, g.time_limit_seconds AS g_time_limit_seconds
  FROM rooms r
  JOIN users u1 ON u1.id = r.player1_id
  LEFT JOIN users u2 ON u2.id = r.player2_id
  JOIN games g ON g.id = r.game_id`;

function toCore(row: RawRoom): RoomCore {
  return {
    id: row.id,
    gameId: row.game_id,
    status: row.status,
    betCents: BigInt(row.bet_cents),
    isPrivate: row.is_private,
    passwordHash: row.password_hash,
    player1Id: row.player1_id,
    player2Id: row.player2_id,
    round: row.round,
    expiresAt: row.expires_at,
    closedAt: row.closed_at,
    createdAt: row.created_at,
  };
}

function toRecord(row: RawRoomWithJoins): RoomRecord {
  return {
    ...toCore(row),
    player1: { id: row.player1_id, username: row.p1_username, level: row.p1_level },
    player2:
      row.player2_id && row.p2_username !== null
        ? { id: row.player2_id, username: row.p2_username, level: row.p2_level ?? 1 }
        : null,
    game: {
      id: row.game_id,
      name: row.g_name,
      icon: row.g_icon,
      description: row.g_description,
      category: row.g_category,
      difficulty: row.g_difficulty,
      minBetCents: BigInt(row.g_min_bet_cents),
      maxBetCents: BigInt(row.g_max_bet_cents),
      defaultBetCents: BigInt(row.g_default_bet_cents),
      timeLimitSeconds: row.g_time_limit_seconds,
    },
  };
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

/** Not the hidden room of a waiting matchmaking entry (docs/decisions/1702): never listed nor quick-matched. */
const NOT_QUEUED = `NOT EXISTS (SELECT 1 FROM matchmaking_entries q WHERE q.room_id = r.id AND q.status = 'waiting')`;

/** All SQL of rooms, stakes and matches. Money itself is moved by LedgerService only. */
@Injectable()
export class RoomsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  get runner(): SqlRunner {
    return this.dataSource.manager;
  }

  /** One transaction, run again as a whole if it loses a deadlock or serialization race (transactionWithRetry). */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return transactionWithRetry(this.dataSource, work);
  }

  async findGame(runner: SqlRunner, gameId: string): Promise<RoomGameRecord | null> {
    const rows = await queryRows<{
      id: string;
      name: string;
      icon: string;
      description: string;
      category: string;
      difficulty: string;
      min_bet_cents: string;
      max_bet_cents: string;
      default_bet_cents: string;
      time_limit_seconds: number;
    }>(
      runner,
      `SELECT id, name, icon, description, category, difficulty, min_bet_cents::text, max_bet_cents::text,
              default_bet_cents::text, time_limit_seconds
         FROM games WHERE id = $1 AND is_active`,
      [gameId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      name: row.name,
      icon: row.icon,
      description: row.description,
      category: row.category,
      difficulty: row.difficulty,
      minBetCents: BigInt(row.min_bet_cents),
      maxBetCents: BigInt(row.max_bet_cents),
      defaultBetCents: BigInt(row.default_bet_cents),
      timeLimitSeconds: row.time_limit_seconds,
    };
  }

  /** Locks the user's row: serializes one player's creates and joins, so the open-room cap holds under concurrency. */
  async lockUser(runner: SqlRunner, userId: string): Promise<{ canBet: boolean } | null> {
    const rows = await queryRows<{ can_bet: boolean }>(runner, `SELECT can_bet FROM users WHERE id = $1 FOR UPDATE`, [
      userId,
    ]);
    return rows[0] ? { canBet: rows[0].can_bet } : null;
  }

  async countOpenRooms(runner: SqlRunner, userId: string): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      runner,
      `SELECT count(*)::int AS n FROM rooms
        WHERE status IN ('waiting','ready','playing') AND (player1_id = $1 OR player2_id = $1)`,
      [userId],
    );
    return rows[0]?.n ?? 0;
  }

  async insertRoom(
    runner: SqlRunner,
    room: {
      id: string;
      gameId: string;
      betCents: bigint;
      isPrivate: boolean;
      passwordHash: string | null;
      player1Id: string;
      expirySeconds: number;
    },
  ): Promise<void> {
    await runner.query(
      `INSERT INTO rooms (id, game_id, status, bet_cents, is_private, password_hash, player1_id, expires_at)
       VALUES ($1, $2, 'waiting', $3, $4, $5, $6, now() + make_interval(secs => $7))`,
      [
        room.id,
        room.gameId,
        room.betCents.toString(),
        room.isPrivate,
        room.passwordHash,
        room.player1Id,
        room.expirySeconds,
      ],
    );
  }

  async lockRoom(runner: SqlRunner, roomId: string): Promise<RoomCore | null> {
    const rows = await queryRows<RawRoom>(runner, `SELECT ${ROOM_COLUMNS} FROM rooms r WHERE r.id = $1 FOR UPDATE`, [
      roomId,
    ]);
    return rows[0] ? toCore(rows[0]) : null;
  }

  async findRoom(runner: SqlRunner, roomId: string): Promise<RoomRecord | null> {
    const rows = await queryRows<RawRoomWithJoins>(runner, `${ROOM_WITH_JOINS} WHERE r.id = $1`, [roomId]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async listRooms(
    runner: SqlRunner,
    filter: { gameId?: string; statuses: readonly RoomStatus[]; limit: number },
  ): Promise<RoomRecord[]> {
    const rows = await queryRows<RawRoomWithJoins>(
      runner,
      `${ROOM_WITH_JOINS}
        WHERE r.status = ANY($1::varchar[]) AND ($2::varchar IS NULL OR r.game_id = $2) AND ${NOT_QUEUED}
        ORDER BY r.created_at DESC, r.id DESC
        LIMIT $3`,
      [filter.statuses, filter.gameId ?? null, filter.limit],
    );
    return rows.map(toRecord);
  }

  /** The oldest waiting public room of this game and bet that `userId` may join, locked (others skip it). */
  async lockQuickMatchCandidate(
    runner: SqlRunner,
    gameId: string,
    betCents: bigint,
    userId: string,
  ): Promise<RoomCore | null> {
    const rows = await queryRows<RawRoom>(
      runner,
      `SELECT ${ROOM_COLUMNS} FROM rooms r
        WHERE r.status = 'waiting' AND NOT r.is_private AND r.game_id = $1 AND r.bet_cents = $2 AND r.player1_id <> $3
          AND ${NOT_QUEUED}
        ORDER BY r.created_at, r.id
        LIMIT 1
        FOR UPDATE SKIP LOCKED`,
      [gameId, betCents.toString(), userId],
    );
    return rows[0] ? toCore(rows[0]) : null;
  }

  async setPlayer2(runner: SqlRunner, roomId: string, userId: string | null, expirySeconds: number): Promise<void> {
    await runner.query(
      `UPDATE rooms SET player2_id = $2, status = CASE WHEN $2::uuid IS NULL THEN 'waiting' ELSE 'ready' END,
              expires_at = now() + make_interval(secs => $3), updated_at = now()
        WHERE id = $1`,
      [roomId, userId, expirySeconds],
    );
  }

  async setStatus(
    runner: SqlRunner,
    roomId: string,
    status: RoomStatus,
    options: { expirySeconds?: number; closeReason?: string } = {},
  ): Promise<void> {
    await runner.query(
      `UPDATE rooms SET status = $2,
              expires_at = CASE WHEN $3::int IS NULL THEN NULL ELSE now() + make_interval(secs => $3::int) END,
              closed_at = CASE WHEN $4::varchar IS NULL THEN closed_at ELSE now() END,
              close_reason = coalesce($4::varchar, close_reason),
              updated_at = now()
        WHERE id = $1`,
      [roomId, status, options.expirySeconds ?? null, options.closeReason ?? null],
    );
  }

  /** No more Play Again in a finished room (a player left it). */
  async closeFinished(runner: SqlRunner, roomId: string, reason: string): Promise<void> {
    await runner.query(
      `UPDATE rooms SET closed_at = now(), close_reason = $2, updated_at = now() WHERE id = $1 AND closed_at IS NULL`,
      [roomId, reason],
    );
  }

  async startNextRound(runner: SqlRunner, roomId: string, round: number, expirySeconds: number): Promise<void> {
    await runner.query(
      `UPDATE rooms SET round = $2, status = 'ready', expires_at = now() + make_interval(secs => $3), updated_at = now()
        WHERE id = $1`,
      [roomId, round, expirySeconds],
    );
  }

  // ── Stakes ─────────────────────────────────────────────────────────────────────────────────────────────────────

  /** How many stakes (held or released) the player already put into this round of the room. */
  async countStakes(runner: SqlRunner, roomId: string, round: number, userId: string): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      runner,
      `SELECT count(*)::int AS n FROM room_stakes WHERE room_id = $1 AND round = $2 AND user_id = $3`,
      [roomId, round, userId],
    );
    return rows[0]?.n ?? 0;
  }

  async insertStake(
    runner: SqlRunner,
    stake: {
      roomId: string;
      round: number;
      userId: string;
      stakeNo: number;
      amountCents: bigint;
      betTransactionId: string;
    },
  ): Promise<void> {
    await runner.query(
      `INSERT INTO room_stakes (room_id, round, user_id, stake_no, amount_cents, bet_transaction_id)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [stake.roomId, stake.round, stake.userId, stake.stakeNo, stake.amountCents.toString(), stake.betTransactionId],
    );
  }

  async heldStakes(
    runner: SqlRunner,
    roomId: string,
    round?: number,
  ): Promise<Array<StakeRecord & { round: number; stakeNo: number }>> {
    const rows = await queryRows<{ user_id: string; amount_cents: string; round: number; stake_no: number }>(
      runner,
      // Without a round (a room-wide refund) the stakes of a round held for fair-play review stay in escrow: only
      // support's decision releases them (decision 1802).
      `SELECT user_id, amount_cents::text, round, stake_no FROM room_stakes s
        WHERE room_id = $1 AND state = 'held' AND ($2::int IS NULL OR round = $2)
          AND ($2::int IS NOT NULL OR NOT EXISTS (
                SELECT 1 FROM matches m WHERE m.room_id = s.room_id AND m.round = s.round AND m.status = 'held'))
        ORDER BY round, created_at`,
      [roomId, round ?? null],
    );
    return rows.map((row) => ({
      userId: row.user_id,
      amountCents: BigInt(row.amount_cents),
      round: row.round,
      stakeNo: row.stake_no,
    }));
  }

  async releaseStakes(
    runner: SqlRunner,
    roomId: string,
    round: number,
    userIds: readonly string[],
    state: 'settled' | 'refunded',
    transactionId: string,
  ): Promise<number> {
    const rows = await returningRows<unknown>(
      runner,
      `UPDATE room_stakes SET state = $4, release_transaction_id = $5, released_at = now()
        WHERE room_id = $1 AND round = $2 AND user_id = ANY($3::uuid[]) AND state = 'held'
        RETURNING user_id`,
      [roomId, round, userIds, state, transactionId],
    );
    return rows.length;
  }

  // ── Matches ────────────────────────────────────────────────────────────────────────────────────────────────────

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
  ): Promise<MatchRecord | null> {
    const rows = await queryRows<RawMatch>(
      runner,
      `SELECT ${MATCH_COLUMNS}, input_log FROM matches
        WHERE room_id = $1 AND round = $2 AND status IN ('countdown','playing')
          AND ($3::int IS NULL OR heartbeat_at < now() - make_interval(secs => $3::int))
        FOR UPDATE`,
      [roomId, round, onlyIfStaleSeconds],
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

  /** Whether the room is the hidden room of a waiting matchmaking entry. */
  async isQueuedRoom(runner: SqlRunner, roomId: string): Promise<boolean> {
    const rows = await queryRows<{ queued: boolean }>(
      runner,
      `SELECT EXISTS (SELECT 1 FROM matchmaking_entries q WHERE q.room_id = $1 AND q.status = 'waiting') AS queued`,
      [roomId],
    );
    return rows[0]?.queued ?? false;
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

  /** Locks the room when it is waiting/ready and past its expiry (checked again under the lock). */
  async lockExpiredRoom(runner: SqlRunner, roomId: string): Promise<RoomCore | null> {
    const rows = await queryRows<RawRoom>(
      runner,
      `SELECT ${ROOM_COLUMNS} FROM rooms r
        WHERE r.id = $1 AND r.status IN ('waiting','ready') AND r.expires_at < now() FOR UPDATE`,
      [roomId],
    );
    return rows[0] ? toCore(rows[0]) : null;
  }

  /** Waiting/ready rooms past their expiry. */
  async expiredRooms(runner: SqlRunner, limit: number): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      runner,
      `SELECT id FROM rooms WHERE status IN ('waiting','ready') AND expires_at < now() ORDER BY expires_at LIMIT $1`,
      [limit],
    );
    return rows.map((row) => row.id);
  }
}
