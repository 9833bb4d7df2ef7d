import type { TwoFactorEnabledResponse, TwoFactorSetupResponse, UserDto } from '@skillduel/contracts';
import { AUTH_MESSAGES, WALLET_MESSAGES } from '@skillduel/contracts';
import { generate } from 'otplib';
import { bearer, randomIp, RegisteredUser, registerUser } from '../../test/auth-helpers';
import { rowCounts, sql } from '../../test/db';
import { MailCatcher, tokenFromMail } from '../../test/mail-catcher';
import { createTestApp, TestApp } from '../../test/test-app';
import { Clock } from '../common/clock';
import { balanceCents } from '../rooms/testing/rooms-test-kit';
import { MailService } from './mail/mail.service';

/** The app's clock is pinned mid-step; codes of the previous, current and next step are accepted once each. */
const STEP_SECONDS = 30;
const NOW_SECONDS = 63_333_340 * STEP_SECONDS + 15;
const codeAt = (secret: string, stepOffset: number) =>
  generate({ secret, epoch: NOW_SECONDS + stepOffset * STEP_SECONDS });

/**
 * Re-authentication (docs/product/accounts.md#re-authentication): an attacker holding only a victim's access token
 * cannot take the account over (change the email, reset the password through it, bind or remove 2FA, change the
 * password) or withdraw from a 2FA account.
 */
