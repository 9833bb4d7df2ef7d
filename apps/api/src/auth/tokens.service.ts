import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { createSecretKey } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { AuthKeys } from './auth-keys';
import { randomToken, sha256Hex } from './secrets';

/** Claims every access token carries; anything else is refused (docs/decisions/0101). */
export const ACCESS_TOKEN = {
  algorithm: 'HS256',
  issuer: 'skillduel',
  audience: 'skillduel-api',
  type: 'access',
} as const;

interface AccessTokenPayload {
  sub: string;
  sid: string;
  typ: string;
  exp?: number;
}

export interface VerifiedAccessToken {
  userId: string;
  sessionId: string;
}

/** Signs and verifies access JWTs; makes opaque refresh tokens. */
@Injectable()
export class TokensService {
  private readonly jwt: JwtService;

  constructor(
    keys: AuthKeys,
    private readonly config: AppConfig,
  ) {
    this.jwt = new JwtService({
      // A KeyObject made once: given a string, jsonwebtoken converts it again on every sign and verify (it even tries
      // it as a public key first and catches the failure), which was the biggest cost of an authenticated request.
      secret: createSecretKey(Buffer.from(keys.jwtSecret, 'utf8')),
      signOptions: {
        algorithm: ACCESS_TOKEN.algorithm,
        issuer: ACCESS_TOKEN.issuer,
        audience: ACCESS_TOKEN.audience,
        expiresIn: config.ACCESS_TOKEN_TTL_SECONDS,
      },
      // The algorithm is pinned: `alg: none`, RS/HS confusion and every other algorithm are refused.
      verifyOptions: {
        algorithms: [ACCESS_TOKEN.algorithm],
        issuer: ACCESS_TOKEN.issuer,
        audience: ACCESS_TOKEN.audience,
      },
    });
  }

  get accessTokenTtlSeconds(): number {
    return this.config.ACCESS_TOKEN_TTL_SECONDS;
  }

  signAccessToken(userId: string, sessionId: string): string {
    const payload: AccessTokenPayload = { sub: userId, sid: sessionId, typ: ACCESS_TOKEN.type };
    return this.jwt.sign(payload);
  }

  /** The token's user and session, or null when it is malformed, forged, expired or not an access token. */
  verifyAccessToken(token: string): VerifiedAccessToken | null {
    let payload: Partial<AccessTokenPayload>;
    try {
      payload = this.jwt.verify<AccessTokenPayload>(token);
    } catch {
      return null;
    }
    if (payload.typ !== ACCESS_TOKEN.type || typeof payload.sub !== 'string' || typeof payload.sid !== 'string')
      return null;
    // jsonwebtoken accepts a token without `exp` as never expiring; ours always carry one.
    if (typeof payload.exp !== 'number') return null;
    if (!UUID_PATTERN.test(payload.sub) || !UUID_PATTERN.test(payload.sid)) return null;
    return { userId: payload.sub, sessionId: payload.sid };
  }

  /** A new opaque refresh token and the hash stored for it. */
  newRefreshToken(): { token: string; hash: string; expiresAt: Date } {
    const token = randomToken();
    const expiresAt = new Date(Date.now() + this.config.REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000);
    return { token, hash: sha256Hex(token), expiresAt };
  }
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
