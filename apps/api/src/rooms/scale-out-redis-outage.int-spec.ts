import type { Ack, MatchInputAckDto, MatchResultEventDto, RoomJoinedDto } from '@skillduel/contracts';
import { call, ChildServer, hit, startLiveMatch, twoInstancesForSuite } from '../../test/child-server';
import { sql } from '../../test/db';
import { describeWithRedisServer } from '../../test/redis-server';
import {
  balanceCents,
  ClientSocket,
  connectSocket,
  eventually,
  expectMoneyConsistent,
  nextEvent,
  request,
  sleep,
} from './testing/rooms-test-kit';

/**
 * The forward timeout is far shorter than the stalls, so a forwarded request gives up while Redis still holds its
 * PUBLISH (a crash this suite guards against). The lease is the production default (15 s): a 10 s stall must not cost a room.
 */
const INSTANCE_ENV = {
  ROOM_FORWARD_TIMEOUT_MS: '800',
  ROOM_OWNER_LEASE_MS: '15000',
  AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
};
const START_CENTS = 10_000n;
const BET_CENTS = 500n;

/** Both processes still run (neither exited on an unhandled rejection). */
function expectAlive(servers: ChildServer[]): void {
  expect(servers.map((server) => [server.child.exitCode, server.child.signalCode])).toEqual([
    [null, null],
    [null, null],
  ]);
}

/** What slipped through to the process guard on this instance (skillduel_unhandled_rejections_total). */
async function unhandledRejections(server: ChildServer): Promise<number> {
  const answer = await hit(server.baseUrl, 'GET', '/api/metrics');
  if ('error' in answer) throw new Error(`metrics: ${answer.error}`);
  const line = answer.body.split('\n').find((text) => text.startsWith('skillduel_unhandled_rejections_total'));
  return Number(line?.split(' ')[1] ?? NaN);
}

/** The promise's value, or a failure naming the instance that exited first (a socket's ack never comes then). */
function unlessExited<T>(promise: Promise<T>, servers: ChildServer[]): Promise<T> {
  const exits = servers.map((server, index) =>
    server.exited.then(() => {
      throw new Error(`instance ${index} exited (${server.child.exitCode ?? server.child.signalCode})`);
    }),
  );
  return Promise.race([promise, ...exits]);
}

function answerOf(socket: ClientSocket, roomId: string, value: number) {
  return request<Ack<MatchInputAckDto>>(socket, 'match:input', { room_id: roomId, input: { type: 'answer', value } });
}

/**
 * Redis stalls and restarts under two live instances: a forwarded request that times out while its PUBLISH
 * waits on a stalled Redis used to reject unobserved and end the forwarding process, dropping every socket on it.
 * Now no request-scoped failure ends a process: both instances stay up, the live round ends with its real result (or
 * a refund when its room had to move), new rooms work once Redis is back, and the money reconciles.
 */
