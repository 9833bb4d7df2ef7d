import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { MatchmakingEntryStatus, MATCHMAKING_DEFAULT_RATING } from '@skillduel/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { whileAdvisoryLockHeld } from '../database/advisory-lock';
import { transactionWithRetry } from '../database/retry-transaction';
import { queryRows, SqlRunner } from '../database/sql';
import { QueueCandidate } from './matchmaking-pairing';

export interface QueueEntryRecord {
  id: string;
  userId: string;
  roomId: string;
  gameId: string;
  betCents: bigint;
  rating: number;
  status: MatchmakingEntryStatus;
  matchedRoomId: string | null;
  createdAt: Date;
  deviceId: string | null;
  ip: string | null;
  /** Milliseconds since entry, by the database clock. */
  waitedMs: number;
}

interface RawEntry {
  id: string;
  user_id: string;
  room_id: string;
  game_id: string;
  bet_cents: string;
  rating: number;
  status: MatchmakingEntryStatus;
  matched_room_id: string | null;
  created_at: Date;
  device_id: string | null;
  ip: string | null;
  waited_ms: number;
}

/**
 * Identifies the matcher's lease among PostgreSQL advisory locks (any constant unique in this database; the
 * migration lock is another). One matching pass at a time across every instance on the database.
 */
const MATCHER_LOCK_KEY = 17_020_001;

const ENTRY_COLUMNS = `e.id, e.user_id, e.room_id, e.game_id, e.bet_cents::text AS bet_cents, e.rating, e.status,
  e.matched_room_id, e.created_at, e.device_id, e.ip,
  (extract(epoch FROM coalesce(e.closed_at, now()) - e.created_at) * 1000)::float8 AS waited_ms`;

function toEntry(row: RawEntry): QueueEntryRecord {
  return {
    id: row.id,
    userId: row.user_id,
    roomId: row.room_id,
    gameId: row.game_id,
    betCents: BigInt(row.bet_cents),
    rating: Number(row.rating),
    status: row.status,
    matchedRoomId: row.matched_room_id,
    createdAt: row.created_at,
    deviceId: row.device_id,
    ip: row.ip,
    waitedMs: Number(row.waited_ms),
  };
}

/**
 * All SQL of the matchmaking queue. Lock order of every queue transaction: entries, then users by id, then rooms by
 * id (docs/decisions/1702). The matcher takes entries with SKIP LOCKED, so matchers never wait on each other.
 */
