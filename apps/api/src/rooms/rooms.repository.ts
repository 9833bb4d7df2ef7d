import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { RoomStatus } from '@skillduel/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { transactionWithRetry } from '../database/retry-transaction';
import { queryRows, SqlRunner } from '../database/sql';

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

/** Not the hidden room of a waiting matchmaking entry (docs/decisions/1702): never listed nor quick-matched. */
const NOT_QUEUED = `NOT EXISTS (SELECT 1 FROM matchmaking_entries q WHERE q.room_id = r.id AND q.status = 'waiting')`;

/**
 * The SQL of room rows (and the player row a stake locks first). Stakes live in RoomStakesRepository, rounds in
 * MatchesRepository; money itself is moved by LedgerService only.
 */
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

  /** Whether the room is the hidden room of a waiting matchmaking entry. */
  async isQueuedRoom(runner: SqlRunner, roomId: string): Promise<boolean> {
    const rows = await queryRows<{ queued: boolean }>(
      runner,
      `SELECT EXISTS (SELECT 1 FROM matchmaking_entries q WHERE q.room_id = $1 AND q.status = 'waiting') AS queued`,
      [roomId],
    );
    return rows[0]?.queued ?? false;
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
