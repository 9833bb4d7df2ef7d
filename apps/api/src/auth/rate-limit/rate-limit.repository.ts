import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** Fixed-window counters in PostgreSQL, shared by every API instance. */
@Injectable()
export class RateLimitRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Adds one hit to the bucket's current window; the window's total and when the window ends. */
  async hit(bucket: string, windowSeconds: number): Promise<{ hits: number; windowEndsAt: Date }> {
    const rows: Array<{ hits: number; expires_at: Date }> = await this.dataSource.query(
      `WITH w AS (SELECT to_timestamp(floor(extract(epoch FROM now()) / $2) * $2) AS start)
       INSERT INTO auth_rate_limit_counters (bucket, window_start, hits, expires_at)
       SELECT $1, w.start, 1, w.start + make_interval(secs => $2) FROM w
       ON CONFLICT (bucket, window_start) DO UPDATE SET hits = auth_rate_limit_counters.hits + 1
       RETURNING hits, expires_at`,
      [bucket, windowSeconds],
    );
    return { hits: rows[0].hits, windowEndsAt: rows[0].expires_at };
  }

  /** The bucket's hits in the current window. */
  async count(bucket: string, windowSeconds: number): Promise<number> {
    const rows: Array<{ hits: number }> = await this.dataSource.query(
      `SELECT hits FROM auth_rate_limit_counters
        WHERE bucket = $1 AND window_start = to_timestamp(floor(extract(epoch FROM now()) / $2) * $2)`,
      [bucket, windowSeconds],
    );
    return rows[0]?.hits ?? 0;
  }

  async clear(bucket: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM auth_rate_limit_counters WHERE bucket = $1`, [bucket]);
  }

  async pruneExpired(): Promise<void> {
    await this.dataSource.query(`DELETE FROM auth_rate_limit_counters WHERE expires_at < now()`);
  }
}
