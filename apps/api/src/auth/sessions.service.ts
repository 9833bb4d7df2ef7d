import { Injectable, Logger } from '@nestjs/common';
import {
  AUTH_ERROR_CODES,
  AUTH_MESSAGES,
  HTTP_ERROR_MESSAGES,
  RefreshResponse,
  SessionDto,
} from '@skillduel/contracts';
import { EntityManager } from 'typeorm';
import { AppError } from '../common/app-error';
import { AppConfig } from '../config/app-config';
import type { AuthUser } from './current-user.decorator';
import type { RequestDevice } from './devices/device-cookie';
import { DevicesService } from './devices/devices.service';
import type { ClientContext } from './request-context';
import { sha256Hex } from './secrets';
import { SessionRevocations } from './session-revocations';
import { SessionRevocationReason, SessionsRepository } from './sessions.repository';
import { TokensService } from './tokens.service';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface IssuedTokens {
  access_token: string;
  refresh_token: string;
}

/** Session lifecycle: start (sign-in), refresh with rotation and reuse detection, list, revoke. */
@Injectable()
export class SessionsService {
  private readonly logger = new Logger('Sessions');

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly tokens: TokensService,
    private readonly config: AppConfig,
    private readonly revocations: SessionRevocations,
    private readonly devices: DevicesService,
  ) {}

  async start(userId: string, authMethod: string, client: ClientContext): Promise<IssuedTokens> {
    const refresh = this.tokens.newRefreshToken();
    const sessionId = await this.sessions.create({
      userId,
      authMethod,
      ip: client.ip,
      userAgent: client.userAgent,
      deviceId: client.device?.id ?? null,
      refreshTokenHash: refresh.hash,
      expiresAt: refresh.expiresAt,
    });
    if (client.device) await this.devices.recordUse(userId, sessionId, client.device);
    return { access_token: this.tokens.signAccessToken(userId, sessionId), refresh_token: refresh.token };
  }

  /**
   * Spends the refresh token for a new pair. A spent token presented again revokes its session. The device the
   * client presents (or is issued now) is recorded for the session's account.
   */
  async refresh(refreshToken: string, device: RequestDevice | null): Promise<RefreshResponse> {
    const next = this.tokens.newRefreshToken();
    const outcome = await this.sessions.rotateRefreshToken(
      sha256Hex(refreshToken),
      next.hash,
      next.expiresAt,
      this.config.REFRESH_REUSE_GRACE_SECONDS,
    );
    if (outcome.kind === 'reused') {
      this.logger.warn(
        { sessionId: outcome.sessionId, userId: outcome.userId },
        'Refresh token reused: session revoked',
      );
      this.revocations.revoked(outcome.userId);
    }
    if (outcome.kind !== 'rotated') {
      throw new AppError(401, AUTH_ERROR_CODES.invalidRefreshToken, AUTH_MESSAGES.invalidRefreshToken);
    }
    if (device) await this.devices.recordUse(outcome.userId, outcome.sessionId, device);
    return { access_token: this.tokens.signAccessToken(outcome.userId, outcome.sessionId), refresh_token: next.token };
  }

  async list(user: AuthUser): Promise<SessionDto[]> {
    const sessions = await this.sessions.listActive(user.userId);
    return sessions.map((session) => ({
      id: session.id,
      user_agent: session.userAgent,
      ip: session.ip,
      auth_method: session.authMethod,
      created_at: session.createdAt.toISOString(),
      last_used_at: session.lastUsedAt.toISOString(),
      current: session.id === user.sessionId,
    }));
  }

  /** Another user's session id answers exactly like an unknown one: 404. */
  async revoke(user: AuthUser, sessionId: string, reason: SessionRevocationReason = 'revoked'): Promise<void> {
    const revoked = UUID_PATTERN.test(sessionId) && (await this.sessions.revoke(user.userId, sessionId, reason));
    if (!revoked) throw AppError.notFound(HTTP_ERROR_MESSAGES[404]);
    this.revocations.revoked(user.userId);
  }

  async revokeOthers(user: AuthUser): Promise<number> {
    const revoked = await this.sessions.revokeAll(user.userId, user.sessionId, 'revoked_others');
    this.revocations.revoked(user.userId);
    return revoked;
  }

  /**
   * Within a caller's transaction (`manager`), the caller announces the revocation after its commit
   * (`announceRevoked`); otherwise it is announced here.
   */
  async revokeAll(userId: string, reason: SessionRevocationReason, manager?: EntityManager): Promise<number> {
    const revoked = await this.sessions.revokeAll(userId, null, reason, manager);
    if (!manager) this.revocations.revoked(userId);
    return revoked;
  }

  async revokeAllExcept(
    userId: string,
    keepSessionId: string,
    reason: SessionRevocationReason,
    manager?: EntityManager,
  ): Promise<number> {
    const revoked = await this.sessions.revokeAll(userId, keepSessionId, reason, manager);
    if (!manager) this.revocations.revoked(userId);
    return revoked;
  }

  /** Cuts the user's sockets whose session is no longer live (after a transaction that revoked sessions). */
  announceRevoked(userId: string): void {
    this.revocations.revoked(userId);
  }
}
