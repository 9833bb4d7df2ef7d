import { Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AuthKeys } from '../auth-keys';

/** A device id and the signed token the client keeps for it (`<id>.<signature>`). */
export interface SignedDeviceId {
  /** 128 random bits, base64url (22 characters): what the database stores and the rules compare. */
  id: string;
  token: string;
}

const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Issues and checks device ids (docs/decisions/2330). Only the server can make a token that verifies, so a client
 * can no longer choose its device id: it can only keep, drop or hand over one the server gave out.
 */
@Injectable()
export class DeviceTokens {
  constructor(private readonly keys: AuthKeys) {}

  issue(): SignedDeviceId {
    const id = randomBytes(16).toString('base64url');
    return { id, token: `${id}.${this.signatureOf(id)}` };
  }

  /** The token's device id when the server signed it; null for anything missing, malformed or wrongly signed. */
  verify(token: string | null | undefined): SignedDeviceId | null {
    if (typeof token !== 'string') return null;
    const [id, signature, ...rest] = token.split('.');
    if (rest.length > 0 || !ID_PATTERN.test(id) || !SIGNATURE_PATTERN.test(signature ?? '')) return null;
    const expected = Buffer.from(this.signatureOf(id), 'utf8');
    const given = Buffer.from(signature, 'utf8');
    return expected.length === given.length && timingSafeEqual(expected, given) ? { id, token } : null;
  }

  private signatureOf(id: string): string {
    return createHmac('sha256', this.keys.deviceIdKey).update(`device-id:${id}`, 'utf8').digest('base64url');
  }
}
