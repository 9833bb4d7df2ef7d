import type { MatchmakingMatchedDto } from '@skillduel/contracts';
import { SERVER_EVENTS } from '@skillduel/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { bearer, type RegisteredUser } from '../../test/auth-helpers';
import { RedisServer, startRedisServer } from '../../test/child-server';
import { sql } from '../../test/db';
import { describeWithRedisServer } from '../../test/redis-server';
import { createTestDatabase } from '../../test/test-app';
import { createAppOnDatabase } from '../../test/wallet-helpers';
import {
  balanceCents,
  type ClientSocket,
  connectSocket,
  expectMoneyConsistent,
  idempotencyKey,
  nextEvent,
  playerWithBalance,
  sleep,
} from '../rooms/testing/rooms-test-kit';
import { MatchmakingMatcher } from './matchmaking.matcher';

const GAME = 'number-rush';
const BASE_ENV = {
  WITHDRAWAL_PROCESSOR_ENABLED: 'false',
  RATE_LIMIT_PER_MINUTE: '100000',
  ROOM_SWEEP_INTERVAL_MS: '600000',
  // Driven by hand (tick) so the test decides when the two instances race.
  MATCHMAKING_INTERVAL_MS: '60000',
};

function enter(app: NestFastifyApplication, player: RegisteredUser, betDollars: number) {
  return app.inject({
    method: 'POST',
    url: '/api/matchmaking/queue',
    headers: { ...bearer(player.accessToken), 'idempotency-key': idempotencyKey() },
    payload: { game_id: GAME, bet_amount: betDollars },
  });
}

async function readyRooms(databaseUrl: string, userIds: string[]) {
  return sql<{ room_id: string; player1_id: string; player2_id: string }>(
    databaseUrl,
    `SELECT id AS room_id, player1_id, player2_id FROM rooms
      WHERE status = 'ready' AND (player1_id = ANY($1::uuid[]) OR player2_id = ANY($1::uuid[]))`,
    [userIds],
  );
}

/** N/2 rooms, nobody twice, each stake held in exactly one room (two per room), balances and the ledger agree. */
async function expectPairedExactlyOnce(
  databaseUrl: string,
  players: RegisteredUser[],
  depositCents: bigint,
  betCents: bigint,
): Promise<void> {
  const ids = players.map((player) => player.user.id);
  const rooms = await readyRooms(databaseUrl, ids);
  expect(rooms).toHaveLength(players.length / 2);
  const seated = rooms.flatMap((room) => [room.player1_id, room.player2_id]);
  expect([...seated].sort()).toEqual([...ids].sort());
  const held = await sql<{ room_id: string; n: number }>(
    databaseUrl,
    `SELECT room_id, count(*)::int AS n FROM room_stakes WHERE state = 'held' AND user_id = ANY($1::uuid[])
      GROUP BY room_id`,
    [ids],
  );
  expect(held).toHaveLength(rooms.length);
  expect(held.every((row) => row.n === 2 && rooms.some((room) => room.room_id === row.room_id))).toBe(true);
  for (const id of ids) expect(await balanceCents(databaseUrl, id)).toBe(depositCents - betCents);
  const waiting = await sql(databaseUrl, `SELECT 1 FROM matchmaking_entries WHERE status = 'waiting'`);
  expect(waiting).toHaveLength(0);
  await expectMoneyConsistent(databaseUrl);
}

/**
 * Records how many matching passes run at once across the instances. Each pass is slowed a little so two passes
 * would overlap if the matcher lock did not keep them apart.
 */
function watchPasses(matchers: MatchmakingMatcher[]): { maxConcurrent: () => number; total: () => number } {
  let active = 0;
  let max = 0;
  let total = 0;
  for (const matcher of matchers) {
    const pass = matcher.pass.bind(matcher);
    matcher.pass = async () => {
      active += 1;
      total += 1;
      max = Math.max(max, active);
      try {
        await sleep(30);
        await pass();
      } finally {
        active -= 1;
      }
    };
  }
  return { maxConcurrent: () => max, total: () => total };
}