describeWithRedisServer('scale-out: Redis stalls or restarts mid-match', (redisServer) => {
  const suite = twoInstancesForSuite(redisServer, INSTANCE_ENV);
  const sockets = suite.sockets;

  /** A live match, Alice on the room's owner, Bob forwarded from the other instance. */
  async function liveMatch(prefix: string) {
    const [owner, forwarder] = suite.cluster.servers;
    const match = await startLiveMatch(owner.baseUrl, prefix, forwarder.baseUrl);
    sockets.push(match.aliceSocket, match.bobSocket);
    expect((await answerOf(match.bobSocket, match.room.id, -1)).ok).toBe(true);
    return match;
  }

  /**
   * Alice leaves over REST on the owner mid-play (she forfeits): Bob, on the other instance, hears his win. This is
   * the round's real result reaching a forwarded player, and it moves money.
   */
  async function aliceForfeits(match: Awaited<ReturnType<typeof liveMatch>>): Promise<void> {
    const [owner] = suite.cluster.servers;
    const bobWon = nextEvent<MatchResultEventDto>(match.bobSocket, 'match:result', () => true, 15_000);
    await call(owner.baseUrl, 'POST', `/api/rooms/${match.room.id}/leave`, match.alice.access_token, {});
    expect((await bobWon).result).toMatchObject({ winner: 'player', reason: 'forfeit' });
    expect(await balanceCents(suite.cluster.databaseUrl, match.bob.user.id)).toBe(START_CENTS + BET_CENTS);
    expect(await balanceCents(suite.cluster.databaseUrl, match.alice.user.id)).toBe(START_CENTS - BET_CENTS);
  }

  it('Redis paused ~4 s while Bob’s input is forwarded: he is told to try again, and no instance exits', async () => {
    const { servers, redis } = suite.cluster;
    const match = await liveMatch('stall');
    redis.pause();
    let answer: Ack<MatchInputAckDto>;
    try {
      // The forward times out (800 ms) while its PUBLISH still waits on the stalled Redis.
      answer = await unlessExited(answerOf(match.bobSocket, match.room.id, -2), servers);
      await sleep(4000);
      expectAlive(servers);
    } finally {
      redis.resume();
    }
    expect(answer).toEqual({ ok: false, error: expect.objectContaining({ code: 'UNAVAILABLE' }) });
    // Both instances and Bob's socket are still there, and his next input reaches the owner again.
    await sleep(500);
    expectAlive(servers);
    expect(match.bobSocket.connected).toBe(true);
    await eventually(async () => (await answerOf(match.bobSocket, match.room.id, -3)).ok, 5000, 'a forwarded input');
    await aliceForfeits(match);
    for (const server of servers) expect(await unhandledRejections(server)).toBe(0);
    await expectMoneyConsistent(suite.cluster.databaseUrl);
  }, 40_000);

  it('Redis paused 10 s mid-match: both instances stay up, the round ends with its real result, new rooms work', async () => {
    const { servers, redis, databaseUrl } = suite.cluster;
    const match = await liveMatch('pause');
    const pausedAt = Date.now();
    redis.pause();
    try {
      // Bob keeps playing through the stall: told to try again, never a dropped socket.
      for (const value of [-2, -3]) {
        const answer = await unlessExited(answerOf(match.bobSocket, match.room.id, value), servers);
        expect(answer).toEqual({ ok: false, error: expect.objectContaining({ code: 'UNAVAILABLE' }) });
      }
      await sleep(10_000 - (Date.now() - pausedAt));
      expectAlive(servers);
    } finally {
      redis.resume();
    }
    await eventually(async () => (await answerOf(match.bobSocket, match.room.id, -4)).ok, 10_000, 'a forwarded input');
    await aliceForfeits(match);
    // A new room across the two instances, once Redis is back.
    await aliceForfeits(await liveMatch('again'));
    expectAlive(servers);
    for (const server of servers) expect(await unhandledRejections(server)).toBe(0);
    await expectMoneyConsistent(databaseUrl);
  }, 45_000);

  it('Redis killed and restarted empty mid-match: both instances stay up, the round ends, new rooms work', async () => {
    const { servers, redis, redisClient, databaseUrl } = suite.cluster;
    const match = await liveMatch('restart');
    const spectator = await connectSocket(servers[1].baseUrl, {});
    sockets.push(spectator);
    expect(await request<Ack<RoomJoinedDto>>(spectator, 'room:join', { room_id: match.room.id })).toMatchObject({
      ok: true,
    });
    const ownerKey = `skillduel:rooms:owner:${match.room.id}`;
    const ownerId = await redisClient.get(ownerKey);
    expect(ownerId).toEqual(expect.any(String));
    // A new process without persistence: every lease and heartbeat key is gone.
    await redis.restart();
    // Both instances reconnect and subscribe again; the owner takes its room's lease back at its next renewal.
    // Until then Bob is told to try again (a PUBLISH that reaches nobody just after Redis came back is not a death).
    await eventually(async () => (await answerOf(match.bobSocket, match.room.id, -2)).ok, 15_000, 'a forwarded input');
    await eventually(async () => (await redisClient.get(ownerKey)) !== null, 10_000, 'the room lease taken back');
    // By the instance that runs the room, not a second copy loaded elsewhere.
    expect(await redisClient.get(ownerKey)).toBe(ownerId);
    expectAlive(servers);
    expect([match.aliceSocket, match.bobSocket, spectator].map((socket) => socket.connected)).toEqual([
      true,
      true,
      true,
    ]);
    await aliceForfeits(match);
    const rows = await sql<{ status: string }>(databaseUrl, `SELECT status FROM matches WHERE room_id = $1`, [
      match.room.id,
    ]);
    expect(rows).toEqual([{ status: 'finished' }]);
    await aliceForfeits(await liveMatch('reborn'));
    for (const server of servers) expect(await unhandledRejections(server)).toBe(0);
    await expectMoneyConsistent(databaseUrl);
  }, 45_000);
});
