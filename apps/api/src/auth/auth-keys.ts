import { Injectable, Logger } from '@nestjs/common';
import { hkdfSync, randomBytes } from 'node:crypto';
import { AppConfig } from '../config/app-config';

/**
 * Secret material of the auth module, resolved once per process.
 * JWT_SECRET is required in production (loadConfig); elsewhere a missing one is replaced by a random secret
 * (tokens then die with the process). The TOTP key comes from TOTP_ENCRYPTION_KEY, else is derived from JWT_SECRET.
 * The device-id signing key is always derived from JWT_SECRET (its own HKDF label, so it opens nothing else).
 */
@Injectable()
export class AuthKeys {
  readonly jwtSecret: string;
  /** 32-byte AES-256-GCM key for TOTP secrets at rest. */
  readonly totpKey: Buffer;
  /** 32-byte HMAC-SHA256 key that signs the server-issued device ids (docs/decisions/2330). */
  readonly deviceIdKey: Buffer;

  constructor(config: AppConfig) {
    if (config.JWT_SECRET) {
      this.jwtSecret = config.JWT_SECRET;
    } else {
      new Logger('AuthKeys').warn('JWT_SECRET is not set: using a random secret, sessions end when the server stops');
      this.jwtSecret = randomBytes(48).toString('base64url');
    }
    const keyMaterial = config.TOTP_ENCRYPTION_KEY ?? this.jwtSecret;
    this.totpKey = Buffer.from(hkdfSync('sha256', keyMaterial, 'skillduel', 'totp-secret-encryption-v1', 32));
    this.deviceIdKey = Buffer.from(hkdfSync('sha256', this.jwtSecret, 'skillduel', 'device-id-signing-v1', 32));
  }
}
