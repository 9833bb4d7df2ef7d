import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { queryRows } from '../database/sql';

/** SQL of the private-room password guesses (capped per room and user); no room row is locked here. */
@Injectable()
export class RoomPasswordAttemptsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Claims one guess for (room, user) if fewer than `max` are on record within `windowSeconds`, else null: the guess's
   * id, how many guesses of the pair are on record with it, and when the oldest of them was made (the lock a full
   * window starts ends when that one ages out). A transaction-scoped advisory lock on (room, user) makes
   * count-then-insert atomic against concurrent guesses by the same user on the same room (and nobody else); older
   * rows of the pair are pruned on the way.
   */
  async claim(
    roomId: string,
    userId: string,
    max: number,
    windowSeconds: number,
  ): Promise<{ attemptId: string; attemptsInWindow: number; oldestAttemptAt: Date } | null> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
        `room-password:${roomId}:${userId}`,
      ]);
      await manager.query(
        `DELETE FROM room_password_attempts
          WHERE room_id = $1 AND user_id = $2 AND attempted_at <= now() - make_interval(secs => $3)`,
        [roomId, userId, windowSeconds],
      );
      const [{ attempts }] = await queryRows<{ attempts: number }>(
        manager,
        `SELECT count(*)::int AS attempts FROM room_password_attempts WHERE room_id = $1 AND user_id = $2`,
        [roomId, userId],
      );
      if (attempts >= max) return null;
      const [row] = await queryRows<{ id: string; oldest: Date }>(
        manager,
        `WITH inserted AS (
           INSERT INTO room_password_attempts (room_id, user_id) VALUES ($1, $2) RETURNING id, attempted_at)
         SELECT inserted.id::text AS id,
                least(inserted.attempted_at, (SELECT min(attempted_at) FROM room_password_attempts
                                               WHERE room_id = $1 AND user_id = $2)) AS oldest
           FROM inserted`,
        [roomId, userId],
      );
      return { attemptId: row.id, attemptsInWindow: attempts + 1, oldestAttemptAt: row.oldest };
    });
  }

  /** Forgets guesses older than the window (the rooms sweep; a pair's own are also pruned at its next guess). */
  async pruneOlderThan(windowSeconds: number): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM room_password_attempts WHERE attempted_at <= now() - make_interval(secs => $1)`,
      [windowSeconds],
    );
  }

  /** A right guess does not count. */
  async release(attemptId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM room_password_attempts WHERE id = $1`, [attemptId]);
  }
}
