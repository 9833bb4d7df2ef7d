import {
  HTTP_ERROR_MESSAGES,
  WALLET_ERROR_CODES,
  WALLET_MESSAGES,
  type RoomDto,
  type TwoFactorSetupResponse,
} from '@skillduel/contracts';
import { generate } from 'otplib';
import { bearer, randomIp, registerUser, RegisteredUser } from '../../../test/auth-helpers';
import { LogCapture } from '../../../test/log-capture';
import { createTestApp, TestApp } from '../../../test/test-app';
import { Clock } from '../../common/clock';
import { LOCKOUT_LOG_MESSAGE } from '../../common/security-events';
import { balanceCents, playerWithBalance } from '../../rooms/testing/rooms-test-kit';

/** The app's clock is pinned mid-step; codes of the previous, current and next step are accepted once each. */
const STEP_SECONDS = 30;
const NOW_SECONDS = 63_333_340 * STEP_SECONDS + 15;
const codeAt = (secret: string, stepOffset: number) =>
  generate({ secret, epoch: NOW_SECONDS + stepOffset * STEP_SECONDS });
const FAILURE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Wrong authenticator codes on withdrawals are counted apart from sign-in (decision 0102): whoever holds a stolen
 * access token can lock withdrawals for 15 minutes, never the owner's sign-in. And lockouts are security events: one
 * structured warn line (user, kind, ip, until) when a lock starts (login, 2FA at sign-in, 2FA on withdrawals, a
 * private room's password).
 */
describe('lockouts: withdrawal codes apart from sign-in, and every lockout logged as a security event (real PostgreSQL)', () => {
  let testApp: TestApp;
  const log = new LogCapture();
  const inject = (...args: Parameters<TestApp['app']['inject']>) => testApp.app.inject(...args);

  beforeAll(async () => {
    testApp = await createTestApp(
      {
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
        AUTH_MAX_FAILED_2FA_PER_ACCOUNT: '10',
        AUTH_MAX_FAILED_LOGINS_PER_ACCOUNT_AND_IP: '10',
        WITHDRAWAL_PROCESSOR_ENABLED: 'false',
      },
      { logDestination: log },
    );
    jest.spyOn(testApp.app.get(Clock), 'now').mockImplementation(() => new Date(NOW_SECONDS * 1000));
  });
  afterAll(() => testApp.close());

  /** A funded account ($50) with 2FA on (enabled with the previous step's code, so steps 0 and +1 are unused). */
  async function fundedUserWithTwoFactor(): Promise<RegisteredUser & { secret: string }> {
    const user = await registerUser(testApp.app);
    const setup = await inject({
      method: 'POST',
      url: '/api/auth/setup-2fa',
      headers: bearer(user.accessToken),
      payload: { current_password: user.password },
    });
    const { secret } = setup.json<TwoFactorSetupResponse>();
    const enabled = await inject({
      method: 'POST',
      url: '/api/auth/verify-2fa',
      headers: bearer(user.accessToken),
      payload: { token: await codeAt(secret, -1), current_password: user.password },
    });
    expect(enabled.statusCode).toBe(200);
    const deposit = await inject({
      method: 'POST',
      url: '/api/transactions/deposit',
      headers: bearer(user.accessToken),
      payload: { amount: 50, payment_method: 'card' },
    });
    expect(deposit.statusCode).toBe(201);
    return { ...user, secret };
  }

  /** A six-digit code that is none of the accepted ones (steps -1, 0, +1). */
  async function wrongCode(secret: string): Promise<string> {
    const accepted = await Promise.all([-1, 0, 1].map((offset) => codeAt(secret, offset)));
    return ['000000', '111111', '222222', '333333'].find((code) => !accepted.includes(code)) as string;
  }

  const withdraw = (user: RegisteredUser, code: string, ip: string) =>
    inject({
      method: 'POST',
      url: '/api/transactions/withdraw',
      headers: bearer(user.accessToken),
      payload: { amount: 20, payment_method: 'card', two_factor_code: code },
      remoteAddress: ip,
    });
  const login = (user: RegisteredUser, extra: Record<string, unknown>, ip = randomIp()) =>
    inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.user.email, password: user.password, ...extra },
      remoteAddress: ip,
    });

  function lockoutLine(kind: string, userId: string): Record<string, unknown> | undefined {
    return log.lines.find((line) => line.msg === LOCKOUT_LOG_MESSAGE && line.kind === kind && line.userId === userId);
  }

  function expectUntilWithinTheWindow(line: Record<string, unknown> | undefined): void {
    const untilMs = Date.parse(String(line?.until));
    expect(untilMs).toBeGreaterThan(Date.now());
    expect(untilMs).toBeLessThanOrEqual(Date.now() + FAILURE_WINDOW_MS);
  }

  it('10 wrong codes on withdraw lock withdrawals (429), not the owner’s sign-in; the lockout is logged once', async () => {
    const owner = await fundedUserWithTwoFactor();
    const thiefIp = randomIp();
    const wrong = await wrongCode(owner.secret);
    for (let attempt = 0; attempt < 10; attempt++) {
      const refused = await withdraw(owner, wrong, thiefIp);
      expect([attempt, refused.statusCode, refused.json().detail]).toEqual([
        attempt,
        403,
        WALLET_MESSAGES.twoFactorRequiredToWithdraw,
      ]);
    }
    // Locked: even the right code is refused now, and nothing moves.
    const locked = await withdraw(owner, await codeAt(owner.secret, 0), thiefIp);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      code: WALLET_ERROR_CODES.tooManyTwoFactorAttempts,
      detail: HTTP_ERROR_MESSAGES[429],
    });
    expect(await balanceCents(testApp.databaseUrl, owner.user.id)).toBe(5000n);

    // The owner still signs in with their password and a current code.
    const signedIn = await login(owner, { totp_code: await codeAt(owner.secret, 0) });
    expect(signedIn.statusCode).toBe(200);

    const lines = log.lines.filter((line) => line.msg === LOCKOUT_LOG_MESSAGE && line.userId === owner.user.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 40,
      context: 'SecurityEvents',
      event: 'lockout',
      kind: 'withdrawal_two_factor',
      userId: owner.user.id,
      ip: thiefIp,
    });
    expectUntilWithinTheWindow(lines[0]);
  });

  it('wrong codes at sign-in lock the sign-in (429) but not withdrawals with a right code', async () => {
    const owner = await fundedUserWithTwoFactor();
    const ip = randomIp();
    const wrong = await wrongCode(owner.secret);
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await login(owner, { totp_code: wrong }, ip)).statusCode).toBe(401);
    }
    expect((await login(owner, { totp_code: await codeAt(owner.secret, 0) }, ip)).statusCode).toBe(429);

    const withdrawal = await withdraw(owner, await codeAt(owner.secret, 0), ip);
    expect(withdrawal.statusCode).toBe(202);
    expect(await balanceCents(testApp.databaseUrl, owner.user.id)).toBe(3000n);

    const line = lockoutLine('two_factor', owner.user.id);
    expect(line).toMatchObject({ level: 40, event: 'lockout', userId: owner.user.id, ip });
    expectUntilWithinTheWindow(line);
  });

  it('logs the login lockout of an address with the user, the address and the end of the lock', async () => {
    const owner = await registerUser(testApp.app);
    const attackerIp = randomIp();
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await login(owner, { password: 'Wrong-password-1' }, attackerIp)).statusCode).toBe(401);
    }
    expect((await login(owner, {}, attackerIp)).statusCode).toBe(429);
    const lines = log.lines.filter((line) => line.msg === LOCKOUT_LOG_MESSAGE && line.userId === owner.user.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, event: 'lockout', kind: 'login', ip: attackerIp });
    expectUntilWithinTheWindow(lines[0]);
    // The owner elsewhere is not locked.
    expect((await login(owner, {})).statusCode).toBe(200);
  });

  it('logs the lockout of a private room password with the user, the room and the end of the lock', async () => {
    const creator = await playerWithBalance(testApp.app, 20);
    const created = await inject({
      method: 'POST',
      url: '/api/rooms',
      headers: bearer(creator.accessToken),
      payload: { game_id: 'number-rush', bet_amount: 5, is_private: true, password: 'secret-pw1' },
    });
    expect(created.statusCode).toBe(201);
    const room = created.json<RoomDto>();
    const guesser = await playerWithBalance(testApp.app, 20);
    const guess = (password: string) =>
      inject({
        method: 'POST',
        url: `/api/rooms/${room.id}/join`,
        headers: bearer(guesser.accessToken),
        payload: { password },
      });
    for (let attempt = 0; attempt < 10; attempt++) expect((await guess(`guess-${attempt}`)).statusCode).toBe(403);
    expect((await guess('secret-pw1')).statusCode).toBe(429);
    const lines = log.lines.filter((line) => line.msg === LOCKOUT_LOG_MESSAGE && line.userId === guesser.user.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, event: 'lockout', kind: 'room_password', roomId: room.id, ip: null });
    expectUntilWithinTheWindow(lines[0]);
  });
});
