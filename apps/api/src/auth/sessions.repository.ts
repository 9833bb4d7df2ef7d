import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AuthSessionEntity } from './entities/auth-session.entity';
import { returningRows } from '../database/returning';
import { preparedRows } from '../database/sql';

export type SessionRevocationReason =
  | 'logout'
  | 'revoked'
  | 'revoked_others'
  | 'logout_all'
  | 'password_reset'
  | 'password_changed'
  | 'refresh_token_reuse';

export interface NewSession {
  userId: string;
  authMethod: string;
  ip: string | null;
  userAgent: string | null;
  /** The server-issued device id the session started with (decision 2330); null for an unknown device. */
  deviceId: string | null;
  refreshTokenHash: string;
  expiresAt: Date;
}

export type RotationOutcome =
  | { kind: 'rotated'; sessionId: string; userId: string }
  /** Spent outside the grace window: the session has just been revoked. */
  | { kind: 'reused'; sessionId: string; userId: string }
  /** Unknown, expired, belongs to a revoked session, or spent a moment ago by a concurrent refresh. */
  | { kind: 'invalid' };

/** Sessions are touched at most this often by authenticated requests (refreshes always touch). */
const LAST_USED_RESOLUTION_SECONDS = 60;

/** SQL for sessions and refresh tokens. */
@Injectable()
export class SessionsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Creates a session and its first refresh token in one transaction; returns the session id. */
  async create(session: NewSession): Promise<string> {
    return this.dataSource.transaction(async (manager) => {
      const rows: Array<{ id: string }> = await manager.query(
        `INSERT INTO auth_sessions (user_id, auth_method, ip, user_agent, device_id, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [session.userId, session.authMethod, session.ip, session.userAgent, session.deviceId, session.expiresAt],
      );
      const sessionId = rows[0].id;
      await this.insertRefreshToken(manager, sessionId, session.refreshTokenHash, session.expiresAt);
      return sessionId;
    });
  }

  /** The session behind an access token, when it is still live; also touches last_used_at now and then. */
  async findActiveForAuth(sessionId: string, userId: string): Promise<{ username: string } | null> {
    // Runs on every authenticated request: a prepared statement, planned once per connection.
    const rows = await preparedRows<{ username: string; stale: boolean }>(
      this.dataSource,
      'auth_session_check',
      `SELECT u.username, s.last_used_at < now() - make_interval(secs => $3) AS stale
         FROM auth_sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now()`,
      [sessionId, userId, LAST_USED_RESOLUTION_SECONDS],
    );
    if (rows.length === 0) return null;
    if (rows[0].stale) {
      await this.dataSource.query(`UPDATE auth_sessions SET last_used_at = now() WHERE id = $1`, [sessionId]);
    }
    return { username: rows[0].username };
  }

  /**
   * Spends `oldHash` and stores `newHash` in its place, atomically. The conditional UPDATE takes the row lock, so
   * of two concurrent refreshes with the same token exactly one sees `rotated_at IS NULL` and wins.
   * A token already spent longer than `graceSeconds` ago revokes its whole session (reuse detection).
   */
  async rotateRefreshToken(
    oldHash: string,
    newHash: string,
    newExpiresAt: Date,
    graceSeconds: number,
  ): Promise<RotationOutcome> {
    return this.dataSource.transaction(async (manager) => {
      const won = await returningRows<{ session_id: string; user_id: string }>(
        manager,
        `UPDATE auth_refresh_tokens t SET rotated_at = now()
           FROM auth_sessions s
          WHERE t.token_hash = $1 AND t.rotated_at IS NULL AND t.expires_at > now()
            AND s.id = t.session_id AND s.revoked_at IS NULL AND s.expires_at > now()
          RETURNING t.session_id, s.user_id`,
        [oldHash],
      );
      if (won.length === 1) {
        const { session_id: sessionId, user_id: userId } = won[0];
        await this.insertRefreshToken(manager, sessionId, newHash, newExpiresAt);
        await manager.query(`UPDATE auth_sessions SET last_used_at = now(), expires_at = $2 WHERE id = $1`, [
          sessionId,
          newExpiresAt,
        ]);
        return { kind: 'rotated', sessionId, userId };
      }
      const spent: Array<{ session_id: string; user_id: string; within_grace: boolean }> = await manager.query(
        `SELECT t.session_id, s.user_id, t.rotated_at > now() - make_interval(secs => $2) AS within_grace
           FROM auth_refresh_tokens t JOIN auth_sessions s ON s.id = t.session_id
          WHERE t.token_hash = $1 AND t.rotated_at IS NOT NULL AND s.revoked_at IS NULL`,
        [oldHash, graceSeconds],
      );
      if (spent.length === 0 || spent[0].within_grace) return { kind: 'invalid' };
      await manager.query(
        `UPDATE auth_sessions SET revoked_at = now(), revoked_reason = 'refresh_token_reuse'
          WHERE id = $1 AND revoked_at IS NULL`,
        [spent[0].session_id],
      );
      return { kind: 'reused', sessionId: spent[0].session_id, userId: spent[0].user_id };
    });
  }

  /** Live sessions of a user, most recently used first. */
  listActive(userId: string): Promise<AuthSessionEntity[]> {
    return this.dataSource
      .getRepository(AuthSessionEntity)
      .createQueryBuilder('s')
      .where('s.user_id = :userId', { userId })
      .andWhere('s.revoked_at IS NULL')
      .andWhere('s.expires_at > now()')
      .orderBy('s.last_used_at', 'DESC')
      .addOrderBy('s.created_at', 'DESC')
      .getMany();
  }

  /** Revokes one live session of `userId`; false when there is none with that id (or it is someone else's). */
  async revoke(userId: string, sessionId: string, reason: SessionRevocationReason): Promise<boolean> {
    const rows = await returningRows<unknown>(
      this.dataSource,
      `UPDATE auth_sessions SET revoked_at = now(), revoked_reason = $3
        WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL
        RETURNING id`,
      [sessionId, userId, reason],
    );
    return rows.length === 1;
  }

  /** Revokes every live session of `userId` except `exceptSessionId` (null: all); returns how many. */
  async revokeAll(
    userId: string,
    exceptSessionId: string | null,
    reason: SessionRevocationReason,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<number> {
    const rows = await returningRows<unknown>(
      manager,
      `UPDATE auth_sessions SET revoked_at = now(), revoked_reason = $3
        WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)
        RETURNING id`,
      [userId, exceptSessionId, reason],
    );
    return rows.length;
  }

  /** Whether the account has signed in successfully from `ip` in the last `days` days. */
  async hasSignedInFrom(userId: string, ip: string, days = 90): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM auth_sessions WHERE user_id = $1 AND ip = $2 AND created_at > now() - make_interval(days => $3) LIMIT 1`,
      [userId, ip, days],
    );
    return rows.length > 0;
  }

  private async insertRefreshToken(
    manager: EntityManager,
    sessionId: string,
    hash: string,
    expiresAt: Date,
  ): Promise<void> {
    await manager.query(`INSERT INTO auth_refresh_tokens (token_hash, session_id, expires_at) VALUES ($1, $2, $3)`, [
      hash,
      sessionId,
      expiresAt,
    ]);
  }
}
