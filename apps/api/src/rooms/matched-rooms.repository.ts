import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { queryRows, SqlRunner } from '../database/sql';

/**
 * The open window of a room made by the matchmaking queue (MATCHED_ROOM_OPEN_WINDOW_SECONDS): a matched room must be
 * opened by one of its players soon, or the ordinary room expiry (rooms-maintenance) cancels it and refunds both
 * stakes. The window is the room's own `expires_at`, brought forward at pairing; opening it puts back the expiry any
 * ready room has (its pairing time + ROOM_WAITING_EXPIRY_SECONDS). A matched room whose `expires_at` is still before
 * that has not been opened. The pairing time is the matched entries' `closed_at` (set in the pairing transaction).
 */
@Injectable()
export class MatchedRoomsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  get runner(): SqlRunner {
    return this.dataSource.manager;
  }

  /** At pairing (inside the pairing transaction): the room expires within `windowSeconds` unless opened. */
  async startOpenWindow(runner: SqlRunner, roomId: string, windowSeconds: number): Promise<void> {
    await runner.query(
      `UPDATE rooms SET expires_at = least(expires_at, now() + make_interval(secs => $2)), updated_at = now()
        WHERE id = $1`,
      [roomId, windowSeconds],
    );
  }

  /**
   * A player opened the room: a matched ready room still inside its open window gets the ordinary expiry back.
   * Answers whether it was still inside the window (false for any other room, and once done).
   */
  async markOpened(runner: SqlRunner, roomId: string, readyExpirySeconds: number): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      runner,
      `WITH opened AS (
         UPDATE rooms r SET expires_at = e.closed_at + make_interval(secs => $2), updated_at = now()
           FROM matchmaking_entries e
          WHERE r.id = $1 AND r.status = 'ready' AND e.matched_room_id = r.id AND e.user_id = r.player1_id
            AND e.status = 'matched' AND r.expires_at < e.closed_at + make_interval(secs => $2)
          RETURNING r.id)
       SELECT id FROM opened`,
      [roomId, readyExpirySeconds],
    );
    return rows.length > 0;
  }

  /** The two players of a matched room that was never opened (empty for any other room). */
  async unopenedPlayers(runner: SqlRunner, roomId: string, readyExpirySeconds: number): Promise<string[]> {
    const rows = await queryRows<{ player1_id: string; player2_id: string }>(
      runner,
      `SELECT r.player1_id, r.player2_id FROM rooms r
         JOIN matchmaking_entries e ON e.matched_room_id = r.id AND e.user_id = r.player1_id AND e.status = 'matched'
        WHERE r.id = $1 AND r.player2_id IS NOT NULL AND r.expires_at < e.closed_at + make_interval(secs => $2)`,
      [roomId, readyExpirySeconds],
    );
    return rows.flatMap((row) => [row.player1_id, row.player2_id]);
  }
}
