import { AuthResponse } from '@skillduel/contracts';
import { bearer, randomIp, registerUser } from '../../test/auth-helpers';
import { rowCounts, sql } from '../../test/db';
import { MailCatcher, tokenFromMail } from '../../test/mail-catcher';
import { createTestApp, TestApp } from '../../test/test-app';
import { MailService } from './mail/mail.service';

describe('email flows over real SMTP: verify email, forgot/reset password, change password', () => {
  let testApp: TestApp;
  const mail = new MailCatcher();
  const inject = (...args: Parameters<TestApp['app']['inject']>) => testApp.app.inject(...args);
  const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    inject({ method: 'POST', url, payload, headers, remoteAddress: randomIp() });
  const flushMail = () => testApp.app.get(MailService).flush();
  const tables = ['users', 'auth_sessions', 'auth_refresh_tokens', 'auth_email_tokens'];

  beforeAll(async () => {
    await mail.start();
    testApp = await createTestApp({
      SMTP_URL: mail.url,
      APP_BASE_URL: 'https://skillduel.test',
      AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
    });
  });
  afterAll(async () => {
    await testApp.close();
    await mail.stop();
  });

  /** A registered user whose address is verified (reset links only go to verified addresses). */
  async function verifiedUser() {
    const registered = await registerUser(testApp.app);
    const token = tokenFromMail(await mail.waitFor(registered.user.email ?? '', 'Confirm'), '/verify-email');
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    return registered;
  }

  async function login(email: string, password: string) {
    return inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: randomIp() });
  }

  describe('email verification', () => {
    it('registration mails a single-use link that verifies the address', async () => {
      const { user, accessToken } = await registerUser(testApp.app);
      const message = await mail.waitFor(user.email ?? '', 'Confirm your SkillDuel email');
      expect(message.raw).toContain('https://skillduel.test/verify-email?token=');
      const token = tokenFromMail(message, '/verify-email');

      const verified = await post('/api/auth/verify-email', { token });
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toEqual({ success: true, message: 'Email verified successfully' });
      const security = await inject({ method: 'GET', url: '/api/auth/security', headers: bearer(accessToken) });
      expect(security.json().email_verified).toBe(true);

      const again = await post('/api/auth/verify-email', { token });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ code: 'INVALID_TOKEN', detail: 'Invalid or expired token' });
    });

    it('stores only the token hash, and refuses expired or forged tokens without changing anything', async () => {
      const { user } = await registerUser(testApp.app);
      const token = tokenFromMail(await mail.waitFor(user.email ?? '', 'Confirm'), '/verify-email');
      const rows = await sql<{ token_hash: string }>(
        testApp.databaseUrl,
        'SELECT token_hash FROM auth_email_tokens WHERE user_id = $1',
        [user.id],
      );
      expect(rows.map((row) => row.token_hash)).not.toContain(token);
      await sql(
        testApp.databaseUrl,
        `UPDATE auth_email_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
        [user.id],
      );
      const before = await rowCounts(testApp.databaseUrl, tables);
      for (const candidate of [token, 'forged-token-forged-token-forged-token-xyz']) {
        const response = await post('/api/auth/verify-email', { token: candidate });
        expect(response.statusCode).toBe(400);
        expect(response.json().detail).toBe('Invalid or expired token');
      }
      const [row] = await sql<{ email_verified_at: Date | null }>(
        testApp.databaseUrl,
        'SELECT email_verified_at FROM users WHERE id = $1',
        [user.id],
      );
      expect(row.email_verified_at).toBeNull();
      expect(await rowCounts(testApp.databaseUrl, tables)).toEqual(before);
    });

    it.each([
      [{}, 'Token is required'],
      [{ token: '' }, 'Token is required'],
      [{ token: 123 }, 'Token is required'],
      [{ token: 'x'.repeat(257) }, 'Invalid or expired token'],
      [{ token: 'abc', email: 'x@example.test' }, 'property email should not exist'],
    ])('verify-email %j → 400', async (payload, message) => {
      const response = await post('/api/auth/verify-email', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(message);
    });

    it('resend-verification answers the same for unknown, verified and unverified addresses; only the newest link works', async () => {
      const { user } = await registerUser(testApp.app);
      const firstToken = tokenFromMail(await mail.waitFor(user.email ?? '', 'Confirm'), '/verify-email');
      const known = await post('/api/auth/resend-verification', { email: user.email });
      const unknown = await post('/api/auth/resend-verification', { email: 'ghost@example.test' });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      const secondToken = tokenFromMail(await mail.waitFor(user.email ?? '', 'Confirm'), '/verify-email');
      await flushMail();
      expect(mail.count('ghost@example.test')).toBe(0);
      expect((await post('/api/auth/verify-email', { token: firstToken })).statusCode).toBe(400);
      expect((await post('/api/auth/verify-email', { token: secondToken })).statusCode).toBe(200);
      // Verified now: same answer, no new mail.
      expect((await post('/api/auth/resend-verification', { email: user.email })).json()).toEqual(unknown.json());
      await flushMail();
      expect(mail.count(user.email ?? '')).toBe(0);
    });

    it('a link mailed to an old address verifies nothing once an email change is confirmed', async () => {
      const { user, accessToken, password } = await registerUser(testApp.app);
      const oldToken = tokenFromMail(await mail.waitFor(user.email ?? '', 'Confirm'), '/verify-email');
      const newEmail = `changed_${user.username}@example.test`;
      const update = await inject({
        method: 'PUT',
        url: '/api/users/me/',
        headers: bearer(accessToken),
        payload: { email: newEmail, current_password: password },
      });
      expect(update.statusCode).toBe(200);
      // The address changes when the new mailbox confirms it; from then on the old link verifies nothing.
      const newToken = tokenFromMail(await mail.waitFor(newEmail, 'Confirm'), '/verify-email');
      expect((await post('/api/auth/verify-email', { token: newToken })).statusCode).toBe(200);
      expect((await post('/api/auth/verify-email', { token: oldToken })).statusCode).toBe(400);
    });
  });

  describe('forgot and reset password', () => {
    it('forgot-password answers identically for unknown emails and mails only real accounts', async () => {
      const { user } = await verifiedUser();
      const known = await post('/api/auth/forgot-password', { email: (user.email ?? '').toUpperCase() });
      const unknown = await post('/api/auth/forgot-password', { email: 'nobody-here@example.test' });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      expect(known.json()).toEqual({
        success: true,
        message: 'If an account exists for that email, we sent a link to reset the password.',
      });
      const message = await mail.waitFor(user.email ?? '', 'Reset your SkillDuel password');
      expect(message.raw).toContain('https://skillduel.test/reset-password?token=');
      await flushMail();
      expect(mail.count('nobody-here@example.test')).toBe(0);
    });

    it('reset-password sets the new password, ends every session and works once', async () => {
      const { user, accessToken, refreshToken, password } = await verifiedUser();
      const other = (await login(user.email ?? '', password)).json<AuthResponse>();
      await post('/api/auth/forgot-password', { email: user.email });
      const token = tokenFromMail(await mail.waitFor(user.email ?? '', 'Reset'), '/reset-password');

      const reset = await post('/api/auth/reset-password', { token, password: 'brand-new-password' });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({
        success: true,
        message: 'Password reset successfully. Please sign in with your new password.',
      });
      for (const access of [accessToken, other.access_token]) {
        expect((await inject({ method: 'GET', url: '/api/users/me/', headers: bearer(access) })).statusCode).toBe(401);
      }
      expect((await post('/api/auth/refresh', { refresh_token: refreshToken })).statusCode).toBe(401);
      expect((await login(user.email ?? '', password)).statusCode).toBe(401);
      expect((await login(user.email ?? '', 'brand-new-password')).statusCode).toBe(200);

      const replay = await post('/api/auth/reset-password', { token, password: 'another-password-1' });
      expect(replay.statusCode).toBe(400);
      expect(replay.json().detail).toBe('Invalid or expired token');
      expect((await login(user.email ?? '', 'brand-new-password')).statusCode).toBe(200);
    });

    it('a bad new password is refused before the token is spent; expired and forged tokens change nothing', async () => {
      const { user, password } = await verifiedUser();
      await post('/api/auth/forgot-password', { email: user.email });
      const token = tokenFromMail(await mail.waitFor(user.email ?? '', 'Reset'), '/reset-password');
      const before = await rowCounts(testApp.databaseUrl, tables);
      for (const [payload, message] of [
        [{ token, password: 'short' }, 'Password must be at least 8 characters long'],
        [{ token }, 'Password is required'],
        [{ password: 'long-enough-1' }, 'Token is required'],
        [{ token, password: 'p'.repeat(129) }, 'Password must be at most 128 characters long'],
        [{ token, password: 'long-enough-1', confirm: 'x' }, 'property confirm should not exist'],
        [{ token: 'forged', password: 'long-enough-1' }, 'Invalid or expired token'],
      ] as const) {
        const response = await post('/api/auth/reset-password', payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().detail).toBe(message);
      }
      expect(await rowCounts(testApp.databaseUrl, tables)).toEqual(before);
      expect((await login(user.email ?? '', password)).statusCode).toBe(200);

      await sql(
        testApp.databaseUrl,
        `UPDATE auth_email_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
        [user.id],
      );
      const expired = await post('/api/auth/reset-password', { token, password: 'long-enough-1' });
      expect(expired.statusCode).toBe(400);
      expect((await login(user.email ?? '', password)).statusCode).toBe(200);
    });

    it.each([
      [{}, 'Email is required'],
      [{ email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ email: ['a@example.test'] }, 'Email is required'],
      [{ email: 'a@example.test', username: 'x' }, 'property username should not exist'],
    ])('forgot-password %j → 400', async (payload, message) => {
      const response = await post('/api/auth/forgot-password', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(message);
    });
  });

  describe('POST /api/auth/change-password', () => {
    it('needs the current password, ends the other sessions and keeps this one', async () => {
      const { user, accessToken, password } = await registerUser(testApp.app);
      const other = (await login(user.email ?? '', password)).json<AuthResponse>();
      const response = await post(
        '/api/auth/change-password',
        { current_password: password, new_password: 'changed-password-1' },
        bearer(accessToken),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'Password changed successfully' });
      expect((await inject({ method: 'GET', url: '/api/users/me/', headers: bearer(accessToken) })).statusCode).toBe(
        200,
      );
      expect(
        (await inject({ method: 'GET', url: '/api/users/me/', headers: bearer(other.access_token) })).statusCode,
      ).toBe(401);
      expect((await login(user.email ?? '', password)).statusCode).toBe(401);
      expect((await login(user.email ?? '', 'changed-password-1')).statusCode).toBe(200);
      await mail.waitFor(user.email ?? '', 'Your SkillDuel password was changed');
    });

    it('a wrong current password or bad input changes nothing', async () => {
      const { user, accessToken, password } = await registerUser(testApp.app);
      const before = await rowCounts(testApp.databaseUrl, tables);
      const [hashBefore] = await sql(testApp.databaseUrl, 'SELECT password_hash FROM users WHERE id = $1', [user.id]);
      for (const [payload, message] of [
        [{ current_password: 'wrong-password', new_password: 'changed-password-1' }, 'Current password is incorrect'],
        [{ current_password: password, new_password: 'short' }, 'Password must be at least 8 characters long'],
        [{ current_password: password }, 'New password is required'],
        [{ new_password: 'changed-password-1' }, 'Current password is required'],
        [{ current_password: password, new_password: 12345678 }, 'New password is required'],
        [
          { current_password: password, new_password: 'changed-password-1', password: 'x' },
          'property password should not exist',
        ],
      ] as const) {
        const response = await post('/api/auth/change-password', payload, bearer(accessToken));
        expect(response.statusCode).toBe(400);
        expect(response.json().detail).toBe(message);
      }
      expect(await rowCounts(testApp.databaseUrl, tables)).toEqual(before);
      const [hashAfter] = await sql(testApp.databaseUrl, 'SELECT password_hash FROM users WHERE id = $1', [user.id]);
      expect(hashAfter).toEqual(hashBefore);
      const unauthenticated = await post('/api/auth/change-password', {
        current_password: password,
        new_password: 'changed-password-1',
      });
      expect(unauthenticated.statusCode).toBe(401);
    });
  });
});
