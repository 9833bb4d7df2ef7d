import { TwoFactorEnabledResponse, TwoFactorSetupResponse } from '@skillduel/contracts';
import { generate } from 'otplib';
import { bearer, randomIp, registerUser, RegisteredUser } from '../../../test/auth-helpers';
import { rowCounts, sql } from '../../../test/db';
import { createTestApp, TestApp } from '../../../test/test-app';
import { Clock } from '../../common/clock';

/** A fixed instant in the middle of a 30 s TOTP step; the app's Clock is pinned to it (fake clock). */
const STEP_SECONDS = 30;
const NOW_SECONDS = 63_333_340 * STEP_SECONDS + 15;
const codeAt = (secret: string, epochSeconds: number) => generate({ secret, epoch: epochSeconds });

describe('two-factor authentication (TOTP, RFC 6238)', () => {
  let testApp: TestApp;
  const inject = (...args: Parameters<TestApp['app']['inject']>) => testApp.app.inject(...args);
  const post = (url: string, payload: Record<string, unknown> | undefined, accessToken?: string) =>
    inject({
      method: 'POST',
      url,
      payload,
      headers: accessToken ? bearer(accessToken) : {},
      remoteAddress: randomIp(),
    });
  const login = (user: RegisteredUser, extra: Record<string, unknown> = {}) =>
    post('/api/auth/login', { email: user.user.email, password: user.password, ...extra });

  beforeAll(async () => {
    testApp = await createTestApp({
      AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
      AUTH_MAX_FAILED_2FA_PER_ACCOUNT: '5',
    });
    jest.spyOn(testApp.app.get(Clock), 'now').mockImplementation(() => new Date(NOW_SECONDS * 1000));
  });
  afterAll(() => testApp.close());

  /** Registers a user and turns 2FA on with a code of the previous step (so the current step is still unused). */
  async function userWithTwoFactor(): Promise<RegisteredUser & { secret: string; recoveryCodes: string[] }> {
    const user = await registerUser(testApp.app);
    const setup = (
      await post('/api/auth/setup-2fa', { current_password: user.password }, user.accessToken)
    ).json<TwoFactorSetupResponse>();
    const enabled = await post(
      '/api/auth/verify-2fa',
      { token: await codeAt(setup.secret, NOW_SECONDS - STEP_SECONDS), current_password: user.password },
      user.accessToken,
    );
    expect(enabled.statusCode).toBe(200);
    return { ...user, secret: setup.secret, recoveryCodes: enabled.json<TwoFactorEnabledResponse>().recovery_codes };
  }

  it('setup-2fa returns the secret, an otpauth URL and a QR code data URL; 2FA stays off until verified', async () => {
    const user = await registerUser(testApp.app);
    const response = await post('/api/auth/setup-2fa', { current_password: user.password }, user.accessToken);
    expect(response.statusCode).toBe(200);
    const setup = response.json<TwoFactorSetupResponse>();
    expect(Object.keys(setup).sort()).toEqual(['otpauth_url', 'qr_code', 'secret']);
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(setup.otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(setup.secret);
    expect(url.searchParams.get('issuer')).toBe('SkillDuel');
    expect(setup.qr_code).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect((await login(user)).statusCode).toBe(200);
    const [row] = await sql<{ totp_pending_secret_encrypted: string }>(
      testApp.databaseUrl,
      'SELECT totp_pending_secret_encrypted FROM users WHERE id = $1',
      [user.user.id],
    );
    expect(row.totp_pending_secret_encrypted).not.toContain(setup.secret);
  });

  it('verify-2fa with a wrong code changes nothing; with a current code it enables 2FA and returns 10 single-use recovery codes', async () => {
    const user = await registerUser(testApp.app);
    const setup = (
      await post('/api/auth/setup-2fa', { current_password: user.password }, user.accessToken)
    ).json<TwoFactorSetupResponse>();
    const wrong = await post(
      '/api/auth/verify-2fa',
      {
        token: '000000' === (await codeAt(setup.secret, NOW_SECONDS)) ? '111111' : '000000',
        current_password: user.password,
      },
      user.accessToken,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'TWO_FACTOR_INVALID',
      detail: 'Invalid two-factor authentication code',
    });
    expect(
      (await inject({ method: 'GET', url: '/api/auth/security', headers: bearer(user.accessToken) })).json()
        .two_factor_enabled,
    ).toBe(false);

    const ok = await post(
      '/api/auth/verify-2fa',
      { token: await codeAt(setup.secret, NOW_SECONDS), current_password: user.password },
      user.accessToken,
    );
    expect(ok.statusCode).toBe(200);
    const body = ok.json<TwoFactorEnabledResponse>();
    expect(body.message).toBe('Two-factor authentication enabled');
    expect(body.recovery_codes).toHaveLength(10);
    expect(new Set(body.recovery_codes).size).toBe(10);
    for (const code of body.recovery_codes) expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    const security = await inject({ method: 'GET', url: '/api/auth/security', headers: bearer(user.accessToken) });
    expect(security.json()).toMatchObject({ two_factor_enabled: true, recovery_codes_remaining: 10 });

    const stored = await sql<{ code_hash: string }>(
      testApp.databaseUrl,
      'SELECT code_hash FROM auth_recovery_codes WHERE user_id = $1',
      [user.user.id],
    );
    expect(stored).toHaveLength(10);
    for (const row of stored) {
      expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(body.recovery_codes.join()).not.toContain(row.code_hash);
    }
    const [secretRow] = await sql<{ totp_secret_encrypted: string }>(
      testApp.databaseUrl,
      'SELECT totp_secret_encrypted FROM users WHERE id = $1',
      [user.user.id],
    );
    expect(secretRow.totp_secret_encrypted).not.toContain(setup.secret);

    const again = await post('/api/auth/setup-2fa', { current_password: user.password }, user.accessToken);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Two-factor authentication is already enabled');
  });

  it('verify-2fa without setup, bad input and no token are refused', async () => {
    const user = await registerUser(testApp.app);
    const noSetup = await post(
      '/api/auth/verify-2fa',
      { token: '123456', current_password: user.password },
      user.accessToken,
    );
    expect(noSetup.statusCode).toBe(400);
    expect(noSetup.json().detail).toBe('Start two-factor setup first');
    for (const [payload, message] of [
      [{ current_password: user.password }, 'Token is required'],
      [{ token: 123456, current_password: user.password }, 'Token is required'],
      [{ token: 'x'.repeat(33), current_password: user.password }, 'Invalid two-factor authentication code'],
      [{ token: '123456', secret: 'AAAA' }, 'property secret should not exist'],
    ] as const) {
      const response = await post('/api/auth/verify-2fa', payload, user.accessToken);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(message);
    }
    for (const url of ['/api/auth/setup-2fa', '/api/auth/verify-2fa', '/api/auth/disable-2fa']) {
      expect((await post(url, { token: '123456' })).statusCode).toBe(401);
    }
  });

  it('with 2FA on, login without a code or with a wrong one issues no tokens', async () => {
    const user = await userWithTwoFactor();
    const tables = ['auth_sessions', 'auth_refresh_tokens'];
    const before = await rowCounts(testApp.databaseUrl, tables);
    const missing = await login(user);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({
      code: 'TWO_FACTOR_REQUIRED',
      detail: 'Two-factor authentication code required',
    });
    expect(missing.json()).not.toHaveProperty('access_token');
    const current = await codeAt(user.secret, NOW_SECONDS);
    const wrong = await login(user, { totp_code: current === '123456' ? '654321' : '123456' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      code: 'TWO_FACTOR_INVALID',
      detail: 'Invalid two-factor authentication code',
    });
    const wrongPassword = await post('/api/auth/login', {
      email: user.user.email,
      password: 'wrong-password',
      totp_code: current,
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().code).toBe('INVALID_CREDENTIALS');
    expect(await rowCounts(testApp.databaseUrl, tables)).toEqual(before);
  });

  it('a code is accepted once: replaying it (or an older one) is refused', async () => {
    const user = await userWithTwoFactor();
    const current = await codeAt(user.secret, NOW_SECONDS);
    expect((await login(user, { totp_code: current })).statusCode).toBe(200);
    const replay = await login(user, { totp_code: current });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('TWO_FACTOR_INVALID');
    expect((await login(user, { totp_code: await codeAt(user.secret, NOW_SECONDS - STEP_SECONDS) })).statusCode).toBe(
      401,
    );
  });

  it('two concurrent logins with the same code: only one gets tokens', async () => {
    const user = await userWithTwoFactor();
    const code = await codeAt(user.secret, NOW_SECONDS);
    const results = await Promise.all([login(user, { totp_code: code }), login(user, { totp_code: code })]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 401]);
  });

  it('honours the current step ±1 (clock drift) and refuses ±2', async () => {
    // The fake clock stays at NOW; codes are computed for neighbouring steps.
    const early = await userWithTwoFactor();
    expect(
      (await login(early, { totp_code: await codeAt(early.secret, NOW_SECONDS - 2 * STEP_SECONDS) })).statusCode,
    ).toBe(401);
    expect(
      (await login(early, { totp_code: await codeAt(early.secret, NOW_SECONDS + 2 * STEP_SECONDS) })).statusCode,
    ).toBe(401);
    expect((await login(early, { totp_code: await codeAt(early.secret, NOW_SECONDS + STEP_SECONDS) })).statusCode).toBe(
      200,
    );

    const late = await userWithTwoFactor();
    expect((await login(late, { totp_code: await codeAt(late.secret, NOW_SECONDS) })).statusCode).toBe(200);

    // Move the clock one step forward: the code of the step before is still accepted for a fresh user.
    const drift = await userWithTwoFactor();
    const clock = jest
      .spyOn(testApp.app.get(Clock), 'now')
      .mockImplementation(() => new Date((NOW_SECONDS + STEP_SECONDS) * 1000));
    try {
      expect((await login(drift, { totp_code: await codeAt(drift.secret, NOW_SECONDS) })).statusCode).toBe(200);
    } finally {
      clock.mockImplementation(() => new Date(NOW_SECONDS * 1000));
    }
  });

  it('a recovery code signs in once', async () => {
    const user = await userWithTwoFactor();
    const [code] = user.recoveryCodes;
    expect((await login(user, { recovery_code: code.toLowerCase().replace(/-/g, ' ') })).statusCode).toBe(200);
    const reuse = await login(user, { recovery_code: code });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('TWO_FACTOR_INVALID');
    const security = await inject({ method: 'GET', url: '/api/auth/security', headers: bearer(user.accessToken) });
    expect(security.json().recovery_codes_remaining).toBe(9);
  });

  it('disable-2fa needs a valid code (a wrong one changes nothing); a recovery code works too', async () => {
    const user = await userWithTwoFactor();
    const wrong = await post(
      '/api/auth/disable-2fa',
      {
        token: '999999' === (await codeAt(user.secret, NOW_SECONDS)) ? '888888' : '999999',
        current_password: user.password,
      },
      user.accessToken,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe('Invalid two-factor authentication code');
    expect((await login(user)).statusCode).toBe(401);

    const ok = await post(
      '/api/auth/disable-2fa',
      { token: await codeAt(user.secret, NOW_SECONDS), current_password: user.password },
      user.accessToken,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: 'Two-factor authentication disabled' });
    expect((await login(user)).statusCode).toBe(200);
    expect(
      (await sql(testApp.databaseUrl, 'SELECT 1 FROM auth_recovery_codes WHERE user_id = $1', [user.user.id])).length,
    ).toBe(0);
    const notEnabled = await post(
      '/api/auth/disable-2fa',
      { token: '123456', current_password: user.password },
      user.accessToken,
    );
    expect(notEnabled.statusCode).toBe(400);
    expect(notEnabled.json().detail).toBe('Two-factor authentication is not enabled');

    const other = await userWithTwoFactor();
    const viaRecovery = await post(
      '/api/auth/disable-2fa',
      { token: other.recoveryCodes[3], current_password: other.password },
      other.accessToken,
    );
    expect(viaRecovery.statusCode).toBe(200);
  });

  it('too many wrong codes for one account answer 429, even with a right code afterwards', async () => {
    const user = await userWithTwoFactor();
    const current = await codeAt(user.secret, NOW_SECONDS);
    const wrongCode = current === '123456' ? '654321' : '123456';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++)
      statuses.push((await login(user, { totp_code: wrongCode })).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    const blocked = await login(user, { totp_code: current });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toBe('Too many requests. Please try again later.');
  });
});
