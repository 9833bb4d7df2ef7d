import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DEVICE_ID_COOKIE } from '@skillduel/contracts';
import { randomIp, type RegisteredUser } from './auth-helpers';

/** An answer as app.inject gives it: enough to read its Set-Cookie headers. */
interface AnswerWithHeaders {
  headers: Record<string, string | string[] | number | undefined>;
}

/** The device token an answer handed out in its Set-Cookie (http test apps: the plain cookie name), or null. */
export function deviceTokenOf(answer: AnswerWithHeaders): string | null {
  return (
    deviceCookieOf(answer)
      ?.split(';')[0]
      .slice(DEVICE_ID_COOKIE.length + 1) ?? null
  );
}

/** The whole Set-Cookie line of the device cookie, attributes included, or null. */
export function deviceCookieOf(answer: AnswerWithHeaders): string | null {
  const header = answer.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : typeof header === 'string' ? [header] : [];
  return lines.find((line) => line.startsWith(`${DEVICE_ID_COOKIE}=`)) ?? null;
}

/** The Cookie header that presents `token` (any string: tests also present forged ones). */
export function withDevice(token: string | null): { cookie?: string } {
  return token === null ? {} : { cookie: `${DEVICE_ID_COOKIE}=${token}` };
}

/** The device id inside a token (the part before the signature). */
export function deviceIdOf(token: string): string {
  return token.split('.')[0];
}

/**
 * Signs `player` in again through POST /api/auth/login, presenting `token` as its device cookie (null: none), and
 * optionally a client-made X-Device-Id header (what clients sent before device ids were server-issued). Updates the
 * player's tokens and returns the device token the answer set.
 */
export async function signInWithDevice(
  app: NestFastifyApplication,
  player: RegisteredUser,
  token: string | null,
  clientHeader?: string,
): Promise<string> {
  const answer = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { ...withDevice(token), ...(clientHeader ? { 'x-device-id': clientHeader } : {}) },
    payload: { email: player.user.email, password: player.password },
    remoteAddress: randomIp(),
  });
  if (answer.statusCode !== 200) throw new Error(`sign-in failed: ${answer.statusCode} ${answer.body}`);
  const body = answer.json<{ access_token: string; refresh_token: string }>();
  player.accessToken = body.access_token;
  player.refreshToken = body.refresh_token;
  const issued = deviceTokenOf(answer);
  if (issued === null) throw new Error('sign-in set no device cookie');
  return issued;
}
