import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { EmailTokenPurpose } from './entities/email-token.entity';
import { returningRows } from '../database/returning';

/** SQL for the single-use tokens sent by email. */
@Injectable()
export class EmailTokensRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Stores a new token and retires the user's earlier unused ones of the same purpose (only the latest mail works). */
  async issue(
    userId: string,
    purpose: EmailTokenPurpose,
    email: string,
    tokenHash: string,
    ttlSeconds: number,
  ): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE auth_email_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
        [userId, purpose],
      );
      await manager.query(
        `INSERT INTO auth_email_tokens (token_hash, user_id, purpose, email, expires_at)
         VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
        [tokenHash, userId, purpose, email, ttlSeconds],
      );
    });
  }

  /** Spends a live token atomically (a second use finds nothing); returns its user and address. */
  async consume(
    tokenHash: string,
    purpose: EmailTokenPurpose,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<{ userId: string; email: string } | null> {
    const rows = await returningRows<{ user_id: string; email: string }>(
      manager,
      `UPDATE auth_email_tokens SET used_at = now()
        WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
        RETURNING user_id, email`,
      [tokenHash, purpose],
    );
    return rows.length === 1 ? { userId: rows[0].user_id, email: rows[0].email } : null;
  }

  async retireAll(
    userId: string,
    purpose: EmailTokenPurpose,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.query(
      `UPDATE auth_email_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
      [userId, purpose],
    );
  }
}