describe('re-authentication for sensitive changes (stolen access token)', () => {
  let testApp: TestApp;
  const mail = new MailCatcher();
  const inject = (...args: Parameters<TestApp['app']['inject']>) => testApp.app.inject(...args);
  const post = (url: string, payload: Record<string, unknown>, accessToken?: string) =>
    inject({
      method: 'POST',
      url,
      payload,
      headers: accessToken ? bearer(accessToken) : {},
      remoteAddress: randomIp(),
    });
  const put = (accessToken: string, payload: Record<string, unknown>) =>
    inject({ method: 'PUT', url: '/api/users/me/', headers: bearer(accessToken), payload });
  const security = async (accessToken: string) =>
    (await inject({ method: 'GET', url: '/api/auth/security', headers: bearer(accessToken) })).json<{
      email_verified: boolean;
      pending_email: string | null;
      two_factor_enabled: boolean;
    }>();
  const userRow = async (userId: string) =>
    (
      await sql<{ email: string; pending_email: string | null; password_hash: string; totp_enabled_at: Date | null }>(
        testApp.databaseUrl,
        'SELECT email, pending_email, password_hash, totp_enabled_at FROM users WHERE id = $1',
        [userId],
      )
    )[0];

  beforeAll(async () => {
    await mail.start();
    testApp = await createTestApp({
      SMTP_URL: mail.url,
      APP_BASE_URL: 'https://skillduel.test',
      AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
      WITHDRAWAL_PROCESSOR_ENABLED: 'false',
    });
    jest.spyOn(testApp.app.get(Clock), 'now').mockImplementation(() => new Date(NOW_SECONDS * 1000));
  });
  afterAll(async () => {
    await testApp.close();
    await mail.stop();
  });

  /** A registered user whose address is verified through the mailed link. */
  async function verifiedUser(): Promise<RegisteredUser> {
    const registered = await registerUser(testApp.app);
    const token = tokenFromMail(await mail.waitFor(registered.user.email ?? '', 'Confirm'), '/verify-email');
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    return registered;
  }

  /** Turns 2FA on with a code of the previous step (the current and next ones stay usable once each). */
  async function withTwoFactor(user: RegisteredUser): Promise<RegisteredUser & { secret: string }> {
    const setup = await post('/api/auth/setup-2fa', { current_password: user.password }, user.accessToken);
    expect(setup.statusCode).toBe(200);
    const secret = setup.json<TwoFactorSetupResponse>().secret;
    const enabled = await post(
      '/api/auth/verify-2fa',
      { token: await codeAt(secret, -1), current_password: user.password },
      user.accessToken,
    );
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json<TwoFactorEnabledResponse>().recovery_codes).toHaveLength(10);
    return { ...user, secret };
  }

  describe('email change', () => {
    it('a token alone (no or a wrong password) changes nothing and mails nobody', async () => {
      const victim = await verifiedUser();
      const attacker = `attacker_${victim.user.username}@evil.test`;
      const before = await userRow(victim.user.id);
      for (const [payload, code, message] of [
        [{ email: attacker }, 'CURRENT_PASSWORD_REQUIRED', AUTH_MESSAGES.currentPasswordRequired],
        [
          { email: attacker, current_password: 'not-the-password' },
          'WRONG_PASSWORD',
          AUTH_MESSAGES.wrongCurrentPassword,
        ],
        [
          { email: attacker, username: `${victim.user.username}_x`, country: 'US' },
          'CURRENT_PASSWORD_REQUIRED',
          AUTH_MESSAGES.currentPasswordRequired,
        ],
      ] as const) {
        const response = await put(victim.accessToken, payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code, detail: message });
      }
      expect(await userRow(victim.user.id)).toEqual(before);
      // No reset link goes to the attacker's address either.
      expect((await post('/api/auth/forgot-password', { email: attacker })).statusCode).toBe(200);
      await testApp.app.get(MailService).flush();
      expect(mail.count(attacker)).toBe(0);
    });

    it('with 2FA on, the password alone is not enough: 403 TWO_FACTOR_REQUIRED, nothing changes', async () => {
      const victim = await withTwoFactor(await verifiedUser());
      const before = await userRow(victim.user.id);
      const attacker = `attacker2_${victim.user.username}@evil.test`;
      for (const extra of [
        {},
        { two_factor_code: '000000' === (await codeAt(victim.secret, 0)) ? '111111' : '000000' },
      ]) {
        const response = await put(victim.accessToken, {
          email: attacker,
          current_password: victim.password,
          ...extra,
        });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({
          code: 'TWO_FACTOR_REQUIRED',
          detail: AUTH_MESSAGES.twoFactorCodeForChange,
        });
      }
      expect(await userRow(victim.user.id)).toEqual(before);
      const ok = await put(victim.accessToken, {
        email: attacker,
        current_password: victim.password,
        two_factor_code: await codeAt(victim.secret, 0),
      });
      expect(ok.statusCode).toBe(200);
      expect((await userRow(victim.user.id)).pending_email).toBe(attacker);
    });

    it('takes effect only when the new address confirms it; the old address is told; older links stop working', async () => {
      const owner = await verifiedUser();
      const oldEmail = owner.user.email ?? '';
      const newEmail = `moved_${owner.user.username}@example.test`;
      // A reset link and a verification link mailed to the old address before the change.
      expect((await post('/api/auth/forgot-password', { email: oldEmail })).statusCode).toBe(200);
      const oldReset = tokenFromMail(await mail.waitFor(oldEmail, 'Reset'), '/reset-password');

      const requested = await put(owner.accessToken, { email: newEmail, current_password: owner.password });
      expect(requested.statusCode).toBe(200);
      expect(requested.json<UserDto>().email).toBe(oldEmail);
      expect(await security(owner.accessToken)).toMatchObject({ email_verified: true, pending_email: newEmail });
      const notice = await mail.waitFor(oldEmail, 'about to change');
      expect(notice.raw).toContain(newEmail);

      // Still pending: a reset for the new (unverified) address mails nothing; sign-in is still with the old one.
      expect((await post('/api/auth/forgot-password', { email: newEmail })).statusCode).toBe(200);
      const confirm = await mail.waitFor(newEmail, 'Confirm your new SkillDuel email');
      await testApp.app.get(MailService).flush();
      expect(mail.count(newEmail)).toBe(0);
      const changeToken = tokenFromMail(confirm, '/verify-email');

      const confirmed = await post('/api/auth/verify-email', { token: changeToken });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toEqual({ success: true, message: AUTH_MESSAGES.emailChanged });
      expect(await userRow(owner.user.id)).toMatchObject({ email: newEmail, pending_email: null });
      expect(await security(owner.accessToken)).toMatchObject({ email_verified: true, pending_email: null });
      expect((await mail.waitFor(oldEmail, 'was changed')).raw).toContain(newEmail);

      // The reset link mailed to the old address before the change no longer works; the new address gets resets.
      const passwordBefore = (await userRow(owner.user.id)).password_hash;
      const stale = await post('/api/auth/reset-password', { token: oldReset, password: 'attacker-password-1' });
      expect(stale.statusCode).toBe(400);
      expect((await userRow(owner.user.id)).password_hash).toBe(passwordBefore);
      expect((await post('/api/auth/verify-email', { token: changeToken })).statusCode).toBe(400);
      expect((await post('/api/auth/forgot-password', { email: newEmail })).statusCode).toBe(200);
      await mail.waitFor(newEmail, 'Reset');
    });

    it('a password reset only ever goes to a verified address', async () => {
      const { user } = await registerUser(testApp.app);
      await mail.waitFor(user.email ?? '', 'Confirm');
      expect((await post('/api/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
      await testApp.app.get(MailService).flush();
      expect(mail.count(user.email ?? '')).toBe(0);
    });
  });

  describe('two-factor setup and removal', () => {
    it('setup-2fa and verify-2fa need the current password: a thief cannot bind an authenticator', async () => {
      const victim = await verifiedUser();
      const noPassword = await post('/api/auth/setup-2fa', {}, victim.accessToken);
      expect(noPassword.statusCode).toBe(400);
      expect(noPassword.json().detail).toBe(AUTH_MESSAGES.currentPasswordRequired);
      const wrong = await post('/api/auth/setup-2fa', { current_password: 'guess-guess' }, victim.accessToken);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('WRONG_PASSWORD');
      const [pending] = await sql<{ totp_pending_secret_encrypted: string | null }>(
        testApp.databaseUrl,
        'SELECT totp_pending_secret_encrypted FROM users WHERE id = $1',
        [victim.user.id],
      );
      expect(pending.totp_pending_secret_encrypted).toBeNull();

      // Even with a pending secret the owner started, enabling needs the password.
      const setup = await post('/api/auth/setup-2fa', { current_password: victim.password }, victim.accessToken);
      const secret = setup.json<TwoFactorSetupResponse>().secret;
      const enable = await post('/api/auth/verify-2fa', { token: await codeAt(secret, 0) }, victim.accessToken);
      expect(enable.statusCode).toBe(400);
      expect(enable.json().detail).toBe(AUTH_MESSAGES.currentPasswordRequired);
      expect((await security(victim.accessToken)).two_factor_enabled).toBe(false);
    });

    it('disable-2fa needs the current password besides the code', async () => {
      const victim = await withTwoFactor(await verifiedUser());
      const refused = await post(
        '/api/auth/disable-2fa',
        { token: await codeAt(victim.secret, 0) },
        victim.accessToken,
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toBe(AUTH_MESSAGES.currentPasswordRequired);
      expect((await security(victim.accessToken)).two_factor_enabled).toBe(true);
      const ok = await post(
        '/api/auth/disable-2fa',
        { token: await codeAt(victim.secret, 1), current_password: victim.password },
        victim.accessToken,
      );
      expect(ok.statusCode).toBe(200);
      expect((await security(victim.accessToken)).two_factor_enabled).toBe(false);
    });
  });

  describe('password change', () => {
    it('with 2FA on needs a current code too; without one nothing changes', async () => {
      const user = await withTwoFactor(await verifiedUser());
      const before = (await userRow(user.user.id)).password_hash;
      const refused = await post(
        '/api/auth/change-password',
        { current_password: user.password, new_password: 'a-new-password-1' },
        user.accessToken,
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'TWO_FACTOR_REQUIRED',
        detail: AUTH_MESSAGES.twoFactorCodeForChange,
      });
      expect((await userRow(user.user.id)).password_hash).toBe(before);
      const ok = await post(
        '/api/auth/change-password',
        {
          current_password: user.password,
          new_password: 'a-new-password-1',
          two_factor_code: await codeAt(user.secret, 0),
        },
        user.accessToken,
      );
      expect(ok.statusCode).toBe(200);
      expect((await userRow(user.user.id)).password_hash).not.toBe(before);
    });
  });

  describe('withdrawals of a 2FA account', () => {
    const tables = ['wallet_payments', 'ledger_transactions', 'ledger_entries', 'idempotency_keys'];
    const withdraw = (user: RegisteredUser, payload: Record<string, unknown>, key?: string) =>
      inject({
        method: 'POST',
        url: '/api/transactions/withdraw',
        headers: { ...bearer(user.accessToken), ...(key ? { 'idempotency-key': key } : {}) },
        payload,
      });

    it('need a current code: missing or wrong → 403 TWO_FACTOR_REQUIRED and nothing moves', async () => {
      const user = await withTwoFactor(await verifiedUser());
      const deposit = await inject({
        method: 'POST',
        url: '/api/transactions/deposit',
        headers: bearer(user.accessToken),
        payload: { amount: 50, payment_method: 'card' },
      });
      expect(deposit.statusCode).toBe(201);
      const counts = await rowCounts(testApp.databaseUrl, tables);
      const wrongCode = '000000' === (await codeAt(user.secret, 0)) ? '111111' : '000000';
      for (const [extra, key] of [
        [{}, 'withdraw-2fa-1'],
        [{ two_factor_code: wrongCode }, 'withdraw-2fa-1'],
        [{ two_factor_code: 'abc' }, undefined],
      ] as const) {
        const refused = await withdraw(user, { amount: 50, payment_method: 'card', ...extra }, key);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({
          code: 'TWO_FACTOR_REQUIRED',
          detail: WALLET_MESSAGES.twoFactorRequiredToWithdraw,
        });
      }
      expect(await rowCounts(testApp.databaseUrl, tables)).toEqual(counts);
      expect(await balanceCents(testApp.databaseUrl, user.user.id)).toBe(5000n);

      // The same key with a current code goes through once; a retry of it replays the answer (its code is spent).
      const code = await codeAt(user.secret, 0);
      const ok = await withdraw(user, { amount: 20, payment_method: 'card', two_factor_code: code }, 'withdraw-2fa-1');
      expect(ok.statusCode).toBe(202);
      const replay = await withdraw(
        user,
        { amount: 20, payment_method: 'card', two_factor_code: code },
        'withdraw-2fa-1',
      );
      expect(replay.statusCode).toBe(202);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(await balanceCents(testApp.databaseUrl, user.user.id)).toBe(3000n);
      // Replaying the code with a new key is refused: one code, one withdrawal.
      const reused = await withdraw(
        user,
        { amount: 10, payment_method: 'card', two_factor_code: code },
        'withdraw-2fa-2',
      );
      expect(reused.statusCode).toBe(403);
      expect(await balanceCents(testApp.databaseUrl, user.user.id)).toBe(3000n);
    });

    it('of an account without 2FA need no code', async () => {
      const user = await verifiedUser();
      await inject({
        method: 'POST',
        url: '/api/transactions/deposit',
        headers: bearer(user.accessToken),
        payload: { amount: 20, payment_method: 'card' },
      });
      expect((await withdraw(user, { amount: 10, payment_method: 'card' })).statusCode).toBe(202);
    });
  });
});
