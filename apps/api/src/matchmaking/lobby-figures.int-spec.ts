import type { Ack, LobbyFiguresDto } from '@skillduel/contracts';
import { SERVER_EVENTS } from '@skillduel/contracts';
import { bearer } from '../../test/auth-helpers';
import { sql } from '../../test/db';
import { createTestApp, TestApp } from '../../test/test-app';
import {
  type ClientSocket,
  connectSocket,
  idempotencyKey,
  nextEvent,
  playerWithBalance,
  request,
} from '../rooms/testing/rooms-test-kit';
import { LobbyFiguresService } from './lobby-figures.service';
import { MatchmakingMatcher } from './matchmaking.matcher';

const GAME = 'number-rush';

/** Lobby figures: players online from the sockets, searching and playing from the database. */
describe('lobby figures (real PostgreSQL)', () => {
  let testApp: TestApp;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    testApp = await createTestApp({
      WITHDRAWAL_PROCESSOR_ENABLED: 'false',
      ROOM_SWEEP_INTERVAL_MS: '600000',
      RATE_LIMIT_PER_MINUTE: '100000',
      MATCHMAKING_INTERVAL_MS: '60000',
    });
    await testApp.app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await testApp.close();
  });

  it('counts signed-in users online once each, players searching and playing per game, and pushes changes', async () => {
    const app = testApp.app;
    const [alice, bob, carol] = await Promise.all([1, 2, 3].map(() => playerWithBalance(app, 20)));
    // Alice has two tabs, Bob one; a guest is not a player online.
    for (const token of [alice.accessToken, alice.accessToken, bob.accessToken]) {
      sockets.push(await connectSocket(app, { token }));
    }
    const lobby = await connectSocket(app, {});
    sockets.push(lobby);
    expect(await request<Ack<null>>(lobby, 'lobby:subscribe', {})).toEqual({ ok: true, data: null });

    const enter = (token: string) =>
      app.inject({
        method: 'POST',
        url: '/api/matchmaking/queue',
        headers: { ...bearer(token), 'idempotency-key': idempotencyKey() },
        payload: { game_id: GAME, bet_amount: 3 },
      });
    expect((await enter(alice.accessToken)).statusCode).toBe(201);
    expect((await enter(bob.accessToken)).statusCode).toBe(201);
    await app.get(MatchmakingMatcher).tick();
    // Their match is being played; Carol searches.
    await sql(
      testApp.databaseUrl,
      `UPDATE rooms SET status = 'playing' WHERE status = 'ready' AND player1_id = ANY($1::uuid[])`,
      [[alice.user.id, bob.user.id]],
    );
    expect((await enter(carol.accessToken)).statusCode).toBe(201);

    const expected: LobbyFiguresDto = {
      players_online: 2,
      searching: 1,
      playing: 2,
      live_matches: 1,
      games: [{ game_id: GAME, searching: 1, playing: 2, live_matches: 1 }],
    };
    const answered = await app.inject({ method: 'GET', url: '/api/matchmaking/figures' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual(expected);

    const service = app.get(LobbyFiguresService);
    const pushed = nextEvent<LobbyFiguresDto>(lobby, SERVER_EVENTS.lobbyFigures);
    await service.tick();
    expect(await pushed).toEqual(expected);

    // Unchanged figures are not pushed again; a change is.
    const next = nextEvent<LobbyFiguresDto>(lobby, SERVER_EVENTS.lobbyFigures);
    await service.tick();
    sockets.push(await connectSocket(app, { token: carol.accessToken }));
    await service.tick();
    expect((await next).players_online).toBe(3);
  });
});
