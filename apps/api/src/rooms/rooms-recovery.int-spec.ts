import type { GameRoomViewDto, MatchFinishedDto, RoomDto } from '@skillduel/contracts';
import { bearer } from '../../test/auth-helpers';
import { CHILD_SERVER_ENV, ChildServer, startChildServer, startLiveMatch } from '../../test/child-server';
import { sql } from '../../test/db';
import { createTestDatabase } from '../../test/test-app';
import { createAppOnDatabase } from '../../test/wallet-helpers';
import {
  balanceCents,
  ClientSocket,
  connectSocket,
  eventually,
  expectMoneyConsistent,
  nextEvent,
  playerWithBalance,
  request,
} from './testing/rooms-test-kit';

/** The child servers' settings (startChildServer adds them anyway), also for the in-process instances here. */
const TEST_ENV = {
  ...CHILD_SERVER_ENV,
  MATCH_HEARTBEAT_INTERVAL_MS: '200',
  MATCH_STALE_AFTER_SECONDS: '1',
  ROOM_SWEEP_INTERVAL_MS: '200',
};

/**
 * On server start, every match left unsettled by a crash is settled or voided and refunded
 * (docs/product/rooms-and-matches.md#crash-recovery).
 * The server running a match is killed with SIGKILL (no shutdown hook runs); another instance recovers the money.
 */
describe('crash recovery', () => {
  const sockets: ClientSocket[] = [];
  let child: ChildServer | undefined;

  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await child?.stop('SIGKILL');
  });

  it('a match whose server was SIGKILLed mid-play is voided and both stakes refunded by the next instance', async () => {
    const databaseUrl = await createTestDatabase();
    const server = await startChildServer({ ...TEST_ENV, DATABASE_URL: databaseUrl });
    child = server;
    const { baseUrl } = server;

    const { alice, bob, room, aliceSocket, bobSocket } = await startLiveMatch(baseUrl, 'crash');
    sockets.push(aliceSocket, bobSocket);
    await request(aliceSocket, 'match:input', { room_id: room.id, input: { type: 'answer', value: -1 } });
    const open = await sql<{ status: string }>(databaseUrl, `SELECT status FROM matches WHERE room_id = $1`, [room.id]);
    expect(['countdown', 'playing']).toContain(open[0].status);
    expect(await balanceCents(databaseUrl, alice.user.id)).toBe(9_500n);

    await server.stop('SIGKILL');
    // Nothing ran on the way down: the round is still open and both stakes are still in escrow.
    expect(
      (await sql<{ status: string }>(databaseUrl, `SELECT status FROM matches WHERE room_id = $1`, [room.id]))[0]
        .status,
    ).not.toMatch(/finished|void/);
    await expectMoneyConsistent(databaseUrl);

    const next = await createAppOnDatabase(databaseUrl, TEST_ENV);
    try {
      await eventually(
        async () =>
          (await sql<{ status: string }>(databaseUrl, `SELECT status FROM matches WHERE room_id = $1`, [room.id]))[0]
            .status === 'void',
        10_000,
        'the dead instance’s match to be voided',
      );
      expect(await balanceCents(databaseUrl, alice.user.id)).toBe(10_000n);
      expect(await balanceCents(databaseUrl, bob.user.id)).toBe(10_000n);
      const roomView = (await next.inject({ method: 'GET', url: `/api/rooms/${room.id}` })).json<GameRoomViewDto>();
      expect(roomView).toMatchObject({
        status: 'finished',
        last_result: { outcome: 'void', reason: 'void', payout: 0 },
      });
      await expectMoneyConsistent(databaseUrl);
    } finally {
      await next.close();
    }
  }, 90_000);

  it('an instance stopping gracefully voids and refunds the rounds it runs', async () => {
    const databaseUrl = await createTestDatabase();
    const app = await createAppOnDatabase(databaseUrl, TEST_ENV);
    await app.listen(0, '127.0.0.1');
    const alice = await playerWithBalance(app, 100);
    const bob = await playerWithBalance(app, 100);
    const created = await app.inject({
      method: 'POST',
      url: '/api/rooms',
      headers: bearer(alice.accessToken),
      payload: { game_id: 'quick-click', bet_amount: 5 },
    });
    const room = created.json<RoomDto>();
    await app.inject({
      method: 'POST',
      url: `/api/rooms/${room.id}/join`,
      headers: bearer(bob.accessToken),
      payload: {},
    });
    const aliceSocket = await connectSocket(app, { token: alice.accessToken });
    const bobSocket = await connectSocket(app, { token: bob.accessToken });
    sockets.push(aliceSocket, bobSocket);
    for (const socket of [aliceSocket, bobSocket]) await request(socket, 'room:join', { room_id: room.id });
    const finished = nextEvent<MatchFinishedDto>(aliceSocket, 'match:finished', () => true, 10_000);
    const started = nextEvent(aliceSocket, 'match:started');
    await request(aliceSocket, 'match:ready', { room_id: room.id });
    await request(bobSocket, 'match:ready', { room_id: room.id });
    await started;
    const closing = app.close();
    expect((await finished).result).toMatchObject({ outcome: 'void', reason: 'void' });
    await closing;
    expect(await balanceCents(databaseUrl, alice.user.id)).toBe(10_000n);
    expect(await balanceCents(databaseUrl, bob.user.id)).toBe(10_000n);
    await expectMoneyConsistent(databaseUrl);
  });
});
