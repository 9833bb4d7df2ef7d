import type { Ack, GameResultDto, MatchInputAckDto, MatchViewDto, RoomStateDto } from '@skillduel/contracts';
import { startLiveMatch, twoInstancesForSuite } from '../../test/child-server';
import { describeWithRedisServer } from '../../test/redis-server';
import { sql } from '../../test/db';
import { eventually, expectMoneyConsistent, nextEvent, request } from './testing/rooms-test-kit';

/** Leases renewed every 400 ms, so a lost or lapsed lease is noticed quickly. */
const LEASE_MS = 1200;
const INSTANCE_ENV = {
  ROOM_OWNER_LEASE_MS: String(LEASE_MS),
  RECONNECT_GRACE_SECONDS: '30',
  AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
};
const PREFIX = 'skillduel:rooms:';
const ownerKey = (roomId: string) => `${PREFIX}owner:${roomId}`;

/**
 * An owner that stalls for a whole lease (the chaos soak's pauses) may come back to find its room's lease
 * lapsed, or taken by the other instance. It used to log "lease lost" and go on running the room: with the lease
 * free, the next join elsewhere loaded a second copy of the room; with the lease taken, two copies ran at once and
 * requests were answered by whichever copy the socket reached (the soak's `match:ready NOT_WATCHING` after a pause).
 * Now a lapsed lease is taken back at the next renewal, and a room whose lease another instance holds is handed over:
 * its round voided and refunded, its sockets watching it again through the new owner, where play goes on.
 */
describeWithRedisServer('scale-out: the owner of a room loses its lease', (redisServer) => {
  const suite = twoInstancesForSuite(redisServer, INSTANCE_ENV);
  const sockets = suite.sockets;

  it('a lapsed lease is taken back by the owner still running the room, and the round goes on', async () => {
    const [owner, forwarder] = suite.cluster.servers;
    const { redisClient } = suite.cluster;
    const { room, aliceSocket, bobSocket } = await startLiveMatch(owner.baseUrl, 'lapse', forwarder.baseUrl);
    sockets.push(aliceSocket, bobSocket);
    const ownerId = await redisClient.get(ownerKey(room.id));
    expect(ownerId).toEqual(expect.any(String));

    // As if the owner had stalled past the lease and nobody had asked for the room meanwhile.
    await redisClient.del(ownerKey(room.id));
    await eventually(async () => (await redisClient.get(ownerKey(room.id))) === ownerId, 3000, 'the lease taken back');
    const input = await request<Ack<MatchInputAckDto>>(bobSocket, 'match:input', {
      room_id: room.id,
      input: { type: 'answer', value: -1 },
    });
    expect(input).toMatchObject({ ok: true, data: { accepted: expect.any(Boolean) } });
    await expectMoneyConsistent(suite.cluster.databaseUrl);
  }, 60_000);

  it('a lease taken by the other instance hands the room over: the round is voided, and round 2 runs there', async () => {
    const [owner, forwarder] = suite.cluster.servers;
    const { redisClient, databaseUrl } = suite.cluster;
    const { room, aliceSocket, bobSocket } = await startLiveMatch(owner.baseUrl, 'taken', forwarder.baseUrl);
    sockets.push(aliceSocket, bobSocket);
    const ownerId = await redisClient.get(ownerKey(room.id));
    const instanceKeys = await redisClient.keys(`${PREFIX}instance:*`);
    const forwarderId = instanceKeys.map((key) => key.slice(`${PREFIX}instance:`.length)).find((id) => id !== ownerId);
    expect(forwarderId).toEqual(expect.any(String));

    const results = [aliceSocket, bobSocket].map((socket) =>
      nextEvent<{ room_id: string; result: GameResultDto }>(
        socket,
        'match:result',
        (event) => event.room_id === room.id,
      ),
    );
    // Alice's socket is on the old owner: it is moved to the new one and told the room's state from there.
    const aliceState = nextEvent<RoomStateDto>(
      aliceSocket,
      'room:state',
      (state) => state.room.id === room.id && state.phase !== 'playing',
    );
    // As if the owner had stalled past the lease and a join on the other instance had taken the room.
    await redisClient.set(ownerKey(room.id), forwarderId as string, { PX: 60_000 });
    for (const { result } of await Promise.all(results)) {
      expect(result).toMatchObject({ winner: 'void', refunded: 5, earnings: 0, round: 1 });
    }
    await aliceState;
    await expectMoneyConsistent(databaseUrl);

    // Round 2, with Alice on the old owner and Bob on the new one: both requests reach the one copy of the room.
    const view = nextEvent<MatchViewDto>(aliceSocket, 'match:view', (event) => event.room_id === room.id, 10_000);
    expect(await request<Ack<null>>(aliceSocket, 'match:play_again', { room_id: room.id })).toMatchObject({ ok: true });
    expect(await request<Ack<null>>(bobSocket, 'match:play_again', { room_id: room.id })).toMatchObject({ ok: true });
    for (const socket of [aliceSocket, bobSocket]) {
      expect(await request<Ack<null>>(socket, 'match:ready', { room_id: room.id })).toMatchObject({ ok: true });
    }
    await view;
    const input = await request<Ack<MatchInputAckDto>>(aliceSocket, 'match:input', {
      room_id: room.id,
      input: { type: 'answer', value: -1 },
    });
    expect(input).toMatchObject({ ok: true, data: { accepted: expect.any(Boolean) } });
    // The new owner runs round 2; the old one did not take the room back.
    const rounds = await sql<{ round: number; outcome: string | null; instance_id: string }>(
      databaseUrl,
      'SELECT round, outcome, instance_id FROM matches WHERE room_id = $1 ORDER BY round',
      [room.id],
    );
    expect(rounds).toEqual([
      { round: 1, outcome: 'void', instance_id: ownerId },
      { round: 2, outcome: null, instance_id: forwarderId },
    ]);
    expect(await redisClient.get(ownerKey(room.id))).toBe(forwarderId);
    await expectMoneyConsistent(databaseUrl);
  }, 60_000);
});
