import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomUUID } from 'node:crypto';
import { bearer, type RegisteredUser } from '../../test/auth-helpers';
import { sql } from '../../test/db';
import { deviceIdOf, signInWithDevice, withDevice } from '../../test/device-helpers';
import { createTestDatabase } from '../../test/test-app';
import { createAppOnDatabase } from '../../test/wallet-helpers';
import { expectMoneyConsistent, idempotencyKey, playerWithBalance } from '../rooms/testing/rooms-test-kit';
import { MatchmakingMatcher } from './matchmaking.matcher';

const GAME = 'number-rush';
const ENV = {
  WITHDRAWAL_PROCESSOR_ENABLED: 'false',
  RATE_LIMIT_PER_MINUTE: '100000',
  ROOM_SWEEP_INTERVAL_MS: '600000',
  MATCHMAKING_INTERVAL_MS: '60000',
};

/**
 * Where an entry comes from (docs/decisions/1703, 2330): one device never plays itself; one address only if allowed.
 * The device is the server-issued id of the device cookie; anything else (none, forged, a client-chosen X-Device-Id)
 * is an unknown device, which never matches another.
 */
describe('matchmaking: device id and address rules (real PostgreSQL)', () => {
  let databaseUrl: string;
  let app: NestFastifyApplication;
  let distinctIpsApp: NestFastifyApplication;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    app = await createAppOnDatabase(databaseUrl, ENV);
    distinctIpsApp = await createAppOnDatabase(databaseUrl, { ...ENV, MATCHMAKING_DISTINCT_IPS: 'true' });
  });
  afterAll(async () => {
    await app.close();
    await distinctIpsApp.close();
  });

  function enter(
    target: NestFastifyApplication,
    player: RegisteredUser,
    betDollars: number,
    origin: { deviceToken?: string; clientDeviceHeader?: string; ip?: string },
  ) {
    return target.inject({
      method: 'POST',
      url: '/api/matchmaking/queue',
      headers: {
        ...bearer(player.accessToken),
        'idempotency-key': idempotencyKey(),
        ...withDevice(origin.deviceToken ?? null),
        ...(origin.clientDeviceHeader !== undefined ? { 'x-device-id': origin.clientDeviceHeader } : {}),
      },
      payload: { game_id: GAME, bet_amount: betDollars },
      remoteAddress: origin.ip ?? '127.0.0.1',
    });
  }

  /** Pairs (as user id sets) among the given players after one pass of `target`'s matcher. */
  async function pairsAfterPass(target: NestFastifyApplication, players: RegisteredUser[]): Promise<string[][]> {
    await target.get(MatchmakingMatcher).tick();
    const rows = await sql<{ player1_id: string; player2_id: string }>(
      databaseUrl,
      `SELECT player1_id, player2_id FROM rooms WHERE status = 'ready' AND player1_id = ANY($1::uuid[])`,
      [players.map((player) => player.user.id)],
    );
    return rows.map((row) => [row.player1_id, row.player2_id].sort());
  }

  const storedDeviceOf = async (player: RegisteredUser) =>
    (
      await sql<{ device_id: string | null; ip: string }>(
        databaseUrl,
        `SELECT device_id, ip FROM matchmaking_entries WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1`,
        [player.user.id],
      )
    )[0];

  it('stores the signed device id and address with the entry; none, forged or client-chosen is an unknown device', async () => {
    const player = await playerWithBalance(app, 20);
    const token = await signInWithDevice(app, player, null);
    expect((await enter(app, player, 2, { deviceToken: token, ip: '198.51.100.4' })).statusCode).toBe(201);
    expect(await storedDeviceOf(player)).toEqual({ device_id: deviceIdOf(token), ip: '198.51.100.4' });
    expect(
      (await app.inject({ method: 'DELETE', url: '/api/matchmaking/queue', headers: bearer(player.accessToken) }))
        .statusCode,
    ).toBe(200);

    const unknownDevices = [
      {},
      { clientDeviceHeader: randomUUID() },
      { deviceToken: `${deviceIdOf(token)}.${'A'.repeat(43)}`, clientDeviceHeader: deviceIdOf(token) },
    ];
    for (const origin of unknownDevices) {
      expect((await enter(app, player, 2, origin)).statusCode).toBe(201);
      expect((await storedDeviceOf(player)).device_id).toBeNull();
      expect(
        (await app.inject({ method: 'DELETE', url: '/api/matchmaking/queue', headers: bearer(player.accessToken) }))
          .statusCode,
      ).toBe(200);
    }
    await expectMoneyConsistent(databaseUrl);
  });

  it('never pairs two accounts presenting one server-issued id; a third account on another device is paired instead', async () => {
    const [first, second, other] = await Promise.all([1, 2, 3].map(() => playerWithBalance(app, 20)));
    // One browser, two accounts: the second sign-in presents the cookie the first one received.
    const shared = await signInWithDevice(app, first, null);
    expect(await signInWithDevice(app, second, shared)).toBe(shared);
    expect((await enter(app, first, 3, { deviceToken: shared })).statusCode).toBe(201);
    expect((await enter(app, second, 3, { deviceToken: shared })).statusCode).toBe(201);
    expect(await pairsAfterPass(app, [first, second, other])).toEqual([]);

    const otherDevice = await signInWithDevice(app, other, null);
    expect((await enter(app, other, 3, { deviceToken: otherDevice })).statusCode).toBe(201);
    const pairs = await pairsAfterPass(app, [first, second, other]);
    expect(pairs).toHaveLength(1);
    expect(pairs[0]).toContain(other.user.id);
    await expectMoneyConsistent(databaseUrl);
  });

  it('a forged or client-chosen id shared by two accounts is no device: they are paired like strangers', async () => {
    const [first, second] = await Promise.all([1, 2].map(() => playerWithBalance(app, 20)));
    const forged = {
      deviceToken: `${'F'.repeat(22)}.${'G'.repeat(43)}`,
      clientDeviceHeader: 'device-one-browser-0001',
    };
    expect((await enter(app, first, 5, forged)).statusCode).toBe(201);
    expect((await enter(app, second, 5, forged)).statusCode).toBe(201);
    expect(await pairsAfterPass(app, [first, second])).toEqual([[first.user.id, second.user.id].sort()]);
    await expectMoneyConsistent(databaseUrl);
  });

  it('pairs accounts sharing an address by default, and refuses them with MATCHMAKING_DISTINCT_IPS=true', async () => {
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => playerWithBalance(app, 20)));
    expect((await enter(app, a, 4, { ip: '203.0.113.9' })).statusCode).toBe(201);
    expect((await enter(app, b, 4, { ip: '203.0.113.9' })).statusCode).toBe(201);
    expect(await pairsAfterPass(app, [a, b])).toEqual([[a.user.id, b.user.id].sort()]);

    expect((await enter(distinctIpsApp, c, 6, { ip: '203.0.113.10' })).statusCode).toBe(201);
    expect((await enter(distinctIpsApp, d, 6, { ip: '203.0.113.10' })).statusCode).toBe(201);
    expect(await pairsAfterPass(distinctIpsApp, [c, d])).toEqual([]);
    await expectMoneyConsistent(databaseUrl);
  });
});
