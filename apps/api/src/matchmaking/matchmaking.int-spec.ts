import type { MatchmakingEntryDto, MatchmakingExpiredDto, MatchmakingMatchedDto } from '@skillduel/contracts';
import { MATCHMAKING_ERROR_CODES, SERVER_EVENTS } from '@skillduel/contracts';
import { bearer, registerUser, type RegisteredUser } from '../../test/auth-helpers';
import { sql } from '../../test/db';
import { createTestApp, TestApp } from '../../test/test-app';
import {
  balanceCents,
  collect,
  connectSocket,
  expectMoneyConsistent,
  idempotencyKey,
  moneySnapshot,
  nextEvent,
  playerWithBalance,
  sleep,
} from '../rooms/testing/rooms-test-kit';
import { MatchmakingMatcher } from './matchmaking.matcher';

const GAME = 'number-rush';

/** The matchmaking queue against the real database; the matcher is driven by hand. */
describe('matchmaking queue (real PostgreSQL)', () => {
  let testApp: TestApp;
  let matcher: MatchmakingMatcher;

  const enter = (player: RegisteredUser, betAmount: number, key?: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/matchmaking/queue',
      headers: { ...bearer(player.accessToken), ...(key ? { 'idempotency-key': key } : {}) },
      payload: { game_id: GAME, bet_amount: betAmount },
    });
  const current = (player: RegisteredUser) =>
    testApp.app.inject({ method: 'GET', url: '/api/matchmaking/queue', headers: bearer(player.accessToken) });
  const leave = (player: RegisteredUser) =>
    testApp.app.inject({ method: 'DELETE', url: '/api/matchmaking/queue', headers: bearer(player.accessToken) });

  /** Rooms each player sits in (ready = matched) and their held stakes. */
  async function seats(userIds: string[]): Promise<Array<{ room_id: string; player1_id: string; player2_id: string }>> {
    return sql(
      testApp.databaseUrl,
      `SELECT id AS room_id, player1_id, player2_id FROM rooms
        WHERE status = 'ready' AND (player1_id = ANY($1::uuid[]) OR player2_id = ANY($1::uuid[]))`,
      [userIds],
    );
  }

  beforeAll(async () => {
    testApp = await createTestApp({
      WITHDRAWAL_PROCESSOR_ENABLED: 'false',
      ROOM_SWEEP_INTERVAL_MS: '600000',
      RATE_LIMIT_PER_MINUTE: '100000',
      // Driven by hand (tick) so each test decides when pairing happens.
      MATCHMAKING_INTERVAL_MS: '60000',
      MATCHMAKING_MAX_WAIT_SECONDS: '120',
    });
    await testApp.app.listen(0, '127.0.0.1');
    matcher = testApp.app.get(MatchmakingMatcher);
  });
  afterAll(() => testApp.close());

  it('enters with the stake escrowed, hides the room, shows the entry, refuses a second entry and leaves with a refund', async () => {
    const player = await playerWithBalance(testApp.app, 50);
    const key = idempotencyKey();
    const first = await enter(player, 3, key);
    expect(first.statusCode).toBe(201);
    const entry = first.json<MatchmakingEntryDto>();
    expect(entry).toMatchObject({ game_id: GAME, bet_amount: 3, status: 'waiting', rating: 1500, room_id: null });
    expect(entry.rating_window).toEqual({ min: 1400, max: 1600 });
    expect(await balanceCents(testApp.databaseUrl, player.user.id)).toBe(4700n);
    const replay = await enter(player, 3, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await enter(player, 3)).json()).toMatchObject({ code: MATCHMAKING_ERROR_CODES.alreadyQueued });
    expect((await enter(player, 3)).statusCode).toBe(409);
    expect(await balanceCents(testApp.databaseUrl, player.user.id)).toBe(4700n);

    const listed = await testApp.app.inject({ method: 'GET', url: `/api/rooms?game=${GAME}` });
    expect(listed.json<Array<{ host: { id: string } }>>().some((room) => room.host?.id === player.user.id)).toBe(false);
    expect((await current(player)).json<MatchmakingEntryDto>().id).toBe(entry.id);
    // The hidden room cannot be joined by its id either: only the matcher seats an opponent.
    const [hidden] = await sql<{ room_id: string }>(
      testApp.databaseUrl,
      `SELECT room_id FROM matchmaking_entries WHERE id = $1`,
      [entry.id],
    );
    const intruder = await playerWithBalance(testApp.app, 50);
    const before = await moneySnapshot(testApp.databaseUrl);
    const joined = await testApp.app.inject({
      method: 'POST',
      url: `/api/rooms/${hidden?.room_id ?? ''}/join`,
      headers: bearer(intruder.accessToken),
      payload: {},
    });
    expect(joined.statusCode).toBe(409);
    expect(joined.json()).toMatchObject({ code: 'ROOM_NOT_JOINABLE' });
    expect(await moneySnapshot(testApp.databaseUrl)).toEqual(before);

    const left = await leave(player);
    expect(left.statusCode).toBe(200);
    expect(left.json<MatchmakingEntryDto>().status).toBe('cancelled');
    expect(await balanceCents(testApp.databaseUrl, player.user.id)).toBe(5000n);
    expect((await leave(player)).statusCode).toBe(404);
    const none = await current(player);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    await expectMoneyConsistent(testApp.databaseUrl);
  });

  it('refuses entry to the ineligible, the frozen and those over a limit, moving nothing', async () => {
    const unconfirmed = await registerUser(testApp.app, { confirmEligibility: false });
    const frozen = await playerWithBalance(testApp.app, 50);
    await sql(testApp.databaseUrl, `UPDATE users SET frozen_at = now(), frozen_reason = 'test' WHERE id = $1`, [
      frozen.user.id,
    ]);
    const limited = await playerWithBalance(testApp.app, 50);
    const limits = await testApp.app.inject({
      method: 'PUT',
      url: '/api/users/me/limits',
      headers: bearer(limited.accessToken),
      payload: { max_bet: 2 },
    });
    expect(limits.statusCode).toBeLessThan(300);
    const before = await moneySnapshot(testApp.databaseUrl);
    for (const player of [unconfirmed, frozen, limited]) {
      const response = await enter(player, 4);
      expect(response.statusCode).toBe(403);
    }
    expect(await moneySnapshot(testApp.databaseUrl)).toEqual(before);
    expect(await sql(testApp.databaseUrl, `SELECT 1 FROM matchmaking_entries WHERE bet_cents = 400`)).toHaveLength(0);
  });

  it('turns 50 concurrent entries into 25 rooms: nobody twice, every stake in exactly one room', async () => {
    const players = await Promise.all(Array.from({ length: 50 }, () => playerWithBalance(testApp.app, 20)));
    const entered = await Promise.all(players.map((player) => enter(player, 5, idempotencyKey())));
    expect(entered.map((response) => response.statusCode)).toEqual(players.map(() => 201));
    // Several matchers at once, as several instances would run them.
    await Promise.all([matcher.tick(), runPass(), runPass(), runPass()]);
    await matcher.tick();
    const ids = players.map((player) => player.user.id);
    const rooms = await seats(ids);
    expect(rooms).toHaveLength(25);
    const seated = rooms.flatMap((room) => [room.player1_id, room.player2_id]);
    expect(new Set(seated).size).toBe(50);
    expect([...seated].sort()).toEqual([...ids].sort());
    const held = await sql<{ room_id: string; n: number }>(
      testApp.databaseUrl,
      `SELECT room_id, count(*)::int AS n FROM room_stakes WHERE state = 'held' AND user_id = ANY($1::uuid[])
        GROUP BY room_id`,
      [ids],
    );
    expect(held).toHaveLength(25);
    expect(held.every((row) => row.n === 2 && rooms.some((room) => room.room_id === row.room_id))).toBe(true);
    for (const player of players) expect(await balanceCents(testApp.databaseUrl, player.user.id)).toBe(1500n);
    // A matched room is an ordinary ready room: listed again.
    const listed = await testApp.app.inject({ method: 'GET', url: `/api/rooms?game=${GAME}&status=ready` });
    expect(
      listed.json<Array<{ id: string }>>().filter((room) => rooms.some((r) => r.room_id === room.id)),
    ).toHaveLength(25);
    await expectMoneyConsistent(testApp.databaseUrl);
  });

  it('cancel against a concurrent match refunds exactly once or seats, never both', async () => {
    for (let round = 0; round < 6; round++) {
      const [alice, bob] = await Promise.all([playerWithBalance(testApp.app, 20), playerWithBalance(testApp.app, 20)]);
      expect((await enter(alice, 6)).statusCode).toBe(201);
      expect((await enter(bob, 6)).statusCode).toBe(201);
      const [aliceLeave, bobLeave] = await Promise.all([
        round % 2 === 0 ? leave(alice) : runPass().then(() => leave(alice)),
        leave(bob),
        runPass(),
        matcher.tick(),
      ]);
      const rooms = await seats([alice.user.id, bob.user.id]);
      for (const [player, response] of [
        [alice, aliceLeave],
        [bob, bobLeave],
      ] as const) {
        const balance = await balanceCents(testApp.databaseUrl, player.user.id);
        if (response.statusCode === 200) expect(balance).toBe(2000n);
        else {
          expect(response.statusCode).toBe(409);
          expect(balance).toBe(1400n);
        }
      }
      const matched = aliceLeave.statusCode === 409;
      expect(bobLeave.statusCode === 409).toBe(matched);
      expect(rooms).toHaveLength(matched ? 1 : 0);
    }
    await expectMoneyConsistent(testApp.databaseUrl);
  });

  it('expires an entry after MATCHMAKING_MAX_WAIT_SECONDS with a full refund, and tells the player once', async () => {
    const player = await playerWithBalance(testApp.app, 20);
    const entered = (await enter(player, 7)).json<MatchmakingEntryDto>();
    const agedAtMs = Date.now();
    await sql(
      testApp.databaseUrl,
      `UPDATE matchmaking_entries SET created_at = now() - interval '121 seconds' WHERE user_id = $1`,
      [player.user.id],
    );
    const socket = await connectSocket(testApp.app, { token: player.accessToken });
    const told = collect<MatchmakingExpiredDto>(socket, SERVER_EVENTS.matchmakingExpired);
    try {
      const expiredEvent = nextEvent<MatchmakingExpiredDto>(socket, SERVER_EVENTS.matchmakingExpired);
      await matcher.tick();
      const expiry = await expiredEvent;
      // The wait the entry recorded (created to closed): at least the 121 s set above, plus however long this loaded
      // machine took to reach the tick, so the exact figure is read back rather than guessed.
      const [recorded] = await sql<{ waited_ms: number }>(
        testApp.databaseUrl,
        `SELECT (extract(epoch FROM closed_at - created_at) * 1000)::float8 AS waited_ms FROM matchmaking_entries
          WHERE id = $1`,
        [entered.id],
      );
      const waitedSeconds = Math.round(recorded.waited_ms / 1000);
      expect(waitedSeconds).toBeGreaterThanOrEqual(121);
      expect(waitedSeconds).toBeLessThanOrEqual(121 + Math.ceil((Date.now() - agedAtMs) / 1000));
      expect(expiry).toEqual({
        entry_id: entered.id,
        game_id: GAME,
        bet_amount: 7,
        refunded_amount: 7,
        waited_seconds: waitedSeconds,
      });
      await matcher.tick();
      await sleep(100);
      expect(told).toHaveLength(1);
    } finally {
      socket.close();
    }
    expect(await balanceCents(testApp.databaseUrl, player.user.id)).toBe(2000n);
    const [entry] = await sql<{ status: string }>(
      testApp.databaseUrl,
      `SELECT status FROM matchmaking_entries WHERE user_id = $1`,
      [player.user.id],
    );
    expect(entry.status).toBe('expired');
    expect((await current(player)).json()).toBeNull();
    await matcher.tick();
    expect(await balanceCents(testApp.databaseUrl, player.user.id)).toBe(2000n);
    await expectMoneyConsistent(testApp.databaseUrl);
  });

  it('pairs 1500 with 1800 only after the window has widened, and tells both over the socket', async () => {
    const [low, high] = await Promise.all([playerWithBalance(testApp.app, 20), playerWithBalance(testApp.app, 20)]);
    await sql(
      testApp.databaseUrl,
      `INSERT INTO player_ratings (user_id, game_id, rating) VALUES ($1, $3, 1500), ($2, $3, 1800)`,
      [low.user.id, high.user.id, GAME],
    );
    expect((await enter(low, 8)).statusCode).toBe(201);
    expect((await enter(high, 8)).json<MatchmakingEntryDto>().rating).toBe(1800);
    await matcher.tick();
    expect(await seats([low.user.id, high.user.id])).toHaveLength(0);

    const sockets = await Promise.all(
      [low, high].map((player) => connectSocket(testApp.app, { token: player.accessToken })),
    );
    try {
      const told = sockets.map((socket) => nextEvent<MatchmakingMatchedDto>(socket, SERVER_EVENTS.matchmakingMatched));
      // 45 s of waiting: a window of ±325 around the longer-waiting entry.
      await sql(
        testApp.databaseUrl,
        `UPDATE matchmaking_entries SET created_at = now() - interval '45 seconds' WHERE user_id = $1`,
        [low.user.id],
      );
      await matcher.tick();
      const rooms = await seats([low.user.id, high.user.id]);
      expect(rooms).toHaveLength(1);
      expect(rooms[0].player1_id).toBe(low.user.id);
      for (const event of await Promise.all(told)) {
        expect(event).toEqual({ room_id: rooms[0].room_id, game_id: GAME, bet_amount: 8 });
      }
    } finally {
      for (const socket of sockets) socket.close();
    }
    await expectMoneyConsistent(testApp.databaseUrl);
  });

  it('keeps answering a matched entry (status matched, room_id) until the player leaves the room or it is played', async () => {
    const [host, guest] = await Promise.all([playerWithBalance(testApp.app, 20), playerWithBalance(testApp.app, 20)]);
    expect((await enter(host, 9)).statusCode).toBe(201);
    expect((await enter(guest, 9)).statusCode).toBe(201);
    await matcher.tick();
    const [room] = await seats([host.user.id, guest.user.id]);
    expect(room).toBeDefined();

    // Before: null for both the moment they were paired, so a client without a socket never learnt its room.
    for (const player of [host, guest]) {
      const response = await current(player);
      expect(response.statusCode).toBe(200);
      expect(response.json<MatchmakingEntryDto>()).toMatchObject({
        status: 'matched',
        room_id: room.room_id,
        game_id: GAME,
        bet_amount: 9,
      });
    }
    const roomLeave = (player: RegisteredUser) =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/rooms/${room.room_id}/leave`,
        headers: bearer(player.accessToken),
      });
    // The guest leaves (refunded; the room waits again with the host in it): over for the guest only.
    expect((await roomLeave(guest)).statusCode).toBe(200);
    expect((await current(guest)).json()).toBeNull();
    expect((await current(host)).json<MatchmakingEntryDto>()).toMatchObject({
      status: 'matched',
      room_id: room.room_id,
    });
    // A new search is shown before an old match.
    const again = (await enter(host, 2)).json<MatchmakingEntryDto>();
    expect((await current(host)).json<MatchmakingEntryDto>()).toMatchObject({ id: again.id, status: 'waiting' });
    expect((await leave(host)).statusCode).toBe(200);
    expect((await current(host)).json<MatchmakingEntryDto>()).toMatchObject({
      status: 'matched',
      room_id: room.room_id,
    });
    // A played round ends it too (the room is `finished` until Play Again).
    await sql(testApp.databaseUrl, `UPDATE rooms SET status = 'finished' WHERE id = $1`, [room.room_id]);
    expect((await current(host)).json()).toBeNull();
    await sql(testApp.databaseUrl, `UPDATE rooms SET status = 'waiting' WHERE id = $1`, [room.room_id]);
    expect((await roomLeave(host)).statusCode).toBe(200);
    expect((await current(host)).json()).toBeNull();
    await expectMoneyConsistent(testApp.databaseUrl);
  });

  /** A second matcher instance's pass (a fresh promise, not joined with this instance's running tick). */
  function runPass(): Promise<void> {
    return matcher.pass();
  }
});
