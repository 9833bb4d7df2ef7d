import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { HTTP_ERROR_MESSAGES } from '@skillduel/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../common/app-error';
import type { AuthUser } from './current-user.decorator';
import { SessionsRepository } from './sessions.repository';
import { TokensService } from './tokens.service';

const BEARER_PATTERN = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/;
const MAX_TOKEN_LENGTH = 4096;

/** Resolves the caller from `Authorization: Bearer <access token>`; null when absent or not valid. */
@Injectable()
export class AccessTokenAuthenticator {
  constructor(
    private readonly tokens: TokensService,
    private readonly sessions: SessionsRepository,
  ) {}

  async authenticate(request: FastifyRequest): Promise<AuthUser | null> {
    const header = request.headers.authorization;
    if (typeof header !== 'string' || header.length > MAX_TOKEN_LENGTH) return null;
    const match = BEARER_PATTERN.exec(header);
    if (!match) return null;
    const verified = this.tokens.verifyAccessToken(match[1]);
    if (!verified) return null;
    // The session row is checked on every request, so revoking a session ends its access tokens at once.
    const session = await this.sessions.findActiveForAuth(verified.sessionId, verified.userId);
    if (!session) return null;
    return { userId: verified.userId, sessionId: verified.sessionId, username: session.username };
  }
}

/**
 * Requires a valid access token (HS256 only; issuer, audience and token type checked; session not revoked or
 * expired) and sets `request.user`. Anything else answers 401 'Authentication required'.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(private readonly authenticator: AccessTokenAuthenticator) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const user = await this.authenticator.authenticate(request);
    if (!user) throw new AppError(401, 'UNAUTHORIZED', HTTP_ERROR_MESSAGES[401]);
    request.user = user;
    return true;
  }
}

/** Sets `request.user` when a valid access token is sent; never refuses (public routes that adapt to the caller). */
@Injectable()
export class OptionalJwtAuthGuard implements CanActivate {
  constructor(private readonly authenticator: AccessTokenAuthenticator) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const user = await this.authenticator.authenticate(request);
    if (user) request.user = user;
    return true;
  }
}
