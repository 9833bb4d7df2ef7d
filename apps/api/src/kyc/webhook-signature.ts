import { createHmac } from 'node:crypto';
import { KYC_ERROR_CODES, KYC_MESSAGES, KYC_WEBHOOK_TOLERANCE_SECONDS } from '@skillduel/contracts';
import { constantTimeEqual } from '../auth/secrets';
import { AppError } from '../common/app-error';

/**
 * Identity webhooks are signed the way Stripe and most providers do it: the header carries the signing time and an
 * HMAC-SHA256 over `<time>.<raw body>`, so neither the body nor the time can be changed without the secret, and an
 * old delivery cannot be replayed later (docs/decisions/2502).
 */
export function signatureHeader(secret: string, rawBody: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${hmacHex(secret, unixSeconds, rawBody)}`;
}

/**
 * Checks a signature header against the raw body: 401 INVALID_SIGNATURE when it is missing, malformed or wrong;
 * 400 WEBHOOK_TOO_OLD when it was signed more than the tolerance ago (or that far in the future).
 */
export function verifySignature(secret: string, rawBody: string, header: string | undefined, nowMs: number): void {
  const parts = new Map(
    (header ?? '').split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const time = parts.get('t') ?? '';
  const given = parts.get('v1') ?? '';
  if (!/^\d{1,12}$/.test(time) || !/^[0-9a-f]{64}$/.test(given)) throw invalidSignature();
  if (!constantTimeEqual(hmacHex(secret, Number(time), rawBody), given)) throw invalidSignature();
  if (Math.abs(nowMs / 1000 - Number(time)) > KYC_WEBHOOK_TOLERANCE_SECONDS) {
    throw AppError.badRequest(KYC_ERROR_CODES.staleWebhook, KYC_MESSAGES.staleWebhook);
  }
}

function hmacHex(secret: string, unixSeconds: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`, 'utf8').digest('hex');
}

function invalidSignature(): AppError {
  return new AppError(401, KYC_ERROR_CODES.invalidSignature, KYC_MESSAGES.invalidSignature);
}
