import { createHash, randomBytes } from 'node:crypto';

/** 256-bit random token, URL-safe (refresh tokens, email tokens, OAuth state). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored by SHA-256: they are high-entropy random values, so a fast hash is enough (no salt needed). */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
