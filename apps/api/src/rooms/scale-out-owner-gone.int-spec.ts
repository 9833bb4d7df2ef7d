import type { Ack, MatchInputAckDto, RoomJoinedDto } from '@skillduel/contracts';
import { startLiveMatch, twoInstancesForSuite } from '../../test/child-server';
import { describeWithRedisServer } from '../../test/redis-server';
import { connectSocket, expectMoneyConsistent, request } from './testing/rooms-test-kit';

/**
 * A lease far longer than the test: whatever works here before the dead owner's lease could lapse works because the
 * survivor freed it, not because time passed. The forward timeout is short so the paused owner is noticed quickly.
 */
const INSTANCE_ENV = {
  ROOM_OWNER_LEASE_MS: '60000',
  ROOM_FORWARD_TIMEOUT_MS: '800',
  AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
};
const ownerKey = (roomId: string) => `skillduel:rooms:owner:${roomId}`;

/**
 * The chaos soak's two-instance seeds (npm run test:chaos) saw `room:join` and `match:input` refused INTERNAL on the
 * instance that forwards to a room's owner: when the owner was SIGKILLed (nobody listened on its channel, and its lease
 * kept naming it for up to ROOM_OWNER_LEASE_MS, 15 s) and when it was paused (the forward timed out). Now a dead
 * owner's lease is freed and the request goes to the room's new owner; a silent (paused) owner answers UNAVAILABLE, a
 * code the client may retry, not a server error.
 */
describeWithRedisServer('scale-out: the owner of a room stops answering', (redisServer) => {
  const suite = twoInstancesForSuite(redisServer, INSTANCE_ENV);
  const sockets = suite.sockets;

  it('a paused owner answers UNAVAILABLE; a dead owner’s room is taken over at once by the instance asked', async () => {
    const { servers, redisClient, databaseUrl } = suite.cluster;
    const [owner, forwarder] = servers;
    const { room, aliceSocket, bobSocket } = await startLiveMatch(owner.baseUrl, 'gone', forwarder.baseUrl);
    sockets.push(aliceSocket, bobSocket);
    const ownerId = await redisClient.get(ownerKey(room.id));
    expect(ownerId).toEqual(expect.any(String));
    // A spectator on the forwarding instance, watching through the owner.
    const spectator = await connectSocket(forwarder.baseUrl, {});
    sockets.push(spectator);
    expect(await request<Ack<RoomJoinedDto>>(spectator, 'room:join', { room_id: room.id })).toMatchObject({ ok: true });
    const answer = (value: number) =>
      request<Ack<MatchInputAckDto>>(bobSocket, 'match:input', { room_id: room.id, input: { type: 'answer', value } });
    expect((await answer(-1)).ok).toBe(true);

    // Paused: it still listens on Redis but cannot answer; Bob is told to try again, not that the server failed.
    owner.child.kill('SIGSTOP');
    try {
      expect(await answer(-2)).toEqual({
        ok: false,
        error: expect.objectContaining({
          code: 'UNAVAILABLE',
          message: 'The service is temporarily unavailable. Please try again in a moment.',
        }),
      });
    } finally {
      owner.child.kill('SIGCONT');
    }
    expect((await answer(-3)).ok).toBe(true);

    // Killed: nobody listens any more. Long before its 60 s lease could lapse, the instance asked frees it and runs
    // the room itself: Bob's input gets a real answer (the round died with its owner, so it is not taken — but it
    // is not INTERNAL either), and his socket watches the room there without reconnecting.
    await owner.stop('SIGKILL');
    // Leaving a room whose owner died just leaves it (it was refused INTERNAL).
    expect(await request<Ack<null>>(spectator, 'room:leave', { room_id: room.id })).toEqual({ ok: true, data: null });
    // A newcomer asks for the room first: the lease still names the dead owner, and the newcomer is let in anyway.
    const guest = await connectSocket(forwarder.baseUrl, {});
    sockets.push(guest);
    expect(await request<Ack<RoomJoinedDto>>(guest, 'room:join', { room_id: room.id })).toMatchObject({
      ok: true,
      data: { your_seat: null },
    });
    const afterDeath = await answer(-4);
    expect(afterDeath.ok ? 'ok' : afterDeath.error.code).not.toBe('INTERNAL');
    expect(await redisClient.get(ownerKey(room.id))).not.toBe(ownerId);
    expect(await redisClient.get(ownerKey(room.id))).toEqual(expect.any(String));
    const rejoined = await request<Ack<RoomJoinedDto>>(bobSocket, 'room:join', { room_id: room.id });
    expect(rejoined).toMatchObject({ ok: true, data: { your_seat: 1 } });
    await expectMoneyConsistent(databaseUrl);
  }, 60_000);
});