/** One matcher at a time across instances on one database (docs/decisions/1703). */
describe('matchmaking across two instances on one PostgreSQL (no Redis)', () => {
  let databaseUrl: string;
  let apps: NestFastifyApplication[] = [];

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    apps = [await createAppOnDatabase(databaseUrl, BASE_ENV), await createAppOnDatabase(databaseUrl, BASE_ENV)];
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('runs one pass at a time and turns 40 entries through both instances into 20 rooms, exactly once', async () => {
    const matchers = apps.map((app) => app.get(MatchmakingMatcher));
    const passes = watchPasses(matchers);
    const players = await Promise.all(Array.from({ length: 40 }, (_, i) => playerWithBalance(apps[i % 2], 20)));
    const entered = await Promise.all(players.map((player, i) => enter(apps[i % 2], player, 5)));
    expect(entered.map((response) => response.statusCode)).toEqual(players.map(() => 201));

    // Both instances tick at once, several times: exactly one of each racing pair runs its pass.
    for (let round = 0; round < 3; round++) {
      const ran = await Promise.all(matchers.map((matcher) => matcher.tick()));
      expect(ran.filter(Boolean)).toHaveLength(1);
    }
    expect(passes.maxConcurrent()).toBe(1);
    expect(passes.total()).toBe(3);
    await expectPairedExactlyOnce(databaseUrl, players, 2000n, 500n);
  });

  it('an instance ticks again once the other instance has finished its pass', async () => {
    const [a, b] = apps.map((app) => app.get(MatchmakingMatcher));
    expect(await a.tick()).toBe(true);
    expect(await b.tick()).toBe(true);
  });
});

describeWithRedisServer('matchmaking across two instances (Redis)', (redisServer) => {
  let redis: RedisServer;
  let databaseUrl: string;
  let apps: NestFastifyApplication[] = [];
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    redis = await startRedisServer(redisServer);
    databaseUrl = await createTestDatabase();
    const env = { ...BASE_ENV, REDIS_URL: redis.url };
    apps = [await createAppOnDatabase(databaseUrl, env), await createAppOnDatabase(databaseUrl, env)];
    for (const app of apps) await app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    for (const app of apps) await app.close();
    await redis?.stop();
  });

  it('pairs players connected to different instances and tells each on their own instance', async () => {
    const matchers = apps.map((app) => app.get(MatchmakingMatcher));
    const passes = watchPasses(matchers);
    const players = await Promise.all(Array.from({ length: 10 }, (_, i) => playerWithBalance(apps[i % 2], 20)));
    // Each player's socket is on the other instance than the one they queued through.
    for (const [i, player] of players.entries()) {
      sockets.push(await connectSocket(apps[(i + 1) % 2], { token: player.accessToken }));
    }
    const told = sockets.map((socket) =>
      nextEvent<MatchmakingMatchedDto>(socket, SERVER_EVENTS.matchmakingMatched, () => true, 10_000),
    );
    const entered = await Promise.all(players.map((player, i) => enter(apps[i % 2], player, 4)));
    expect(entered.map((response) => response.statusCode)).toEqual(players.map(() => 201));
    const ran = await Promise.all(matchers.map((matcher) => matcher.tick()));
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(passes.maxConcurrent()).toBe(1);

    const events = await Promise.all(told);
    const rooms = await readyRooms(
      databaseUrl,
      players.map((player) => player.user.id),
    );
    for (const [i, player] of players.entries()) {
      const room = rooms.find((r) => r.player1_id === player.user.id || r.player2_id === player.user.id);
      expect(events[i]).toEqual({ room_id: room?.room_id, game_id: GAME, bet_amount: 4 });
    }
    await expectPairedExactlyOnce(databaseUrl, players, 2000n, 400n);
  });
});
