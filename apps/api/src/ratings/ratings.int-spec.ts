import {
  type MatchFinishedDto,
  type MatchOutcome,
  type PlayerRatingDto,
  type PlayerRatingsResponse,
  type RoomDto,
} from '@skillduel/contracts';
import { bearer, RegisteredUser } from '../../test/auth-helpers';
import { createTestApp, TestApp } from '../../test/test-app';
import { MatchSettlementService } from '../rooms/match-settlement.service';
import { INITIAL_GLICKO2_RATING, rateMatch, type Glicko2Rating } from './glicko2';
import {
  ClientSocket,
  connectSocket,
  expectMoneyConsistent,
  nextEvent,
  playerWithBalance,
  request,
  watchRoom,
} from '../rooms/testing/rooms-test-kit';

/**
 * Glicko-2 ratings written by the real settlement transaction (decision 1701): real rooms, escrow and sockets; a
 * round either played out on a short clock or closed at once through MatchSettlementService (as the timer would).
 */
describe('player ratings over settled matches (real PostgreSQL, real sockets)', () => {
  let testApp: TestApp;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    testApp = await createTestApp({
      WITHDRAWAL_PROCESSOR_ENABLED: 'false',
      RATE_LIMIT_PER_MINUTE: '100000',
      MATCH_COUNTDOWN_MS: '100',
      MATCH_TIME_LIMIT_OVERRIDE_MS: '1500',
      MAX_OPEN_ROOMS_PER_PLAYER: '10',
      ROOM_SWEEP_INTERVAL_MS: '600000',
    });
    await testApp.app.listen(0, '127.0.0.1');
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => testApp.close());

  async function ratingsOf(viewer: RegisteredUser, userId: string): Promise<PlayerRatingDto[]> {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/users/${userId}/ratings`,
      headers: bearer(viewer.accessToken),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<PlayerRatingsResponse>();
    expect(body.user_id).toBe(userId);
    return body.ratings;
  }

  /** The user's number-rush rating (it must exist). */
  async function numberRush(viewer: RegisteredUser, userId: string): Promise<PlayerRatingDto> {
    const row = (await ratingsOf(viewer, userId)).find((rating) => rating.game_id === 'number-rush');
    if (!row) throw new Error(`no number-rush rating for ${userId}`);
    return row;
  }

  const glicko = (row: PlayerRatingDto): Glicko2Rating => ({
    rating: row.rating,
    deviation: row.deviation,
    volatility: row.volatility,
  });

  function expectRating(row: PlayerRatingDto, expected: Glicko2Rating, games: number): void {
    expect(row.rating).toBeCloseTo(expected.rating, 9);
    expect(row.deviation).toBeCloseTo(expected.deviation, 9);
    expect(row.volatility).toBeCloseTo(expected.volatility, 9);
    expect(row.games).toBe(games);
  }

  /** player1 creates a $5 number-rush room, player2 joins, both press Start: resolves when play started. */
  async function startedRound(player1: RegisteredUser, player2: RegisteredUser) {
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/rooms',
      headers: bearer(player1.accessToken),
      payload: { game_id: 'number-rush', bet_amount: 5 },
    });
    expect(created.statusCode).toBe(201);
    const room = created.json<RoomDto>();
    const joined = await testApp.app.inject({
      method: 'POST',
      url: `/api/rooms/${room.id}/join`,
      headers: bearer(player2.accessToken),
      payload: {},
    });
    expect(joined.statusCode).toBe(200);
    const socket1 = await connectSocket(testApp.app, { token: player1.accessToken });
    const socket2 = await connectSocket(testApp.app, { token: player2.accessToken });
    sockets.push(socket1, socket2);
    for (const socket of [socket1, socket2]) await watchRoom(socket, room.id);
    const started = nextEvent(socket1, 'match:started');
    const finished = nextEvent<MatchFinishedDto>(socket1, 'match:finished', () => true, 8000);
    await request(socket1, 'match:ready', { room_id: room.id });
    await request(socket2, 'match:ready', { room_id: room.id });
    await started;
    return { room, finished };
  }

  const close = (roomId: string, outcome: MatchOutcome) =>
    testApp.app.get(MatchSettlementService).closeRound(roomId, 1, {
      outcome,
      reason: outcome === 'void' ? 'void' : 'completed',
      scores: outcome === 'player1' ? [10, 0] : outcome === 'player2' ? [0, 10] : [0, 0],
      displayScores: outcome === 'player1' ? [10, 0] : outcome === 'player2' ? [0, 10] : [0, 0],
      flags: [0, 0],
      durationMs: 1000,
      inputLog: [],
    });

  /** Settles a started round as `outcome` through the settlement service (exactly as the live timer does). */
  async function settledRound(player1: RegisteredUser, player2: RegisteredUser, outcome: MatchOutcome) {
    const { room, finished } = await startedRound(player1, player2);
    expect(await close(room.id, outcome)).not.toBeNull();
    await finished;
    return room;
  }

  it('a round played out to its end (no answers: a tie between equals) rates both players once', async () => {
    const alice = await playerWithBalance(testApp.app, 100);
    const bob = await playerWithBalance(testApp.app, 100);
    expect(await ratingsOf(alice, alice.user.id)).toEqual([]);

    const { room, finished } = await startedRound(alice, bob);
    expect((await finished).result).toMatchObject({ round: 1, outcome: 'tie' });

    const [aliceAfter, bobAfter] = rateMatch(INITIAL_GLICKO2_RATING, INITIAL_GLICKO2_RATING, 0.5);
    expectRating(await numberRush(bob, alice.user.id), aliceAfter, 1);
    expectRating(await numberRush(alice, bob.user.id), bobAfter, 1);
    expect(aliceAfter.rating).toBeCloseTo(1500, 9);
    expect(aliceAfter.deviation).toBeLessThan(350);
    // Closing the same round again settles nothing and rates nothing.
    expect(await close(room.id, 'player1')).toBeNull();
    expectRating(await numberRush(bob, alice.user.id), aliceAfter, 1);
    await expectMoneyConsistent(testApp.databaseUrl);
  });

  it('a win moves the winner up and the loser down, from the pre-match ratings, exactly once', async () => {
    const alice = await playerWithBalance(testApp.app, 100);
    const bob = await playerWithBalance(testApp.app, 100);
    const room = await settledRound(alice, bob, 'player2');

    const [aliceAfter, bobAfter] = rateMatch(INITIAL_GLICKO2_RATING, INITIAL_GLICKO2_RATING, 0);
    const aliceRow = await numberRush(alice, alice.user.id);
    const bobRow = await numberRush(alice, bob.user.id);
    expectRating(aliceRow, aliceAfter, 1);
    expectRating(bobRow, bobAfter, 1);
    expect(aliceRow.rating).toBeLessThan(1500);
    expect(bobRow.rating).toBeGreaterThan(1500);
    expect(bobRow.deviation).toBeLessThan(350);

    // A repeated close (timer, forfeit, recovery) is refused and leaves the ratings alone.
    expect(await close(room.id, 'player2')).toBeNull();
    expect(await close(room.id, 'player1')).toBeNull();
    expectRating(await numberRush(alice, alice.user.id), aliceAfter, 1);
    expectRating(await numberRush(alice, bob.user.id), bobAfter, 1);
    await expectMoneyConsistent(testApp.databaseUrl);
  });

  it('a tie moves two different ratings toward each other; a void changes nothing', async () => {
    const alice = await playerWithBalance(testApp.app, 100);
    const bob = await playerWithBalance(testApp.app, 100);
    await settledRound(alice, bob, 'player1');
    const aliceBefore = glicko(await numberRush(alice, alice.user.id));
    const bobBefore = glicko(await numberRush(alice, bob.user.id));
    expect(aliceBefore.rating).toBeGreaterThan(bobBefore.rating);

    // Bob is player 1 of this room: the seats do not matter, only who is who.
    await settledRound(bob, alice, 'tie');
    const [bobAfter, aliceAfter] = rateMatch(bobBefore, aliceBefore, 0.5);
    const aliceRow = await numberRush(alice, alice.user.id);
    const bobRow = await numberRush(alice, bob.user.id);
    expectRating(aliceRow, aliceAfter, 2);
    expectRating(bobRow, bobAfter, 2);
    expect(aliceRow.rating).toBeLessThan(aliceBefore.rating);
    expect(bobRow.rating).toBeGreaterThan(bobBefore.rating);

    await settledRound(alice, bob, 'void');
    expectRating(await numberRush(alice, alice.user.id), aliceAfter, 2);
    expectRating(await numberRush(alice, bob.user.id), bobAfter, 2);

    // New players whose only round is void have no rating at all.
    const carol = await playerWithBalance(testApp.app, 100);
    const dave = await playerWithBalance(testApp.app, 100);
    await settledRound(carol, dave, 'void');
    expect(await ratingsOf(carol, carol.user.id)).toEqual([]);
    expect(await ratingsOf(carol, dave.user.id)).toEqual([]);
    await expectMoneyConsistent(testApp.databaseUrl);
  });

  it('two rounds sharing both players, seated the other way round, settle at the same time without a deadlock', async () => {
    const alice = await playerWithBalance(testApp.app, 100);
    const bob = await playerWithBalance(testApp.app, 100);
    const first = await startedRound(alice, bob);
    const second = await startedRound(bob, alice);
    const closed = await Promise.all([close(first.room.id, 'player1'), close(second.room.id, 'player1')]);
    expect(closed.every((round) => round !== null)).toBe(true);
    await Promise.all([first.finished, second.finished]);
    // One win each, applied one after the other (whichever settled first): both rated twice.
    expect((await numberRush(alice, alice.user.id)).games).toBe(2);
    expect((await numberRush(alice, bob.user.id)).games).toBe(2);
    await expectMoneyConsistent(testApp.databaseUrl);
  });

  it('answers 404 for an unknown user and 401 without a token', async () => {
    const alice = await playerWithBalance(testApp.app, 10);
    const unknown = await testApp.app.inject({
      method: 'GET',
      url: '/api/users/00000000-0000-4000-8000-000000000000/ratings',
      headers: bearer(alice.accessToken),
    });
    expect(unknown.statusCode).toBe(404);
    const notUuid = await testApp.app.inject({
      method: 'GET',
      url: '/api/users/me/ratings',
      headers: bearer(alice.accessToken),
    });
    expect(notUuid.statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/users/${alice.user.id}/ratings` })).statusCode).toBe(
      401,
    );
  });
});
