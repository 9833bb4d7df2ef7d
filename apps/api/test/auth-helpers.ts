import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AuthResponse, UserDto } from '@skillduel/contracts';
import { randomBytes, randomInt } from 'node:crypto';

export interface RegisteredUser {
  user: UserDto;
  accessToken: string;
  refreshToken: string;
  password: string;
}

/** A random private address, so helpers never share a per-IP auth rate-limit bucket with the test's own calls. */
export function randomIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/**
 * Registers a user through the real POST /api/auth/register (unique random username and email by default)
 * and returns the user with its tokens and password.
 */
export async function registerUser(
  app: NestFastifyApplication,
  overrides: Partial<{ username: string; email: string; password: string; confirmEligibility: boolean }> = {},
): Promise<RegisteredUser> {
  const suffix = randomBytes(5).toString('hex');
  const password = overrides.password ?? `Pw-${randomBytes(8).toString('hex')}`;
  const payload = {
    username: overrides.username ?? `player_${suffix}`,
    email: overrides.email ?? `player_${suffix}@example.test`,
    password,
    confirmPassword: password,
  };
  const response = await app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: randomIp() });
  if (response.statusCode !== 201) {
    throw new Error(`registerUser failed: ${response.statusCode} ${response.body}`);
  }
  const body = response.json<AuthResponse>();
  if (overrides.confirmEligibility !== false) await confirmEligibility(app, body.access_token);
  return { user: body.user, accessToken: body.access_token, refreshToken: body.refresh_token, password };
}

/** An adult in Mexico who accepted the terms: what every player confirms before their first money move. */
const ADULT_ELIGIBILITY = { date_of_birth: '1990-05-17', country: 'MX', accept_terms: true } as const;

/** PUT /api/users/me/eligibility with ADULT_ELIGIBILITY (needed before any deposit or stake). */
async function confirmEligibility(app: NestFastifyApplication, accessToken: string): Promise<void> {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/users/me/eligibility',
    headers: bearer(accessToken),
    payload: ADULT_ELIGIBILITY,
  });
  if (response.statusCode !== 200)
    throw new Error(`confirmEligibility failed: ${response.statusCode} ${response.body}`);
}

/** `{ authorization: 'Bearer …' }` for app.inject. */
export function bearer(accessToken: string): { authorization: string } {
  return { authorization: `Bearer ${accessToken}` };
}
