import type { MatchFinishedDto } from '@skillduel/contracts';
import {
  ChildServer,
  hit,
  RedisServer,
  startChildServer,
  startLiveMatch,
  startRedisServer,
} from '../../test/child-server';
import { sql } from '../../test/db';
import { describeWithRedisServer } from '../../test/redis-server';
import { createTestDatabase } from '../../test/test-app';
import { balanceCents, ClientSocket, expectMoneyConsistent, nextEvent, sleep } from './testing/rooms-test-kit';

/**
 * Graceful shutdown: SIGTERM to a real server process (with Redis) in the middle of a match and of a burst
 * of HTTP requests. Every request already sent is answered, new rooms are refused with 503, the live match is voided
 * and refunded before the process exits, and the ledger holds.
 */
describeWithRedisServer('graceful shutdown on SIGTERM', (redisServer) => {
  let redis: RedisServer;
  const sockets: ClientSocket[] = [];
  let child: ChildServer | undefined;

  beforeAll(async () => {
    redis = await startRedisServer(redisServer);
  });
  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await child?.stop('SIGKILL');
    await redis?.stop();
  });

  it('answers every in-flight request, refuses new rooms with 503, voids and refunds the live match', async () => {
    const databaseUrl = await createTestDatabase();
    const server = await startChildServer({ DATABASE_URL: databaseUrl, REDIS_URL: redis.url });
    child = server;
    const { baseUrl } = server;

    const { alice, bob, room, aliceSocket, bobSocket } = await startLiveMatch(baseUrl, 'term');
    sockets.push(aliceSocket, bobSocket);
    const finished = nextEvent<MatchFinishedDto>(bobSocket, 'match:finished', () => true, 10_000);

    // A burst of requests, then SIGTERM while they are being served.
    const burst = Array.from({ length: 40 }, (_, index) =>
      index % 2 === 0
        ? hit(baseUrl, 'GET', '/api/rooms')
        : hit(baseUrl, 'GET', '/api/transactions', index % 4 === 1 ? alice.access_token : bob.access_token),
    );
    await sleep(15);
    const exited = server.stop('SIGTERM');
    await sleep(40);
    const refused = await hit(baseUrl, 'POST', '/api/rooms', alice.access_token, {
      game_id: 'number-rush',
      bet_amount: 1,
    });

    const answers = await Promise.all(burst);
    const failed = answers.filter((answer) => 'error' in answer || answer.status >= 500);
    expect(failed).toEqual([]);
    if ('error' in refused) {
      // Already closed (a slow machine only): then it must at least not have been created.
      expect(refused.error).toMatch(/ECONNREFUSED|ECONNRESET/);
    } else {
      expect(refused.status).toBe(503);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'SERVER_SHUTTING_DOWN' });
    }

    expect((await finished).result).toMatchObject({ outcome: 'void', reason: 'void' });
    await exited;
    const matches = await sql<{ status: string }>(databaseUrl, `SELECT status FROM matches WHERE room_id = $1`, [
      room.id,
    ]);
    expect(matches.map((match) => match.status)).toEqual(['void']);
    expect(await balanceCents(databaseUrl, alice.user.id)).toBe(10_000n);
    expect(await balanceCents(databaseUrl, bob.user.id)).toBe(10_000n);
    expect((await sql(databaseUrl, `SELECT id FROM rooms`)).length).toBe(1);
    await expectMoneyConsistent(databaseUrl);
  }, 90_000);
});
