import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MATCHMAKING_ERROR_CODES } from '@skillduel/contracts';
import { randomUUID } from 'node:crypto';
import { bearer, type RegisteredUser } from '../../test/auth-helpers';
import { sql } from '../../test/db';
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

/** Where an entry comes from (docs/decisions/1703): one device never plays itself; one address only if allowed. */
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
    origin: { deviceId?: string; ip?: string },
  ) {
    return target.inject({
      method: 'POST',
      url: '/api/matchmaking/queue',
      headers: {
        ...bearer(player.accessToken),
        'idempotency-key': idempotencyKey(),
        ...(origin.deviceId !== undefined ? { 'x-device-id': origin.deviceId } : {}),
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

  it('stores the device id and address with the entry and refuses a malformed device id', async () => {
    const player = await playerWithBalance(app, 20);
    for (const bad of ['short', 'x'.repeat(65), 'has spaces in it', "quote'injection"]) {
      const refused = await enter(app, player, 2, { deviceId: bad });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: MATCHMAKING_ERROR_CODES.invalidDeviceId });
    }
    const deviceId = randomUUID();
    expect((await enter(app, player, 2, { deviceId, ip: '198.51.100.4' })).statusCode).toBe(201);
    const [row] = await sql<{ device_id: string; ip: string }>(
      databaseUrl,
      `SELECT device_id, ip FROM matchmaking_entries WHERE user_id = $1`,
      [player.user.id],
    );
    expect(row).toEqual({ device_id: deviceId, ip: '198.51.100.4' });
  });

  it('never pairs two accounts of one device; a third account on another device is paired instead', async () => {
    const [first, second, other] = await Promise.all([1, 2, 3].map(() => playerWithBalance(app, 20)));
    const shared = randomUUID();
    expect((await enter(app, first, 3, { deviceId: shared })).statusCode).toBe(201);
    expect((await enter(app, second, 3, { deviceId: shared })).statusCode).toBe(201);
    expect(await pairsAfterPass(app, [first, second, other])).toEqual([]);

    expect((await enter(app, other, 3, { deviceId: randomUUID() })).statusCode).toBe(201);
    const pairs = await pairsAfterPass(app, [first, second, other]);
    expect(pairs).toHaveLength(1);
    expect(pairs[0]).toContain(other.user.id);
    await expectMoneyConsistent(databaseUrl);
  });

  it('pairs accounts sharing an address by default, and refuses them with MATCHMAKING_DISTINCT_IPS=true', async () => {
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => playerWithBalance(app, 20)));
    expect((await enter(app, a, 4, { deviceId: randomUUID(), ip: '203.0.113.9' })).statusCode).toBe(201);
    expect((await enter(app, b, 4, { deviceId: randomUUID(), ip: '203.0.113.9' })).statusCode).toBe(201);
    expect(await pairsAfterPass(app, [a, b])).toEqual([[a.user.id, b.user.id].sort()]);

    expect((await enter(distinctIpsApp, c, 6, { deviceId: randomUUID(), ip: '203.0.113.10' })).statusCode).toBe(201);
    expect((await enter(distinctIpsApp, d, 6, { deviceId: randomUUID(), ip: '203.0.113.10' })).statusCode).toBe(201);
    expect(await pairsAfterPass(distinctIpsApp, [c, d])).toEqual([]);
    await expectMoneyConsistent(databaseUrl);
  });
});
