import type { Ack, MatchInputAckDto, RoomPresenceDto } from '@skillduel/contracts';
import { startLiveMatch, twoInstancesForSuite } from '../../test/child-server';
import { describeWithRedisServer } from '../../test/redis-server';
import { expectMoneyConsistent, nextEvent, request, sleep } from './testing/rooms-test-kit';

/** A short lease: an instance whose heartbeat stops for 600 ms counts as gone on the owner. */
const INSTANCE_ENV = {
  ROOM_OWNER_LEASE_MS: '600',
  ROOM_SWEEP_INTERVAL_MS: '200',
  RECONNECT_GRACE_SECONDS: '30',
  AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
};

/**
 * The chaos soak's two-instance seeds (npm run test:chaos) saw `match:input` refused NOT_WATCHING after a pause: the
 * instance that forwards Bob's requests stalled for longer than a lease, so the owner took its sockets for gone
 * (decision 0801) and forgot Bob's, though his socket never dropped. His next request now watches the room again
 * through the owner (his seat comes back) and is sent again, instead of being refused until the client happens to
 * rejoin.
 */
describeWithRedisServer('scale-out: the forwarding instance stalls for longer than a lease', (redisServer) => {
  const suite = twoInstancesForSuite(redisServer, INSTANCE_ENV);
  const sockets = suite.sockets;

  it('the owner forgets the stalled instance’s sockets; Bob’s next input brings his seat back and is taken', async () => {
    const [owner, forwarder] = suite.cluster.servers;
    const { room, aliceSocket, bobSocket } = await startLiveMatch(owner.baseUrl, 'stall', forwarder.baseUrl);
    sockets.push(aliceSocket, bobSocket);
    const answer = (value: number) =>
      request<Ack<MatchInputAckDto>>(bobSocket, 'match:input', { room_id: room.id, input: { type: 'answer', value } });
    expect((await answer(-1)).ok).toBe(true);

    const bobGone = nextEvent<RoomPresenceDto>(
      aliceSocket,
      'room:presence',
      (presence) => presence.room_id === room.id && presence.players[1]?.connected === false,
      10_000,
    );
    forwarder.child.kill('SIGSTOP');
    try {
      await bobGone;
    } finally {
      forwarder.child.kill('SIGCONT');
    }
    // Bob's socket stayed connected to his (now running again) instance.
    await sleep(300);
    expect(bobSocket.connected).toBe(true);

    const bobBack = nextEvent<RoomPresenceDto>(
      aliceSocket,
      'room:presence',
      (presence) => presence.room_id === room.id && presence.players[1]?.connected === true,
      10_000,
    );
    const input = await answer(-2);
    expect(input).toMatchObject({ ok: true, data: { accepted: expect.any(Boolean) } });
    await bobBack;
    await expectMoneyConsistent(suite.cluster.databaseUrl);
  }, 60_000);
});
