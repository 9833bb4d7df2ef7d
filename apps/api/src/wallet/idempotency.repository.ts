import { Injectable } from '@nestjs/common';
import { queryRows, SqlRunner } from '../database/sql';

export interface StoredAnswer {
  requestHash: string;
  statusCode: number | null;
  body: unknown;
}

/** SQL of the HTTP idempotency keys (docs/decisions/0202-idempotency-keys.md). */
@Injectable()
export class IdempotencyRepository {
  /**
   * Claims (user, key) for this request. While the claiming transaction is open, a concurrent claim of the same key
   * waits on the primary key; once it commits, the waiter gets no row and reads the stored answer instead.
   */
  async claim(runner: SqlRunner, userId: string, key: string, requestHash: string, ttlHours: number): Promise<boolean> {
    const rows = await queryRows(
      runner,
      `INSERT INTO idempotency_keys (user_id, key, request_hash, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(hours => $4::integer))
       ON CONFLICT (user_id, key) DO NOTHING
       RETURNING 1`,
      [userId, key, requestHash, ttlHours],
    );
    return rows.length === 1;
  }

  async find(runner: SqlRunner, userId: string, key: string): Promise<StoredAnswer | null> {
    const rows = await queryRows<{ request_hash: string; response_status: number | null; response_body: unknown }>(
      runner,
      `SELECT request_hash, response_status, response_body FROM idempotency_keys WHERE user_id = $1 AND key = $2`,
      [userId, key],
    );
    const row = rows[0];
    return row ? { requestHash: row.request_hash, statusCode: row.response_status, body: row.response_body } : null;
  }

  async storeAnswer(runner: SqlRunner, userId: string, key: string, statusCode: number, body: unknown): Promise<void> {
    await queryRows(
      runner,
      `WITH stored AS (
         UPDATE idempotency_keys SET response_status = $3, response_body = $4::json
          WHERE user_id = $1 AND key = $2
          RETURNING 1)
       SELECT * FROM stored`,
      [userId, key, statusCode, JSON.stringify(body)],
    );
  }
}
