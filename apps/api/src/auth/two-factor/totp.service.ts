import { Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { toDataURL } from 'qrcode';
import { Clock } from '../../common/clock';
import { AuthKeys } from '../auth-keys';

const ISSUER = 'SkillDuel';
const PERIOD_SECONDS = 30;
const ENCRYPTION_VERSION = 'v1';

export type TotpCheck = { valid: true; timeStep: number } | { valid: false };

/**
 * RFC 6238 TOTP with the authenticator-app defaults (SHA-1, 6 digits, 30 s) via otplib, and encryption of the
 * secrets at rest (AES-256-GCM). Time comes from the injectable Clock so tests can move it.
 */
@Injectable()
export class TotpService {
  constructor(
    private readonly clock: Clock,
    private readonly keys: AuthKeys,
  ) {}

  /** 20 random bytes (160 bits, RFC 4226's recommendation), Base32. */
  newSecret(): string {
    return generateSecret({ length: 20 });
  }

  otpauthUrl(secret: string, accountLabel: string): string {
    return generateURI({
      issuer: ISSUER,
      label: accountLabel,
      secret,
      period: PERIOD_SECONDS,
      digits: 6,
      algorithm: 'sha1',
    });
  }

  qrCodeDataUrl(otpauthUrl: string): Promise<string> {
    return toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  }

  /**
   * Accepts the current step ±1 (clock drift), and only steps after `lastUsedStep`: a code, or any code older
   * than one already used, is never accepted twice.
   */
  async check(secret: string, code: string, lastUsedStep: number | null): Promise<TotpCheck> {
    if (!/^\d{6}$/.test(code)) return { valid: false };
    try {
      const result = await verify({
        secret,
        token: code,
        epoch: this.clock.nowSeconds(),
        period: PERIOD_SECONDS,
        epochTolerance: PERIOD_SECONDS,
        ...(lastUsedStep !== null ? { afterTimeStep: lastUsedStep } : {}),
      });
      return result.valid && 'timeStep' in result ? { valid: true, timeStep: result.timeStep } : { valid: false };
    } catch {
      // otplib throws on inputs it considers invalid (e.g. afterTimeStep beyond the window): not a valid code.
      return { valid: false };
    }
  }

  encrypt(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys.totpKey, iv);
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [
      ENCRYPTION_VERSION,
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      ciphertext.toString('base64url'),
    ].join('.');
  }

  decrypt(encrypted: string): string {
    const [version, iv, tag, ciphertext] = encrypted.split('.');
    if (version !== ENCRYPTION_VERSION || !iv || !tag || !ciphertext) throw new Error('Unknown TOTP secret format');
    const decipher = createDecipheriv('aes-256-gcm', this.keys.totpKey, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}
