import { AddXpResponse, UserDto } from '@skillduel/contracts';
import { bearer, registerUser } from '../../test/auth-helpers';
import { sql } from '../../test/db';
import { createTestApp, TestApp } from '../../test/test-app';

describe('/api/users/me/* (real PostgreSQL)', () => {
  let testApp: TestApp;
  const inject = (...args: Parameters<TestApp['app']['inject']>) => testApp.app.inject(...args);
  const put = (accessToken: string, payload: unknown) =>
    inject({
      method: 'PUT',
      url: '/api/users/me/',
      headers: bearer(accessToken),
      payload: payload as Record<string, unknown>,
    });
  const addXp = (accessToken: string, payload: unknown) =>
    inject({
      method: 'POST',
      url: '/api/users/me/add-xp/',
      headers: bearer(accessToken),
      payload: payload as Record<string, unknown>,
    });

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  describe('GET /users/me/', () => {
    it.each(['/api/users/me/', '/api/users/me'])('%s returns the signed-in user', async (url) => {
      const { user, accessToken } = await registerUser(testApp.app);
      const response = await inject({ method: 'GET', url, headers: bearer(accessToken) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(user);
    });

    it('answers 401 without a valid token', async () => {
      const response = await inject({ method: 'GET', url: '/api/users/me/' });
      expect(response.statusCode).toBe(401);
      expect(response.json().detail).toBe('Authentication required');
    });
  });

  describe('PUT /users/me/', () => {
    it('edits username and country; an email change (with the current password) waits for the new address', async () => {
      const { accessToken, user, password } = await registerUser(testApp.app);
      const response = await put(accessToken, {
        username: `${user.username}_x`,
        email: `New.${user.username}@Example.test`,
        country: 'MX',
        current_password: password,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<UserDto>()).toMatchObject({
        id: user.id,
        username: `${user.username}_x`,
        // Unchanged until the link mailed to the new address is used (docs/decisions/1001).
        email: user.email,
        country: 'MX',
      });
      const security = await inject({ method: 'GET', url: '/api/auth/security', headers: bearer(accessToken) });
      expect(security.json().pending_email).toBe(`new.${user.username}@example.test`.toLowerCase());
      expect(
        (await inject({ method: 'GET', url: '/api/users/me/', headers: bearer(accessToken) })).json<UserDto>().country,
      ).toBe('MX');
      const cleared = await put(accessToken, { country: null });
      expect(cleared.json<UserDto>().country).toBeNull();
    });

    it('the own address in another case is no change: no password needed, verification kept', async () => {
      const { accessToken, user } = await registerUser(testApp.app);
      await sql(testApp.databaseUrl, 'UPDATE users SET email_verified_at = now() WHERE id = $1', [user.id]);
      expect((await put(accessToken, { email: (user.email ?? '').toUpperCase() })).statusCode).toBe(200);
      const [same] = await sql<{ email_verified_at: Date | null; pending_email: string | null }>(
        testApp.databaseUrl,
        'SELECT email_verified_at, pending_email FROM users WHERE id = $1',
        [user.id],
      );
      expect(same.email_verified_at).not.toBeNull();
      expect(same.pending_email).toBeNull();
    });

    it('an empty body changes nothing; the own username in another case is allowed', async () => {
      const { accessToken, user } = await registerUser(testApp.app);
      expect((await put(accessToken, {})).json()).toEqual(user);
      const recased = await put(accessToken, { username: user.username.toUpperCase() });
      expect(recased.statusCode).toBe(200);
      expect(recased.json<UserDto>().username).toBe(user.username.toUpperCase());
    });

    it.each([
      ['username too short', { username: 'ab' }, 'Username must be at least 3 characters long'],
      ['username empty', { username: '' }, 'Username must be at least 3 characters long'],
      ['username a number', { username: 12345 }, 'Username must be at least 3 characters long'],
      ['username null', { username: null }, 'Username must be at least 3 characters long'],
      ['username too long', { username: 'u'.repeat(33) }, 'Username must be at most 32 characters long'],
      [
        'username with symbols',
        { username: 'bad<script>' },
        'Username may only contain letters, numbers and underscores',
      ],
      ['guest username', { username: 'guest_abcdef' }, 'This username is reserved'],
      ['invalid email', { email: 'nope' }, 'Please enter a valid email address'],
      ['email null', { email: null }, 'Please enter a valid email address'],
      ['country not in the list', { country: 'FR' }, 'Please choose a country from the list'],
      ['country lower case', { country: 'mx' }, 'Please choose a country from the list'],
      ['balance', { balance: 1000000 }, 'property balance should not exist'],
      ['current_balance', { current_balance: 5 }, 'property current_balance should not exist'],
      ['level', { level: 99 }, 'property level should not exist'],
      ['xp', { xp: 5000 }, 'property xp should not exist'],
      ['rank', { rank: 'Legendary' }, 'property rank should not exist'],
      ['id', { id: '00000000-0000-4000-8000-000000000000' }, 'property id should not exist'],
      ['canWithdraw', { canWithdraw: true }, 'property canWithdraw should not exist'],
      ['stats', { stats: { total_wins: 100 } }, 'property stats should not exist'],
      ['password', { password: 'new-password-1' }, 'property password should not exist'],
      ['valid field plus a forbidden one', { country: 'US', level: 50 }, 'property level should not exist'],
    ])('%s → 400 and nothing changes', async (_case, payload, message) => {
      const { accessToken, user } = await registerUser(testApp.app);
      const [before] = await sql(testApp.databaseUrl, 'SELECT * FROM users WHERE id = $1', [user.id]);
      const response = await put(accessToken, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, detail: message });
      const [after] = await sql(testApp.databaseUrl, 'SELECT * FROM users WHERE id = $1', [user.id]);
      expect(after).toEqual(before);
    });

    it('a username or email of another user is refused with 409 (ignoring case)', async () => {
      const alice = await registerUser(testApp.app);
      const bob = await registerUser(testApp.app);
      const name = await put(bob.accessToken, { username: alice.user.username.toUpperCase() });
      expect(name.statusCode).toBe(409);
      expect(name.json().detail).toBe('Username is already taken');
      const email = await put(bob.accessToken, { email: (alice.user.email ?? '').toUpperCase() });
      expect(email.statusCode).toBe(409);
      expect(email.json().detail).toBe('Email is already registered');
      expect((await inject({ method: 'GET', url: '/api/users/me/', headers: bearer(bob.accessToken) })).json()).toEqual(
        bob.user,
      );
    });

    it('needs a token', async () => {
      expect((await inject({ method: 'PUT', url: '/api/users/me/', payload: { country: 'MX' } })).statusCode).toBe(401);
    });
  });

  describe('POST /users/me/add-xp/', () => {
    it('grants XP with level-ups, at most 50 per call and 200 per day', async () => {
      const { accessToken, user } = await registerUser(testApp.app);
      const first = await addXp(accessToken, { xp_amount: 30 });
      expect(first.statusCode).toBe(200);
      expect(first.json<AddXpResponse>()).toEqual({
        success: true,
        xp_added: 30,
        level: 1,
        xp: 30,
        xpToNext: 100,
        rank: 'Bronze',
        leveled_up: false,
      });
      const capped = (await addXp(accessToken, { xp_amount: 100000 })).json<AddXpResponse>();
      expect(capped).toMatchObject({ xp_added: 50, level: 1, xp: 80 });
      const levelUp = (await addXp(accessToken, { xp_amount: 50 })).json<AddXpResponse>();
      expect(levelUp).toMatchObject({ xp_added: 50, level: 2, xp: 30, xpToNext: 200, leveled_up: true });
      expect((await addXp(accessToken, { xp_amount: 50 })).json<AddXpResponse>()).toMatchObject({
        xp_added: 50,
        level: 2,
        xp: 80,
      });
      // 180 granted today: only 20 more.
      const lastOfDay = (await addXp(accessToken, { xp_amount: 50 })).json<AddXpResponse>();
      expect(lastOfDay).toMatchObject({ xp_added: 20, level: 2, xp: 100 });
      const overDailyCap = (await addXp(accessToken, { xp_amount: 10 })).json<AddXpResponse>();
      expect(overDailyCap).toMatchObject({ xp_added: 0, level: 2, xp: 100 });
      const me = (await inject({ method: 'GET', url: '/api/users/me/', headers: bearer(accessToken) })).json<UserDto>();
      expect(me).toMatchObject({ level: 2, xp: 100, xpToNext: 200 });
      const [row] = await sql<{ level: number; xp: number }>(
        testApp.databaseUrl,
        'SELECT level, xp FROM users WHERE id = $1',
        [user.id],
      );
      expect(row).toEqual({ level: 2, xp: 100 });
    });

    it('concurrent calls never grant more than the daily cap', async () => {
      const { accessToken } = await registerUser(testApp.app);
      const results = await Promise.all(Array.from({ length: 10 }, () => addXp(accessToken, { xp_amount: 50 })));
      const granted = results
        .map((response) => response.json<AddXpResponse>().xp_added)
        .reduce((sum, xp) => sum + xp, 0);
      expect(granted).toBe(200);
    });

    it.each([
      [{}, 'xp_amount must be a whole number from 1 to 1000000'],
      [{ xp_amount: 0 }, 'xp_amount must be a whole number from 1 to 1000000'],
      [{ xp_amount: -10 }, 'xp_amount must be a whole number from 1 to 1000000'],
      [{ xp_amount: 1.5 }, 'xp_amount must be a whole number from 1 to 1000000'],
      [{ xp_amount: '10' }, 'xp_amount must be a whole number from 1 to 1000000'],
      [{ xp_amount: 1e12 }, 'xp_amount must be a whole number from 1 to 1000000'],
      [{ xp_amount: 10, level: 5 }, 'property level should not exist'],
    ])('%j → 400 and no XP', async (payload, message) => {
      const { accessToken, user } = await registerUser(testApp.app);
      const response = await addXp(accessToken, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(message);
      const [row] = await sql<{ level: number; xp: number }>(
        testApp.databaseUrl,
        'SELECT level, xp FROM users WHERE id = $1',
        [user.id],
      );
      expect(row).toEqual({ level: 1, xp: 0 });
    });

    it('needs a token', async () => {
      expect(
        (await inject({ method: 'POST', url: '/api/users/me/add-xp/', payload: { xp_amount: 5 } })).statusCode,
      ).toBe(401);
    });
  });

  describe('POST /users/me/update-online-status/', () => {
    it('records presence and last seen', async () => {
      const { accessToken, user } = await registerUser(testApp.app);
      const response = await inject({
        method: 'POST',
        url: '/api/users/me/update-online-status/',
        headers: bearer(accessToken),
        payload: { is_online: true },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, is_online: true });
      const [row] = await sql<{ is_online: boolean; last_seen_at: Date | null }>(
        testApp.databaseUrl,
        'SELECT is_online, last_seen_at FROM users WHERE id = $1',
        [user.id],
      );
      expect(row.is_online).toBe(true);
      expect(row.last_seen_at).not.toBeNull();
    });

    it.each([[{}], [{ is_online: 'yes' }], [{ is_online: 1 }], [{ is_online: true, user_id: 'x' }]])(
      '%j → 400',
      async (payload) => {
        const { accessToken, user } = await registerUser(testApp.app);
        const response = await inject({
          method: 'POST',
          url: '/api/users/me/update-online-status/',
          headers: bearer(accessToken),
          payload,
        });
        expect(response.statusCode).toBe(400);
        const [row] = await sql<{ is_online: boolean }>(
          testApp.databaseUrl,
          'SELECT is_online FROM users WHERE id = $1',
          [user.id],
        );
        expect(row.is_online).toBe(false);
      },
    );

    it('needs a token', async () => {
      expect(
        (await inject({ method: 'POST', url: '/api/users/me/update-online-status/', payload: { is_online: true } }))
          .statusCode,
      ).toBe(401);
    });
  });
});
