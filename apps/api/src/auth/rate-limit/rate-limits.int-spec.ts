import { bearer, randomIp, registerUser } from '../../../test/auth-helpers';
import { createTestApp, TestApp } from '../../../test/test-app';

const PER_IP = 5;
const TOO_MANY = {
  statusCode: 429,
  detail: 'Too many requests. Please try again later.',
  message: 'Too many requests. Please try again later.',
};

describe('auth rate limits (per IP, per account, per address)', () => {
  let testApp: TestApp;
  const inject = (...args: Parameters<TestApp['app']['inject']>) => testApp.app.inject(...args);
  const login = (email: string, password: string, ip: string) =>
    inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

  beforeAll(async () => {
    testApp = await createTestApp({
      AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: String(PER_IP),
      AUTH_MAX_FAILED_LOGINS_PER_ACCOUNT_AND_IP: '3',
      AUTH_MAX_FAILED_LOGINS_PER_ACCOUNT: '6',
      AUTH_MAX_EMAILS_PER_ADDRESS_PER_HOUR: '2',
    });
  });
  afterAll(() => testApp.close());

  /**
   * Counters use fixed one-minute windows. The first PER_IP requests always pass; sending 2×PER_IP+1 guarantees a
   * 429 even if a window boundary falls in the middle.
   */
  async function expectIpLimit(send: (ip: string) => ReturnType<typeof inject>): Promise<void> {
    const ip = randomIp();
    const responses = [];
    for (let i = 0; i < 2 * PER_IP + 1; i++) responses.push(await send(ip));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.slice(0, PER_IP)).not.toContain(429);
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(2 * PER_IP);
    expect(responses.find((response) => response.statusCode === 429)?.json()).toMatchObject(TOO_MANY);
    // Another address is not affected.
    expect((await send(randomIp())).statusCode).not.toBe(429);
  }

  it.each([
    // A new email each time: the per-account failure limit must not be what answers 429 here.
    [
      'POST /auth/login',
      (ip: string) => login(`someone-${Math.random().toString(36).slice(2)}@example.test`, 'wrong-password', ip),
    ],
    [
      'POST /auth/register',
      (ip: string) => inject({ method: 'POST', url: '/api/auth/register', payload: {}, remoteAddress: ip }),
    ],
    [
      'POST /auth/refresh',
      (ip: string) =>
        inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: 'x' }, remoteAddress: ip }),
    ],
    [
      'POST /auth/forgot-password',
      (ip: string) =>
        inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'bad' }, remoteAddress: ip }),
    ],
    [
      'POST /auth/reset-password',
      (ip: string) =>
        inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { token: 'x', password: 'long-enough-1' },
          remoteAddress: ip,
        }),
    ],
    [
      'POST /auth/verify-email',
      (ip: string) =>
        inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: 'x' }, remoteAddress: ip }),
    ],
    [
      'POST /auth/oauth/callback',
      (ip: string) => inject({ method: 'POST', url: '/api/auth/oauth/callback', payload: {}, remoteAddress: ip }),
    ],
  ])('%s is limited per IP → 429 with the spec message', async (_route, send) => {
    await expectIpLimit(send);
  });

  it('2FA calls are limited per IP', async () => {
    const { accessToken } = await registerUser(testApp.app);
    await expectIpLimit((ip) =>
      inject({
        method: 'POST',
        url: '/api/auth/verify-2fa',
        payload: { token: '123456' },
        headers: bearer(accessToken),
        remoteAddress: ip,
      }),
    );
  });

  it('wrong passwords lock that address out of that account only; the owner elsewhere is unaffected', async () => {
    const { user, password } = await registerUser(testApp.app);
    const email = user.email ?? '';
    const attacker = randomIp();
    for (let i = 0; i < 3; i++) expect((await login(email, 'wrong-password', attacker)).statusCode).toBe(401);
    const blocked = await login(email, password, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject(TOO_MANY);
    expect((await login(email, password, randomIp())).statusCode).toBe(200);
    // Successful sign-ins never count.
    for (let i = 0; i < 4; i++) expect((await login(email, password, randomIp())).statusCode).toBe(200);
  });

  it('a flood from many addresses does not lock the owner out of an address they used before', async () => {
    const { user, password } = await registerUser(testApp.app);
    const email = user.email ?? '';
    const home = randomIp();
    expect((await login(email, password, home)).statusCode).toBe(200);
    // 6 failures from 3 addresses: below the per-address limit (3) each, reaching the account-wide limit (6).
    for (let i = 0; i < 3; i++) {
      const botnet = randomIp();
      for (let j = 0; j < 2; j++) expect((await login(email, 'guess-guess', botnet)).statusCode).toBe(401);
    }
    expect((await login(email, password, randomIp())).statusCode).toBe(429);
    expect((await login(email, password, home)).statusCode).toBe(200);
  });

  it('unknown emails are limited exactly like real accounts (no account discovery through 429s)', async () => {
    const ip = randomIp();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await login('ghost@example.test', 'wrong-password', ip)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('verification and reset mails are limited per address, existing or not', async () => {
    const { user } = await registerUser(testApp.app);
    for (const email of [user.email ?? '', 'nobody-at-all@example.test']) {
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        statuses.push(
          (
            await inject({
              method: 'POST',
              url: '/api/auth/forgot-password',
              payload: { email },
              remoteAddress: randomIp(),
            })
          ).statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 429]);
    }
  });

  it('wrong current passwords on change-password are limited per account', async () => {
    const { accessToken, password } = await registerUser(testApp.app);
    const change = (current: string) =>
      inject({
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { current_password: current, new_password: 'new-password-123' },
        headers: bearer(accessToken),
        remoteAddress: randomIp(),
      });
    for (let i = 0; i < 3; i++) expect((await change('wrong-password')).statusCode).toBe(400);
    expect((await change(password)).statusCode).toBe(429);
  });
});
