import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SocialProvider } from '@skillduel/contracts';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { OAuthIdentityEntity } from '../entities/oauth-identity.entity';
import { OAuthStateEntity } from '../entities/oauth-state.entity';
import { returningRows } from '../../database/returning';

export interface NewOAuthState {
  stateHash: string;
  provider: SocialProvider;
  mode: 'signin' | 'link';
  linkUserId: string | null;
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
  ttlSeconds: number;
}

export class IdentityConflict extends Error {
  constructor(readonly kind: 'subject' | 'provider') {
    super(kind === 'subject' ? 'identity linked to another user' : 'user already has this provider');
  }
}

function asIdentityConflict(error: unknown): IdentityConflict | null {
  if (!(error instanceof QueryFailedError)) return null;
  const driverError = error.driverError as { code?: string; constraint?: string };
  if (driverError.code !== '23505') return null;
  if (driverError.constraint === 'UQ_oauth_identities_provider_subject') return new IdentityConflict('subject');
  if (driverError.constraint === 'UQ_oauth_identities_user_provider') return new IdentityConflict('provider');
  return null;
}

/** SQL for social identities and in-flight sign-in attempts (states). */
@Injectable()
export class OAuthRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async createState(state: NewOAuthState): Promise<Date> {
    // Attempts are short-lived: forget the expired ones while we are here.
    await this.dataSource.query(`DELETE FROM oauth_states WHERE expires_at < now()`);
    const rows: Array<{ expires_at: Date }> = await this.dataSource.query(
      `INSERT INTO oauth_states (state_hash, provider, mode, link_user_id, code_verifier, nonce, redirect_uri, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))
       RETURNING expires_at`,
      [
        state.stateHash,
        state.provider,
        state.mode,
        state.linkUserId,
        state.codeVerifier,
        state.nonce,
        state.redirectUri,
        state.ttlSeconds,
      ],
    );
    return rows[0].expires_at;
  }

  findLiveState(stateHash: string, provider: SocialProvider): Promise<OAuthStateEntity | null> {
    return this.dataSource
      .getRepository(OAuthStateEntity)
      .createQueryBuilder('s')
      .where('s.state_hash = :stateHash AND s.provider = :provider AND s.expires_at > now()', { stateHash, provider })
      .getOne();
  }

  /** Marks the state as being exchanged; false when another callback already did (a state works once). */
  async claimState(stateHash: string): Promise<boolean> {
    const rows = await returningRows<unknown>(
      this.dataSource,
      `UPDATE oauth_states SET claimed_at = now()
        WHERE state_hash = $1 AND claimed_at IS NULL AND expires_at > now() RETURNING state_hash`,
      [stateHash],
    );
    return rows.length === 1;
  }

  /** The attempt signed in `userId` but waits for the 2FA code; the same code must come back with it. */
  async markPending(stateHash: string, userId: string, codeHash: string): Promise<void> {
    await this.dataSource.query(`UPDATE oauth_states SET pending_user_id = $2, code_hash = $3 WHERE state_hash = $1`, [
      stateHash,
      userId,
      codeHash,
    ]);
  }

  async deleteState(stateHash: string): Promise<boolean> {
    const rows = await returningRows<unknown>(
      this.dataSource,
      `DELETE FROM oauth_states WHERE state_hash = $1 RETURNING state_hash`,
      [stateHash],
    );
    return rows.length === 1;
  }

  findIdentity(provider: SocialProvider, subject: string): Promise<OAuthIdentityEntity | null> {
    return this.dataSource.getRepository(OAuthIdentityEntity).findOne({ where: { provider, subject } });
  }

  identitiesOf(userId: string): Promise<OAuthIdentityEntity[]> {
    return this.dataSource.getRepository(OAuthIdentityEntity).find({ where: { userId }, order: { createdAt: 'ASC' } });
  }

  /** Links an identity; throws IdentityConflict when the subject or the user's provider slot is taken. */
  async insertIdentity(
    identity: { userId: string; provider: SocialProvider; subject: string; email: string | null },
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    try {
      await manager.query(
        `INSERT INTO oauth_identities (user_id, provider, subject, email, last_login_at) VALUES ($1, $2, $3, $4, now())`,
        [identity.userId, identity.provider, identity.subject, identity.email],
      );
    } catch (error) {
      throw asIdentityConflict(error) ?? error;
    }
  }

  /** Runs `work` in one transaction (a new user and its identity are created together or not at all). */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async touchIdentity(identityId: string, email: string | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE oauth_identities SET last_login_at = now(), email = COALESCE($2, email) WHERE id = $1`,
      [identityId, email],
    );
  }

  /**
   * Removes the user's identity for `provider` unless it is their last way to sign in (no password and no
   * other identity). The user row is locked so two concurrent unlinks cannot both pass the check.
   */
  async unlinkUnlessLast(userId: string, provider: SocialProvider): Promise<'unlinked' | 'not_linked' | 'last_method'> {
    return this.dataSource.transaction(async (manager) => {
      const users: Array<{ has_password: boolean }> = await manager.query(
        `SELECT password_hash IS NOT NULL AS has_password FROM users WHERE id = $1 FOR UPDATE`,
        [userId],
      );
      if (users.length === 0) return 'not_linked';
      const identities: Array<{ provider: string }> = await manager.query(
        `SELECT provider FROM oauth_identities WHERE user_id = $1`,
        [userId],
      );
      if (!identities.some((identity) => identity.provider === provider)) return 'not_linked';
      if (!users[0].has_password && identities.length <= 1) return 'last_method';
      await manager.query(`DELETE FROM oauth_identities WHERE user_id = $1 AND provider = $2`, [userId, provider]);
      return 'unlinked';
    });
  }
}
