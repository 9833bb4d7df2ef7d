import type { Ack, MatchFinishedDto, MatchResultEventDto, RealtimeErrorDto, RoomJoinedDto } from '@skillduel/contracts';
import { startLiveMatch, twoInstancesForSuite } from '../../test/child-server';
import { sql } from '../../test/db';
import { describeWithRedisServer } from '../../test/redis-server';
import { balanceCents, connectSocket, expectMoneyConsistent, nextEvent, request } from './testing/rooms-test-kit';

/**
 * The production timings that matter here: a 15 s lease and heartbeat, 30 s before the stale recovery may void a
 * round. Whatever happens within 5 s of the SIGKILL happens because the survivor noticed the death itself.
 */
const INSTANCE_ENV = {
  ROOM_OWNER_LEASE_MS: '15000',
  MATCH_HEARTBEAT_INTERVAL_MS: '5000',
  MATCH_STALE_AFTER_SECONDS: '30',
  AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
};
const TELL_WITHIN_MS = 5000;
const START_CENTS = 10_000n;

/**
 * A dead owner's room used to look alive for about 30 s: after the instance running a round was SIGKILLed,
 * the players and spectators on the other instance watched a frozen "playing" round until the stale recovery voided
 * it. The survivor notices within about two seconds that the owner no longer listens on Redis, voids and refunds the
 * round through the recovery step, and tells the room why.
 */
describeWithRedisServer('scale-out: the owner of a live round is SIGKILLed', (redisServer) => {
  const suite = twoInstancesForSuite(redisServer, INSTANCE_ENV);
  const sockets = suite.sockets;

  it('the sockets on the surviving instance are told within 5 s, and both stakes are refunded then', async () => {
    const { servers, databaseUrl } = suite.cluster;
    const [owner, survivor] = servers;
    const { alice, bob, room, aliceSocket, bobSocket } = await startLiveMatch(owner.baseUrl, 'death', survivor.baseUrl);
    sockets.push(aliceSocket, bobSocket);
    const spectator = await connectSocket(survivor.baseUrl, {});
    sockets.push(spectator);
    expect(await request<Ack<RoomJoinedDto>>(spectator, 'room:join', { room_id: room.id })).toMatchObject({ ok: true });

    const stopped = (error: RealtimeErrorDto) => error.code === 'ROOM_SERVER_STOPPED';
    const told = [bobSocket, spectator].map((socket) =>
      nextEvent<RealtimeErrorDto>(socket, 'app:error', stopped, TELL_WITHIN_MS + 2000),
    );
    const finished = [bobSocket, spectator].map((socket) =>
      nextEvent<MatchFinishedDto>(
        socket,
        'match:finished',
        (event) => event.room_id === room.id,
        TELL_WITHIN_MS + 2000,
      ),
    );
    const bobResult = nextEvent<MatchResultEventDto>(bobSocket, 'match:result', () => true, TELL_WITHIN_MS + 2000);

    const killedAt = Date.now();
    await owner.stop('SIGKILL');
    const notices = await Promise.all(told);
    const toldAfterMs = Date.now() - killedAt;
    expect(notices).toEqual([
      { code: 'ROOM_SERVER_STOPPED', message: 'The server running this match stopped; your stake is being refunded.' },
      { code: 'ROOM_SERVER_STOPPED', message: 'The server running this match stopped; your stake is being refunded.' },
    ]);
    for (const event of await Promise.all(finished)) {
      expect(event.result).toMatchObject({ round: 1, outcome: 'void', reason: 'void' });
    }
    expect((await bobResult).result).toMatchObject({ winner: 'void', refunded: 5 });
    expect(Date.now() - killedAt).toBeLessThanOrEqual(TELL_WITHIN_MS);
    process.stderr.write(`scale-out-owner-death: told ${toldAfterMs} ms after the SIGKILL\n`);

    // Refunded by then, once: the round is void and both balances are whole again.
    expect(await sql(databaseUrl, `SELECT status FROM matches WHERE room_id = $1`, [room.id])).toEqual([
      { status: 'void' },
    ]);
    expect(await balanceCents(databaseUrl, alice.user.id)).toBe(START_CENTS);
    expect(await balanceCents(databaseUrl, bob.user.id)).toBe(START_CENTS);
    await expectMoneyConsistent(databaseUrl);

    // The survivor runs the room now: Bob watches it there, the round shown finished, his seat kept.
    const rejoined = await request<Ack<RoomJoinedDto>>(bobSocket, 'room:join', { room_id: room.id });
    expect(rejoined).toMatchObject({ ok: true, data: { your_seat: 1, phase: 'finished' } });
  }, 40_000);
});
