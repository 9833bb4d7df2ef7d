import { JwtService } from '@nestjs/jwt';
import { AuthResponse, RefreshResponse, SessionDto } from '@skillduel/contracts';
import { bearer, randomIp, registerUser } from '../../test/auth-helpers';
import { rowCounts, sql } from '../../test/db';
import { createTestApp, TestApp } from '../../test/test-app';

const JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';
const USER_FIELDS = [
  'avatar',
  'balance',
  'canBet',
  'canDeposit',
  'canPlay',
  'canWithdraw',
  'country',
  'current_balance',
  'email',
  'id',
  'isGuest',
  'joinDate',
  'level',
  'rank',
  'spectatorMode',
  'stats',
  'username',
  'xp',
  'xpToNext',
];

function decodeJwtPart(token: string, index: 0 | 1): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[index], 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('accounts: register, login, tokens and sessions (real PostgreSQL)', () => {
  let testApp: TestApp;
  const inject = (...args: Parameters<TestApp['app']['inject']>) => testApp.app.inject(...args);
  const tables = ['users', 'auth_sessions', 'auth_refresh_tokens'];

  beforeAll(async () => {
    // Limits are exercised in rate-limits.int-spec.ts; here they must not get in the way.
    testApp = await createTestApp({
      AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
      AUTH_MAX_FAILED_LOGINS_PER_ACCOUNT_AND_IP: '100000',
      AUTH_MAX_FAILED_LOGINS_PER_ACCOUNT: '100000',
    });
  });
  afterAll(() => testApp.close());

  describe('POST /api/auth/register', () => {
    it('creates the account and signs in: the spec User, an access token and a refresh token', async () => {
      const response = await inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          username: 'Alice_01',
          email: 'Alice.01@Example.test',
          password: 'correct horse',
          confirmPassword: 'correct horse',
        },
        headers: { 'user-agent': 'jest-browser/1.0' },
      });
      expect(response.statusCode).toBe(201);
      const body = response.json<AuthResponse>();
      expect(Object.keys(body).sort()).toEqual(['access_token', 'refresh_token', 'user']);
      expect(Object.keys(body.user).sort()).toEqual(USER_FIELDS);
      expect(Object.keys(body.user.stats).sort()).toEqual([
        'total_deposited',
        'total_earnings',
        'total_wins',
        'total_withdrawn',
      ]);
      expect(body.user).toMatchObject({
        username: 'Alice_01',
        email: 'alice.01@example.test',
        level: 1,
        xp: 0,
        xpToNext: 100,
        rank: 'Bronze',
        country: null,
        current_balance: 0,
        balance: 0,
        isGuest: false,
        canPlay: true,
        canBet: true,
        canWithdraw: true,
        canDeposit: true,
        spectatorMode: false,
      });
      expect(new Date(body.user.joinDate).toISOString()).toBe(body.user.joinDate);
      const sessions = await inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(body.access_token) });
      expect(sessions.json<SessionDto[]>()).toEqual([
        expect.objectContaining({
          current: true,
          user_agent: 'jest-browser/1.0',
          ip: '127.0.0.1',
          auth_method: 'password',
        }),
      ]);
    });

    it('stores the password as an argon2id hash (m ≥ 19456 KiB, t ≥ 2), never in clear', async () => {
      const { user, password } = await registerUser(testApp.app);
      const [row] = await sql<{ password_hash: string }>(
        testApp.databaseUrl,
        'SELECT password_hash FROM users WHERE id = $1',
        [user.id],
      );
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
      const [, memory, time] = /m=(\d+),t=(\d+)/.exec(row.password_hash) ?? [];
      expect(Number(memory)).toBeGreaterThanOrEqual(19456);
      expect(Number(time)).toBeGreaterThanOrEqual(2);
      expect(row.password_hash).not.toContain(password);
    });

    const valid = {
      username: 'valid_name',
      email: 'valid@example.test',
      password: 'password123',
      confirmPassword: 'password123',
    };
    it.each([
      ['no body fields', {}, 'Username is required'],
      ['missing username', { ...valid, username: undefined }, 'Username is required'],
      ['missing email', { ...valid, email: undefined }, 'Email is required'],
      ['missing password', { ...valid, password: undefined, confirmPassword: undefined }, 'Password is required'],
      ['missing confirmPassword', { ...valid, confirmPassword: undefined }, 'Passwords do not match'],
      ['confirmPassword differs', { ...valid, confirmPassword: 'password124' }, 'Passwords do not match'],
      ['username too short', { ...valid, username: 'ab' }, 'Username must be at least 3 characters long'],
      ['username too long', { ...valid, username: 'a'.repeat(33) }, 'Username must be at most 32 characters long'],
      [
        'username with spaces',
        { ...valid, username: 'bad name' },
        'Username may only contain letters, numbers and underscores',
      ],
      ['username of a guest', { ...valid, username: 'Guest_abc123' }, 'This username is reserved'],
      ['invalid email', { ...valid, email: 'not-an-email' }, 'Please enter a valid email address'],
      ['email too long', { ...valid, email: `${'a'.repeat(250)}@x.io` }, 'Please enter a valid email address'],
      [
        'password too short',
        { ...valid, password: 'short', confirmPassword: 'short' },
        'Password must be at least 8 characters long',
      ],
      [
        'password too long',
        { ...valid, password: 'p'.repeat(129), confirmPassword: 'p'.repeat(129) },
        'Password must be at most 128 characters long',
      ],
      ['username a number', { ...valid, username: 12345 }, 'Username is required'],
      [
        'password an array',
        { ...valid, password: ['password123'], confirmPassword: ['password123'] },
        'Password is required',
      ],
      ['extra field', { ...valid, balance: 1000 }, 'property balance should not exist'],
      ['extra field level', { ...valid, level: 99 }, 'property level should not exist'],
    ])('%s → 400 with the message, nothing stored', async (_case, payload, message) => {
      const before = await rowCounts(testApp.databaseUrl, tables);
      const response = await inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: payload as Record<string, unknown>,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, detail: message, message });
      expect(await rowCounts(testApp.databaseUrl, tables)).toEqual(before);
    });

    it('refuses a username or email already taken, ignoring case (409), and stores nothing', async () => {
      const { user } = await registerUser(testApp.app);
      const before = await rowCounts(testApp.databaseUrl, tables);
      const sameName = await inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { ...valid, username: user.username.toUpperCase(), email: 'other1@example.test' },
      });
      expect(sameName.statusCode).toBe(409);
      expect(sameName.json().detail).toBe('Username is already taken');
      const sameEmail = await inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { ...valid, username: 'fresh_name_1', email: (user.email ?? '').toUpperCase() },
      });
      expect(sameEmail.statusCode).toBe(409);
      expect(sameEmail.json().detail).toBe('Email is already registered');
      expect(await rowCounts(testApp.databaseUrl, tables)).toEqual(before);
    });

    it('two concurrent sign-ups with one username: exactly one succeeds', async () => {
      const payload = (email: string) => ({ ...valid, username: 'race_name', email });
      const [a, b] = await Promise.all([
        inject({ method: 'POST', url: '/api/auth/register', payload: payload('race1@example.test') }),
        inject({ method: 'POST', url: '/api/auth/register', payload: payload('race2@example.test') }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    });

    it('refuses malformed JSON and non-JSON bodies', async () => {
      const malformed = await inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': 'application/json' },
        payload: '{"username":',
      });
      expect(malformed.statusCode).toBe(400);
      const xml = await inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': 'application/xml' },
        payload: '<x/>',
      });
      expect(xml.statusCode).toBe(415);
    });
  });

  describe('POST /api/auth/login', () => {
    it('signs in with email (any case) and password; each login is a new session', async () => {
      const { user, password } = await registerUser(testApp.app);
      const response = await inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: (user.email ?? '').toUpperCase(), password },
        remoteAddress: '203.0.113.7',
        headers: { 'user-agent': 'phone-app/2' },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<AuthResponse>();
      expect(body.user).toEqual(user);
      const sessions = (
        await inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(body.access_token) })
      ).json<SessionDto[]>();
      expect(sessions).toHaveLength(2);
      expect(sessions.find((session) => session.current)).toMatchObject({
        ip: '203.0.113.7',
        user_agent: 'phone-app/2',
      });
    });

    it('wrong password and unknown email answer the same 401, and issue nothing', async () => {
      const { user } = await registerUser(testApp.app);
      const before = await rowCounts(testApp.databaseUrl, tables);
      const wrong = await inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: 'not-the-password' },
      });
      const unknown = await inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'nobody@example.test', password: 'whatever1' },
      });
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', detail: 'Invalid email or password' });
        expect(response.json()).not.toHaveProperty('access_token');
      }
      expect(await rowCounts(testApp.databaseUrl, tables)).toEqual(before);
    });

    it.each([
      ['missing email', { password: 'x'.repeat(8) }, 'Email is required'],
      ['missing password', { email: 'a@example.test' }, 'Password is required'],
      ['email not a string', { email: 42, password: 'password1' }, 'Email is required'],
      ['invalid email', { email: 'nope', password: 'password1' }, 'Please enter a valid email address'],
      ['password too long', { email: 'a@example.test', password: 'p'.repeat(129) }, 'Invalid email or password'],
      [
        'extra field',
        { email: 'a@example.test', password: 'password1', remember: true },
        'property remember should not exist',
      ],
      [
        'totp_code not 6 digits',
        { email: 'a@example.test', password: 'password1', totp_code: '12ab' },
        'The code must be the 6 digits shown in your authenticator app',
      ],
    ])('%s → 400', async (_case, payload, message) => {
      const before = await rowCounts(testApp.databaseUrl, tables);
      const response = await inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(message);
      expect(await rowCounts(testApp.databaseUrl, tables)).toEqual(before);
    });
  });

  describe('access tokens (JwtAuthGuard)', () => {
    it('are HS256 JWTs with issuer, audience, type, session and a ~15 minute lifetime', async () => {
      const { user, accessToken } = await registerUser(testApp.app);
      expect(decodeJwtPart(accessToken, 0)).toMatchObject({ alg: 'HS256', typ: 'JWT' });
      const claims = decodeJwtPart(accessToken, 1);
      expect(claims).toMatchObject({ sub: user.id, iss: 'skillduel', aud: 'skillduel-api', typ: 'access' });
      expect(typeof claims['sid']).toBe('string');
      expect((claims['exp'] as number) - (claims['iat'] as number)).toBe(900);
    });

    describe('forged, expired and malformed tokens answer 401 "Authentication required"', () => {
      let user: Awaited<ReturnType<typeof registerUser>>;
      let claims: Record<string, unknown>;
      const rightKey = new JwtService({ secret: JWT_SECRET });
      const wrongKey = new JwtService({ secret: 'another-secret-another-secret-another-secret' });
      const now = () => Math.floor(Date.now() / 1000);

      beforeAll(async () => {
        user = await registerUser(testApp.app);
        claims = decodeJwtPart(user.accessToken, 1);
      });

      const base = () => ({
        sub: claims['sub'],
        sid: claims['sid'],
        typ: 'access',
        iss: 'skillduel',
        aud: 'skillduel-api',
      });
      const cases: Array<[string, () => string]> = [
        [
          'alg none',
          () =>
            `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(
              JSON.stringify({ ...base(), iat: now(), exp: now() + 600 }),
            ).toString('base64url')}.`,
        ],
        ['wrong signature', () => wrongKey.sign({ ...base() }, { expiresIn: 600 })],
        [
          'tampered payload',
          () => {
            const [header, , signature] = user.accessToken.split('.');
            const payload = Buffer.from(
              JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000000' }),
            ).toString('base64url');
            return `${header}.${payload}.${signature}`;
          },
        ],
        [
          'wrong audience',
          () =>
            rightKey.sign(
              { sub: claims['sub'], sid: claims['sid'], typ: 'access' },
              { issuer: 'skillduel', audience: 'other-api', expiresIn: 600 },
            ),
        ],
        [
          'wrong issuer',
          () =>
            rightKey.sign(
              { sub: claims['sub'], sid: claims['sid'], typ: 'access' },
              { issuer: 'evil', audience: 'skillduel-api', expiresIn: 600 },
            ),
        ],
        [
          'not an access token',
          () =>
            rightKey.sign(
              { sub: claims['sub'], sid: claims['sid'], typ: 'refresh' },
              { issuer: 'skillduel', audience: 'skillduel-api', expiresIn: 600 },
            ),
        ],
        ['HS512 with the right key', () => rightKey.sign({ ...base() }, { algorithm: 'HS512', expiresIn: 600 })],
        ['expired', () => rightKey.sign({ ...base(), iat: now() - 2000, exp: now() - 1000 })],
        [
          'unknown session',
          () => rightKey.sign({ ...base(), sid: '00000000-0000-4000-8000-000000000000' }, { expiresIn: 600 }),
        ],
        ['garbage', () => 'not.a.jwt'],
      ];
      it.each(cases)('%s', async (_case, makeToken) => {
        const response = await inject({ method: 'GET', url: '/api/users/me/', headers: bearer(makeToken()) });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({
          statusCode: 401,
          detail: 'Authentication required',
          message: 'Authentication required',
        });
      });

      it('control: a correctly signed token for the live session is accepted', async () => {
        const token = rightKey.sign({ ...base() }, { expiresIn: 600 });
        expect((await inject({ method: 'GET', url: '/api/users/me/', headers: bearer(token) })).statusCode).toBe(200);
      });

      it.each([
        ['no header', {}],
        ['Basic scheme', { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }],
        ['empty bearer', { authorization: 'Bearer ' }],
      ])('%s', async (_case, headers) => {
        const response = await inject({ method: 'GET', url: '/api/auth/sessions', headers });
        expect(response.statusCode).toBe(401);
        expect(response.json().detail).toBe('Authentication required');
      });
    });
  });

  describe('POST /api/auth/refresh', () => {
    const refresh = (refreshToken: unknown) =>
      inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: refreshToken } });

    it('rotates: a new access and refresh token; the new refresh token works in turn', async () => {
      const { refreshToken } = await registerUser(testApp.app);
      const first = await refresh(refreshToken);
      expect(first.statusCode).toBe(200);
      const pair = first.json<RefreshResponse>();
      expect(Object.keys(pair).sort()).toEqual(['access_token', 'refresh_token']);
      expect(pair.refresh_token).not.toBe(refreshToken);
      expect(
        (await inject({ method: 'GET', url: '/api/users/me/', headers: bearer(pair.access_token) })).statusCode,
      ).toBe(200);
      expect((await refresh(pair.refresh_token)).statusCode).toBe(200);
    });

    it('stores refresh tokens only as SHA-256 hashes', async () => {
      const { refreshToken, user } = await registerUser(testApp.app);
      const rows = await sql<{ token_hash: string }>(
        testApp.databaseUrl,
        `SELECT t.token_hash FROM auth_refresh_tokens t JOIN auth_sessions s ON s.id = t.session_id WHERE s.user_id = $1`,
        [user.id],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0].token_hash).not.toContain(refreshToken);
    });

    it('reuse of a rotated token revokes the whole session (its newer tokens stop working too)', async () => {
      const { refreshToken } = await registerUser(testApp.app);
      const pair = (await refresh(refreshToken)).json<RefreshResponse>();
      // Move the rotation out of the short grace window a concurrent refresh gets.
      await sql(
        testApp.databaseUrl,
        `UPDATE auth_refresh_tokens SET rotated_at = now() - interval '1 minute' WHERE rotated_at IS NOT NULL`,
      );
      const replay = await refresh(refreshToken);
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toMatchObject({
        code: 'INVALID_REFRESH_TOKEN',
        detail: 'Invalid or expired refresh token',
      });
      expect((await refresh(pair.refresh_token)).statusCode).toBe(401);
      expect(
        (await inject({ method: 'GET', url: '/api/users/me/', headers: bearer(pair.access_token) })).statusCode,
      ).toBe(401);
      const [session] = await sql<{ revoked_reason: string }>(
        testApp.databaseUrl,
        `SELECT s.revoked_reason FROM auth_sessions s JOIN auth_refresh_tokens t ON t.session_id = s.id
          WHERE t.token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
        [refreshToken],
      );
      expect(session.revoked_reason).toBe('refresh_token_reuse');
    });

    it('two concurrent refreshes with the same token: exactly one wins, and the session survives', async () => {
      const { refreshToken } = await registerUser(testApp.app);
      const results = await Promise.all([refresh(refreshToken), refresh(refreshToken), refresh(refreshToken)]);
      const statuses = results.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([200, 401, 401]);
      const winner = results.find((response) => response.statusCode === 200)?.json<RefreshResponse>();
      expect((await refresh(winner?.refresh_token)).statusCode).toBe(200);
    });

    it('refuses expired, unknown and malformed refresh tokens, changing nothing', async () => {
      const { refreshToken, user } = await registerUser(testApp.app);
      await sql(
        testApp.databaseUrl,
        `UPDATE auth_refresh_tokens SET expires_at = now() - interval '1 second'
          WHERE session_id IN (SELECT id FROM auth_sessions WHERE user_id = $1)`,
        [user.id],
      );
      const before = await rowCounts(testApp.databaseUrl, tables);
      expect((await refresh(refreshToken)).statusCode).toBe(401);
      expect((await refresh('x'.repeat(43))).statusCode).toBe(401);
      for (const [payload, message] of [
        [{}, 'Refresh token is required'],
        [{ refresh_token: '' }, 'Refresh token is required'],
        [{ refresh_token: 42 }, 'Refresh token is required'],
        [{ refresh_token: 'x'.repeat(300) }, 'Invalid or expired refresh token'],
        [{ refresh_token: 'abc', extra: 1 }, 'property extra should not exist'],
      ] as const) {
        const response = await inject({ method: 'POST', url: '/api/auth/refresh', payload });
        expect(response.statusCode).toBe(400);
        expect(response.json().detail).toBe(message);
      }
      expect(await rowCounts(testApp.databaseUrl, tables)).toEqual(before);
    });
  });

  describe('sessions, logout and logout-all', () => {
    async function login(email: string, password: string, ip = randomIp()): Promise<AuthResponse> {
      const response = await inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
        remoteAddress: ip,
      });
      expect(response.statusCode).toBe(200);
      return response.json<AuthResponse>();
    }

    it('GET /auth/sessions lists only the caller’s live sessions and marks the current one', async () => {
      const alice = await registerUser(testApp.app);
      const second = await login(alice.user.email ?? '', alice.password);
      const bob = await registerUser(testApp.app);
      const list = (
        await inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(second.access_token) })
      ).json<SessionDto[]>();
      expect(list).toHaveLength(2);
      expect(list.filter((session) => session.current)).toHaveLength(1);
      const bobList = (
        await inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(bob.accessToken) })
      ).json<SessionDto[]>();
      expect(bobList).toHaveLength(1);
      expect(bobList.map((session) => session.id)).not.toEqual(
        expect.arrayContaining(list.map((session) => session.id)),
      );
      for (const session of list) {
        expect(Object.keys(session).sort()).toEqual([
          'auth_method',
          'created_at',
          'current',
          'id',
          'ip',
          'last_used_at',
          'user_agent',
        ]);
      }
    });

    it('revoking a session ends its access and refresh tokens at once', async () => {
      const alice = await registerUser(testApp.app);
      const phone = await login(alice.user.email ?? '', alice.password);
      const list = (
        await inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(alice.accessToken) })
      ).json<SessionDto[]>();
      const phoneSession = list.find((session) => !session.current);
      const revoke = await inject({
        method: 'POST',
        url: `/api/auth/sessions/${phoneSession?.id}/revoke`,
        headers: bearer(alice.accessToken),
      });
      expect(revoke.statusCode).toBe(200);
      expect(revoke.json()).toEqual({ success: true, message: 'Session revoked' });
      expect(
        (await inject({ method: 'GET', url: '/api/users/me/', headers: bearer(phone.access_token) })).statusCode,
      ).toBe(401);
      expect(
        (await inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: phone.refresh_token } }))
          .statusCode,
      ).toBe(401);
      expect(
        (await inject({ method: 'GET', url: '/api/users/me/', headers: bearer(alice.accessToken) })).statusCode,
      ).toBe(200);
    });

    it('user B can never read or revoke user A’s sessions (404 like an unknown id; A unaffected)', async () => {
      const alice = await registerUser(testApp.app);
      const bob = await registerUser(testApp.app);
      const [aliceSession] = (
        await inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(alice.accessToken) })
      ).json<SessionDto[]>();
      const attempt = await inject({
        method: 'POST',
        url: `/api/auth/sessions/${aliceSession.id}/revoke`,
        headers: bearer(bob.accessToken),
      });
      expect(attempt.statusCode).toBe(404);
      expect(attempt.json().detail).toBe('Resource not found');
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' OR '1'='1"]) {
        const response = await inject({
          method: 'POST',
          url: `/api/auth/sessions/${encodeURIComponent(id)}/revoke`,
          headers: bearer(bob.accessToken),
        });
        expect(response.statusCode).toBe(404);
      }
      expect(
        (await inject({ method: 'GET', url: '/api/users/me/', headers: bearer(alice.accessToken) })).statusCode,
      ).toBe(200);
      const [row] = await sql<{ revoked_at: Date | null }>(
        testApp.databaseUrl,
        'SELECT revoked_at FROM auth_sessions WHERE id = $1',
        [aliceSession.id],
      );
      expect(row.revoked_at).toBeNull();
    });

    it('revoke-all ends every session but the current one', async () => {
      const alice = await registerUser(testApp.app);
      const other1 = await login(alice.user.email ?? '', alice.password);
      const other2 = await login(alice.user.email ?? '', alice.password);
      const response = await inject({
        method: 'POST',
        url: '/api/auth/sessions/revoke-all',
        headers: bearer(alice.accessToken),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'All other sessions revoked', revoked: 2 });
      for (const other of [other1, other2]) {
        expect(
          (await inject({ method: 'GET', url: '/api/users/me/', headers: bearer(other.access_token) })).statusCode,
        ).toBe(401);
      }
      const list = (
        await inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(alice.accessToken) })
      ).json<SessionDto[]>();
      expect(list).toEqual([expect.objectContaining({ current: true })]);
    });

    it('logout ends the current session only; logout-all ends every session including the current one', async () => {
      const alice = await registerUser(testApp.app);
      const other = await login(alice.user.email ?? '', alice.password);
      const logout = await inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(other.access_token) });
      expect(logout.statusCode).toBe(200);
      expect(logout.json()).toEqual({ success: true, message: 'Logged out successfully' });
      expect(
        (await inject({ method: 'GET', url: '/api/users/me/', headers: bearer(other.access_token) })).statusCode,
      ).toBe(401);
      expect(
        (await inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: other.refresh_token } }))
          .statusCode,
      ).toBe(401);
      expect(
        (await inject({ method: 'GET', url: '/api/users/me/', headers: bearer(alice.accessToken) })).statusCode,
      ).toBe(200);

      const third = await login(alice.user.email ?? '', alice.password);
      const all = await inject({ method: 'POST', url: '/api/auth/logout-all', headers: bearer(alice.accessToken) });
      expect(all.statusCode).toBe(200);
      expect(all.json()).toEqual({ success: true, message: 'Logged out of all sessions' });
      for (const token of [alice.accessToken, third.access_token]) {
        expect((await inject({ method: 'GET', url: '/api/users/me/', headers: bearer(token) })).statusCode).toBe(401);
      }
      expect(
        (await inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: alice.refreshToken } }))
          .statusCode,
      ).toBe(401);
    });

    it.each([
      ['POST', '/api/auth/logout'],
      ['POST', '/api/auth/logout-all'],
      ['GET', '/api/auth/sessions'],
      ['POST', '/api/auth/sessions/revoke-all'],
      ['POST', '/api/auth/sessions/00000000-0000-4000-8000-000000000000/revoke'],
      ['GET', '/api/auth/security'],
    ] as const)('%s %s without a token → 401', async (method, url) => {
      const response = await inject({ method, url });
      expect(response.statusCode).toBe(401);
      expect(response.json().detail).toBe('Authentication required');
    });
  });

  it('documents the auth and users routes in the OpenAPI document, with bearer auth where needed', async () => {
    const document = (await inject({ method: 'GET', url: '/api/docs-json' })).json<{
      paths: Record<string, Record<string, { security?: unknown[]; tags?: string[] }>>;
    }>();
    for (const path of [
      '/api/auth/login',
      '/api/auth/register',
      '/api/auth/refresh',
      '/api/auth/oauth/callback',
      '/api/auth/setup-2fa',
      '/api/users/me',
    ]) {
      expect(document.paths).toHaveProperty([path]);
    }
    expect(document.paths['/api/auth/sessions']['get'].security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/users/me']['put'].tags).toEqual(['users']);
  });

  describe('GET /api/auth/security', () => {
    it('summarises email verification, password, 2FA and linked providers', async () => {
      const { accessToken } = await registerUser(testApp.app);
      const response = await inject({ method: 'GET', url: '/api/auth/security', headers: bearer(accessToken) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        email_verified: false,
        pending_email: null,
        has_password: true,
        two_factor_enabled: false,
        recovery_codes_remaining: 0,
        linked_providers: [],
      });
    });
  });
});