@Injectable()
export class MatchmakingRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  get runner(): SqlRunner {
    return this.dataSource.manager;
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return transactionWithRetry(this.dataSource, work);
  }

  /** Runs `work` only if no other instance is running a matching pass (see whileAdvisoryLockHeld). */
  whileMatcherLockHeld(work: () => Promise<void>): Promise<boolean> {
    return whileAdvisoryLockHeld(this.dataSource, MATCHER_LOCK_KEY, work);
  }

  async lockUser(runner: SqlRunner, userId: string): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(runner, `SELECT id FROM users WHERE id = $1 FOR UPDATE`, [userId]);
    return rows.length > 0;
  }

  /** The rooms' rows, locked one by one in id order. */
  async lockRooms(runner: SqlRunner, roomIds: readonly string[]): Promise<Map<string, { waiting: boolean }>> {
    const rooms = new Map<string, { waiting: boolean }>();
    for (const roomId of [...roomIds].sort()) {
      const rows = await queryRows<{ waiting: boolean }>(
        runner,
        `SELECT (status = 'waiting' AND player2_id IS NULL) AS waiting FROM rooms WHERE id = $1 FOR UPDATE`,
        [roomId],
      );
      rooms.set(roomId, { waiting: rows[0]?.waiting ?? false });
    }
    return rooms;
  }

  /** The player's waiting entry whose hidden room still waits (an entry whose room was closed otherwise is over). */
  async activeEntryOf(runner: SqlRunner, userId: string): Promise<QueueEntryRecord | null> {
    const rows = await queryRows<RawEntry>(
      runner,
      `SELECT ${ENTRY_COLUMNS} FROM matchmaking_entries e JOIN rooms r ON r.id = e.room_id
        WHERE e.user_id = $1 AND e.status = 'waiting' AND r.status = 'waiting' AND r.player2_id IS NULL
        ORDER BY e.created_at DESC LIMIT 1`,
      [userId],
    );
    return rows[0] ? toEntry(rows[0]) : null;
  }

  /**
   * The player's latest matched entry whose room is still to be played and still has the player in a seat (ready,
   * playing, or waiting again after the opponent left): a REST-only client learns its room from it. Over once the
   * round finished, the room closed, or the player left it.
   */
  async openMatchedEntryOf(runner: SqlRunner, userId: string): Promise<QueueEntryRecord | null> {
    const rows = await queryRows<RawEntry>(
      runner,
      `SELECT ${ENTRY_COLUMNS} FROM matchmaking_entries e JOIN rooms r ON r.id = e.matched_room_id
        WHERE e.user_id = $1 AND e.status = 'matched' AND r.status IN ('waiting','ready','playing')
          AND $1 IN (r.player1_id, r.player2_id)
        ORDER BY e.closed_at DESC, e.id DESC LIMIT 1`,
      [userId],
    );
    return rows[0] ? toEntry(rows[0]) : null;
  }

  /** The player's latest entry, locked (waits for a matcher that holds it, then sees its outcome). */
  async lockLatestEntryOf(runner: SqlRunner, userId: string): Promise<QueueEntryRecord | null> {
    const rows = await queryRows<RawEntry>(
      runner,
      `SELECT ${ENTRY_COLUMNS} FROM matchmaking_entries e WHERE e.user_id = $1
        ORDER BY e.created_at DESC, e.id DESC LIMIT 1 FOR UPDATE`,
      [userId],
    );
    return rows[0] ? toEntry(rows[0]) : null;
  }

  /** The given entries that still wait and no other transaction holds, locked. */
  async lockWaitingEntries(runner: SqlRunner, entryIds: readonly string[]): Promise<QueueEntryRecord[]> {
    const rows = await queryRows<RawEntry>(
      runner,
      `SELECT ${ENTRY_COLUMNS} FROM matchmaking_entries e
        WHERE e.id = ANY($1::uuid[]) AND e.status = 'waiting' ORDER BY e.id FOR UPDATE SKIP LOCKED`,
      [entryIds],
    );
    return rows.map(toEntry);
  }

  async ratingOf(runner: SqlRunner, userId: string, gameId: string): Promise<number> {
    const rows = await queryRows<{ rating: number }>(
      runner,
      `SELECT rating FROM player_ratings WHERE user_id = $1 AND game_id = $2`,
      [userId, gameId],
    );
    return rows[0] ? Number(rows[0].rating) : MATCHMAKING_DEFAULT_RATING;
  }

  async insertEntry(
    runner: SqlRunner,
    entry: {
      userId: string;
      roomId: string;
      gameId: string;
      betCents: bigint;
      rating: number;
      deviceId: string | null;
      ip: string | null;
    },
  ): Promise<QueueEntryRecord> {
    const rows = await queryRows<RawEntry>(
      runner,
      `WITH e AS (
         INSERT INTO matchmaking_entries (user_id, room_id, game_id, bet_cents, rating, device_id, ip)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         RETURNING *)
       SELECT ${ENTRY_COLUMNS} FROM e`,
      [
        entry.userId,
        entry.roomId,
        entry.gameId,
        entry.betCents.toString(),
        entry.rating,
        entry.deviceId,
        entry.ip?.slice(0, 64) ?? null,
      ],
    );
    return toEntry(rows[0]);
  }

  async closeEntry(
    runner: SqlRunner,
    entryId: string,
    status: Exclude<MatchmakingEntryStatus, 'waiting'>,
    matchedRoomId: string | null = null,
  ): Promise<void> {
    await runner.query(
      `UPDATE matchmaking_entries SET status = $2, matched_room_id = $3, closed_at = now()
        WHERE id = $1 AND status = 'waiting'`,
      [entryId, status, matchedRoomId],
    );
  }

  /** Every waiting entry, longest-waiting first (no locks: the matcher re-checks each pair under locks). */
  async waitingCandidates(runner: SqlRunner, limit: number): Promise<QueueCandidate[]> {
    const rows = await queryRows<RawEntry>(
      runner,
      `SELECT ${ENTRY_COLUMNS} FROM matchmaking_entries e WHERE e.status = 'waiting'
        ORDER BY e.created_at, e.id LIMIT $1`,
      [limit],
    );
    return rows.map(toEntry).map((entry) => ({
      entryId: entry.id,
      userId: entry.userId,
      roomId: entry.roomId,
      gameId: entry.gameId,
      betCents: entry.betCents,
      rating: entry.rating,
      waitedMs: entry.waitedMs,
      deviceId: entry.deviceId,
      ip: entry.ip,
    }));
  }

  async expiredEntryIds(runner: SqlRunner, maxWaitSeconds: number, limit: number): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      runner,
      `SELECT id FROM matchmaking_entries
        WHERE status = 'waiting' AND created_at < now() - make_interval(secs => $1) ORDER BY created_at LIMIT $2`,
      [maxWaitSeconds, limit],
    );
    return rows.map((row) => row.id);
  }

  /** Each user's opponents in their last `perUser` matches. */
  async recentOpponents(
    runner: SqlRunner,
    userIds: readonly string[],
    perUser: number,
  ): Promise<Map<string, Set<string>>> {
    const rows = await queryRows<{ user_id: string; opponent_id: string }>(
      runner,
      `SELECT u.id AS user_id, m.opponent_id
         FROM unnest($1::uuid[]) AS u(id)
         JOIN LATERAL (
           SELECT CASE WHEN player1_id = u.id THEN player2_id ELSE player1_id END AS opponent_id
             FROM matches WHERE player1_id = u.id OR player2_id = u.id
            ORDER BY countdown_at DESC LIMIT $2) m ON true`,
      [userIds, perUser],
    );
    const map = new Map<string, Set<string>>();
    for (const row of rows) {
      const set = map.get(row.user_id) ?? new Set<string>();
      set.add(row.opponent_id);
      map.set(row.user_id, set);
    }
    return map;
  }
}
