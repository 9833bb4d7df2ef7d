import type { AdminFlagDto } from '@skillduel/contracts';
import { bearer, randomIp, registerUser, type RegisteredUser } from '../../../test/auth-helpers';
import { sql } from '../../../test/db';
import { deviceCookieOf, deviceIdOf, deviceTokenOf, signInWithDevice, withDevice } from '../../../test/device-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';

const SIGNED_TOKEN = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/;

/**
 * Server-issued device ids (docs/decisions/2330): the server hands out a signed id in an HttpOnly cookie, binds it to
 * the first account and session that saw it, ignores anything it did not sign, and flags an account that presents
 * many ids.
 */
describe('server-issued device ids (real PostgreSQL)', () => {
  let testApp: TestApp;
  let support: RegisteredUser;

  beforeAll(async () => {
    testApp = await createTestApp({ WITHDRAWAL_PROCESSOR_ENABLED: 'false', RATE_LIMIT_PER_MINUTE: '100000' });
    support = await registerUser(testApp.app);
    await sql(testApp.databaseUrl, `UPDATE users SET role = 'support' WHERE id = $1`, [support.user.id]);
  });
  afterAll(() => testApp.close());

  const binding = async (deviceId: string) =>
    (
      await sql<{ first_user_id: string; first_session_id: string | null }>(
        testApp.databaseUrl,
        `SELECT first_user_id, first_session_id FROM device_ids WHERE id = $1`,
        [deviceId],
      )
    )[0] ?? null;
  const sightings = (userId: string) =>
    sql<{ device_id: string }>(testApp.databaseUrl, `SELECT device_id FROM device_sightings WHERE user_id = $1`, [
      userId,
    ]).then((rows) => rows.map((row) => row.device_id).sort());
  const flagsOf = async (userId: string, kind: string) =>
    (await testApp.app.inject({ method: 'GET', url: '/api/admin/flags', headers: bearer(support.accessToken) }))
      .json<AdminFlagDto[]>()
      .filter((flag) => flag.user_id === userId && flag.kind === kind);

  it('registration, sign-in and refresh hand out a signed id in an HttpOnly cookie, bound to the first session', async () => {
    const registered = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username: 'device_owner_1',
        email: 'device-owner-1@example.test',
        password: 'Pw-device-0001!',
        confirmPassword: 'Pw-device-0001!',
      },
      remoteAddress: randomIp(),
    });
    expect(registered.statusCode).toBe(201);
    const cookie = deviceCookieOf(registered);
    expect(cookie).toMatch(/; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    const token = deviceTokenOf(registered) ?? '';
    expect(token).toMatch(SIGNED_TOKEN);
    const userId = registered.json<{ user: { id: string } }>().user.id;
    const [session] = await sql<{ id: string; device_id: string }>(
      testApp.databaseUrl,
      `SELECT id, device_id FROM auth_sessions WHERE user_id = $1`,
      [userId],
    );
    expect(session.device_id).toBe(deviceIdOf(token));
    expect(await binding(deviceIdOf(token))).toEqual({ first_user_id: userId, first_session_id: session.id });
    // Issued, not yet presented: not one of the account's devices until the browser sends it back.
    expect(await sightings(userId)).toEqual([]);

    // Presented back on refresh: the same id is kept (the cookie is set again, sliding its expiry) and counted.
    const refreshed = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: withDevice(token),
      payload: { refresh_token: registered.json<{ refresh_token: string }>().refresh_token },
      remoteAddress: randomIp(),
    });
    expect(refreshed.statusCode).toBe(200);
    expect(deviceTokenOf(refreshed)).toBe(token);
    expect(await sightings(userId)).toEqual([deviceIdOf(token)]);
  });

  it('a missing, malformed, wrongly signed or client-chosen id is an unknown device: replaced, never recorded', async () => {
    const player = await registerUser(testApp.app);
    const genuine = await signInWithDevice(testApp.app, player, null);
    const [id, signature] = genuine.split('.');
    const forgeries = [
      `${id}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`, // right id, wrong signature
      `${'A'.repeat(22)}.${signature}`, // someone else's id under this signature
      id, // unsigned
      'device-one-browser-0001', // what the web used to make up
      `${genuine}.extra`,
    ];
    for (const forged of forgeries) {
      const issued = await signInWithDevice(testApp.app, player, forged, 'device-one-browser-0001');
      expect(issued).toMatch(SIGNED_TOKEN);
      expect(issued).not.toBe(forged);
      expect(deviceIdOf(issued)).not.toBe(id);
    }
    expect(await binding('device-one-browser-0001')).toBeNull();
    expect(await binding('A'.repeat(22))).toBeNull();
    expect(await sightings(player.user.id)).toEqual([]);
    const sessions = await sql<{ device_id: string | null }>(
      testApp.databaseUrl,
      `SELECT device_id FROM auth_sessions WHERE user_id = $1 AND device_id = 'device-one-browser-0001'`,
      [player.user.id],
    );
    expect(sessions).toEqual([]);
  });

  it("a copied id stays bound to its first account: it counts as the presenter's device, not as a new binding", async () => {
    const owner = await registerUser(testApp.app);
    const copier = await registerUser(testApp.app);
    const ownerToken = await signInWithDevice(testApp.app, owner, null);
    const kept = await signInWithDevice(testApp.app, copier, ownerToken);
    expect(kept).toBe(ownerToken);
    expect((await binding(deviceIdOf(ownerToken)))?.first_user_id).toBe(owner.user.id);
    expect(await sightings(copier.user.id)).toEqual([deviceIdOf(ownerToken)]);
    expect(await sightings(owner.user.id)).toEqual([]);
  });

  it('an account presenting more than FLAG_MANY_DEVICES_ABOVE (5) ids in 30 days is flagged once, with the ids', async () => {
    const player = await registerUser(testApp.app);
    const presented: string[] = [];
    const presentNewDevice = async () => {
      const fresh = await signInWithDevice(testApp.app, player, null);
      await signInWithDevice(testApp.app, player, fresh);
      presented.push(deviceIdOf(fresh));
    };
    for (let device = 0; device < 5; device += 1) await presentNewDevice();
    // The same ids again, and forged ones, add nothing.
    await signInWithDevice(testApp.app, player, `${presented[0]}.${'x'.repeat(43)}`);
    expect(await flagsOf(player.user.id, 'many_devices')).toEqual([]);

    await presentNewDevice();
    const [flag, ...more] = await flagsOf(player.user.id, 'many_devices');
    expect(more).toEqual([]);
    expect(flag).toMatchObject({ match_id: null, status: 'open' });
    expect(flag.evidence).toMatchObject({ distinct_device_ids: 6, window_days: 30 });
    expect([...(flag.evidence as { device_ids: string[] }).device_ids].sort()).toEqual([...presented].sort());

    // While that flag is open, a seventh device raises no second one.
    await presentNewDevice();
    expect(await flagsOf(player.user.id, 'many_devices')).toHaveLength(1);
  });
});
