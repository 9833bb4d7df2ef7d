import type { GameRoomViewDto, QuickMatchResponseDto, RoomDto } from '@skillduel/contracts';
import { ROOM_MESSAGES, VALIDATION_MESSAGES } from '@skillduel/contracts';
import { bearer, registerUser } from '../../test/auth-helpers';
import { sql } from '../../test/db';
import { createTestApp, TestApp } from '../../test/test-app';
import { RoomsMaintenanceService } from './rooms-maintenance.service';
import {
  balanceCents,
  escrowCents,
  expectMoneyConsistent,
  idempotencyKey,
  moneySnapshot,
  playerWithBalance,
} from './testing/rooms-test-kit';

/** The /rooms* calls over HTTP against the real database: every call with good and bad input. */
describe('rooms REST API', () => {
  let testApp: TestApp;
  const post = (url: string, token: string | null, payload?: unknown, headers: Record<string, string> = {}) =>
    testApp.app.inject({
      method: 'POST',
      url,
      headers: { ...(token ? bearer(token) : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const get = (url: string, token: string | null = null) =>
    testApp.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  beforeAll(async () => {
    testApp = await createTestApp({
      WITHDRAWAL_PROCESSOR_ENABLED: 'false',
      MAX_OPEN_ROOMS_PER_PLAYER: '3',
      ROOM_SWEEP_INTERVAL_MS: '600000',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
  });
  afterAll(() => testApp.close());

  /** Asserts a refusal changed nothing: no room, stake, ledger transaction or balance moved. */
  async function expectUnchanged(before: Record<string, number>): Promise<void> {
    expect(await moneySnapshot(testApp.databaseUrl)).toEqual(before);
    await expectMoneyConsistent(testApp.databaseUrl);
  }

  describe('GET /rooms/featured', () => {
    it('answers null (200) when no room is open', async () => {
      const response = await get('/api/rooms/featured');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toBeNull();
    });
  });

  describe('POST /rooms', () => {
    it('creates a waiting room and escrows the bet', async () => {
      const player = await playerWithBalance(testApp.app, 100);
      const escrowBefore = await escrowCents(testApp.databaseUrl);
      const response = await post('/api/rooms', player.accessToken, {
        game_id: 'number-rush',
        bet_amount: 5,
        is_private: false,
        max_players: 2,
      });
      expect(response.statusCode).toBe(201);
      const room = response.json<RoomDto>();
      expect(room).toMatchObject({
        game_id: 'number-rush',
        status: 'waiting',
        bet_amount: 5,
        current_players: 1,
        max_players: 2,
        is_private: false,
        spectators: 0,
        player1: { id: player.user.id, username: player.user.username, level: 1 },
        player2: null,
        game_name: 'Number Rush',
        round: 1,
      });
      expect(room.id).toMatch(/^room_[A-Za-z0-9]{20}$/);
      expect(room.id).toContain('room');
      expect(new Date(room.created_at).toString()).not.toBe('Invalid Date');
      expect(await balanceCents(testApp.databaseUrl, player.user.id)).toBe(9_500n);
      expect((await escrowCents(testApp.databaseUrl)) - escrowBefore).toBe(500n);
      const history = await get('/api/transactions', player.accessToken);
      expect(history.json<Array<{ type: string; amount: number }>>()[0]).toMatchObject({ type: 'bet', amount: 5 });
      await expectMoneyConsistent(testApp.databaseUrl);
    });

    it('accepts string amounts with 2 decimals and defaults is_private / max_players', async () => {
      const player = await playerWithBalance(testApp.app, 20);
      const response = await post('/api/rooms', player.accessToken, { game_id: 'quick-click', bet_amount: '2.50' });
      expect(response.statusCode).toBe(201);
      expect(response.json<RoomDto>()).toMatchObject({ bet_amount: 2.5, is_private: false, max_players: 2 });
    });

    it.each([
      ['zero', 0],
      ['negative', -5],
      ['three decimals', 1.005],
      ['not a number', 'abc'],
      ['missing', undefined],
      ['null', null],
      ['NaN-like string', 'NaN'],
    ])('refuses a %s bet with the spec message, changing nothing', async (_label, bet) => {
      const player = await playerWithBalance(testApp.app, 50);
      const before = await moneySnapshot(testApp.databaseUrl);
      const payload: Record<string, unknown> = { game_id: 'number-rush' };
      if (bet !== undefined) payload['bet_amount'] = bet;
      const response = await post('/api/rooms', player.accessToken, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ detail: VALIDATION_MESSAGES.invalidBet });
      await expectUnchanged(before);
    });

    it('refuses an unknown or missing game, bets outside the game limits, bad max_players and unknown fields', async () => {
      const player = await playerWithBalance(testApp.app, 500);
      const before = await moneySnapshot(testApp.databaseUrl);
      // Each refusal names its problem by code (clients translate by it) and carries the figures of its sentence.
      const cases: Array<[Record<string, unknown>, string, string, Record<string, unknown>?]> = [
        [{ game_id: 'chess', bet_amount: 5 }, ROOM_MESSAGES.chooseGame, 'GAME_NOT_FOUND'],
        [{ bet_amount: 5 }, ROOM_MESSAGES.chooseGame, 'GAME_NOT_FOUND'],
        [{ game_id: '', bet_amount: 5 }, ROOM_MESSAGES.chooseGame, 'GAME_NOT_FOUND'],
        [
          { game_id: 'number-rush', bet_amount: 0.5 },
          ROOM_MESSAGES.betBelowMin('1.00'),
          'BET_BELOW_MINIMUM',
          { amount: '1.00' },
        ],
        [
          { game_id: 'number-rush', bet_amount: 100.01 },
          ROOM_MESSAGES.betAboveMax('100.00'),
          'BET_ABOVE_MAXIMUM',
          { amount: '100.00' },
        ],
        [{ game_id: 'number-rush', bet_amount: 5, max_players: 3 }, ROOM_MESSAGES.maxPlayers, 'INVALID_MAX_PLAYERS'],
        [
          { game_id: 'number-rush', bet_amount: 5, is_private: 'yes' },
          'is_private must be true or false',
          'VALIDATION_FAILED',
        ],
        [
          { game_id: 'number-rush', bet_amount: 5, is_private: true },
          ROOM_MESSAGES.passwordRequired,
          'ROOM_PASSWORD_REQUIRED',
        ],
        [
          { game_id: 'number-rush', bet_amount: 5, is_private: true, password: 'abc' },
          ROOM_MESSAGES.passwordRequired,
          'ROOM_PASSWORD_REQUIRED',
        ],
        [
          { game_id: 'number-rush', bet_amount: 5, balance: 1000 },
          'property balance should not exist',
          'VALIDATION_FAILED',
        ],
        [{ game_id: 'number-rush', bet_amount: 0 }, VALIDATION_MESSAGES.invalidBet, 'INVALID_BET'],
      ];
      for (const [payload, detail, code, params] of cases) {
        const response = await post('/api/rooms', player.accessToken, payload);
        const body = response.json<{ detail: string; code: string; params?: Record<string, unknown> }>();
        expect({
          payload,
          status: response.statusCode,
          detail: body.detail,
          code: body.code,
          params: body.params,
        }).toEqual({
          payload,
          status: 400,
          detail,
          code,
          params,
        });
      }
      await expectUnchanged(before);
    });

    it("refuses 'Insufficient balance' when the bet is above the balance", async () => {
      const player = await playerWithBalance(testApp.app, 5);
      const before = await moneySnapshot(testApp.databaseUrl);
      const response = await post('/api/rooms', player.accessToken, { game_id: 'number-rush', bet_amount: 5.01 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'INSUFFICIENT_BALANCE',
        detail: VALIDATION_MESSAGES.insufficientBalance,
      });
      const broke = await registerUser(testApp.app);
      const noWallet = await post('/api/rooms', broke.accessToken, { game_id: 'number-rush', bet_amount: 1 });
      expect(noWallet.json()).toMatchObject({ detail: VALIDATION_MESSAGES.insufficientBalance });
      expect(await balanceCents(testApp.databaseUrl, player.user.id)).toBe(500n);
      await expectUnchanged(before);
    });

    it('answers 401 without a token (guests cannot create rooms) and 403 when betting is disabled', async () => {
      const before = await moneySnapshot(testApp.databaseUrl);
      const anonymous = await post('/api/rooms', null, { game_id: 'number-rush', bet_amount: 5 });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ detail: 'Authentication required' });
      const garbage = await post('/api/rooms', 'not-a-token', { game_id: 'number-rush', bet_amount: 5 });
      expect(garbage.statusCode).toBe(401);

      const player = await playerWithBalance(testApp.app, 50);
      await sql(testApp.databaseUrl, `UPDATE users SET can_bet = false WHERE id = $1`, [player.user.id]);
      const forbidden = await post('/api/rooms', player.accessToken, { game_id: 'number-rush', bet_amount: 5 });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({ code: 'BET_NOT_ALLOWED', detail: ROOM_MESSAGES.betNotAllowed });
      const snapshot = await moneySnapshot(testApp.databaseUrl);
      expect(snapshot.rooms).toBe(before.rooms);
      await expectMoneyConsistent(testApp.databaseUrl);
    });

    it('caps open rooms per player (409), also under 20 concurrent creates', async () => {
      const player = await playerWithBalance(testApp.app, 1000);
      const responses = await Promise.all(
        Array.from({ length: 20 }, () =>
          post('/api/rooms', player.accessToken, { game_id: 'color-match', bet_amount: 10 }),
        ),
      );
      const created = responses.filter((response) => response.statusCode === 201);
      const refused = responses.filter((response) => response.statusCode === 409);
      expect(created).toHaveLength(3);
      expect(refused).toHaveLength(17);
      expect(refused[0].json()).toMatchObject({
        code: 'TOO_MANY_OPEN_ROOMS',
        detail: ROOM_MESSAGES.tooManyOpenRooms(3),
        params: { max: 3 },
      });
      expect(await balanceCents(testApp.databaseUrl, player.user.id)).toBe(97_000n);
      await expectMoneyConsistent(testApp.databaseUrl);
    });

    it('is idempotent with an Idempotency-Key: one room, one debit, the same answer replayed', async () => {
      const player = await playerWithBalance(testApp.app, 100);
      const key = idempotencyKey();
      const payload = { game_id: 'pattern-pro', bet_amount: 7 };
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => post('/api/rooms', player.accessToken, payload, { 'idempotency-key': key })),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(answers.map((answer) => answer.json<RoomDto>().id)).size).toBe(1);
      expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
      expect(await balanceCents(testApp.databaseUrl, player.user.id)).toBe(9_300n);
      const reused = await post(
        '/api/rooms',
        player.accessToken,
        { ...payload, bet_amount: 8 },
        { 'idempotency-key': key },
      );
      expect(reused.statusCode).toBe(422);
      await expectMoneyConsistent(testApp.databaseUrl);
    });
  });

  describe('GET /rooms and GET /rooms/{id}', () => {
    it('lists active rooms newest first with the spec fields, filtered by game and status', async () => {
      const player = await playerWithBalance(testApp.app, 100);
      const created = (
        await post('/api/rooms', player.accessToken, { game_id: 'word-wizard', bet_amount: 3 })
      ).json<RoomDto>();
      const all = (await get('/api/rooms')).json<RoomDto[]>();
      expect(all[0]).toEqual(created);
      expect(all.every((room) => ['waiting', 'ready', 'playing'].includes(room.status))).toBe(true);
      const filtered = (await get('/api/rooms?game=word-wizard')).json<RoomDto[]>();
      expect(filtered.map((room) => room.id)).toEqual([created.id]);
      expect((await get('/api/rooms?game=word-wizard&status=waiting')).json<RoomDto[]>()).toHaveLength(1);
      expect((await get('/api/rooms?game=word-wizard&status=finished')).json<RoomDto[]>()).toHaveLength(0);
      const bad = await get('/api/rooms?status=open');
      expect(bad.statusCode).toBe(400);
    });

    it('returns the Game room view with status and settings; unknown ids are 404', async () => {
      const player = await playerWithBalance(testApp.app, 100);
      const created = (
        await post('/api/rooms', player.accessToken, { game_id: 'memory-master', bet_amount: 4 })
      ).json<RoomDto>();
      const response = await get(`/api/rooms/${created.id}`, player.accessToken);
      expect(response.statusCode).toBe(200);
      expect(response.json<GameRoomViewDto>()).toMatchObject({
        id: created.id,
        name: 'Memory Master',
        status: 'waiting',
        betAmount: 4,
        bet_amount: 4,
        isPrivate: false,
        min_bet: 1,
        max_bet: 100,
        settings: { time_limit: 60, preparation_time: 3, scoring_system: 'points' },
        player1: { username: player.user.username },
        player2: null,
        your_seat: 0,
        seed_hash: null,
        last_result: null,
      });
      expect((await get(`/api/rooms/${created.id}`)).json<GameRoomViewDto>().your_seat).toBeNull();
      expect((await get('/api/rooms/room_doesnotexist00000000')).statusCode).toBe(404);
      expect((await get('/api/rooms/quick-click')).statusCode).toBe(404);
      expect((await get(`/api/rooms/${created.id}/rounds/1`)).statusCode).toBe(404);
    });

    it('features the newest open public room when nothing is being played', async () => {
      const featured = (await get('/api/rooms/featured')).json<RoomDto | null>();
      expect(featured).not.toBeNull();
      expect(featured?.is_private).toBe(false);
    });
  });

  describe('POST /rooms/{id}/join', () => {
    async function waitingRoom(options: { isPrivate?: boolean; bet?: number; game?: string } = {}) {
      const creator = await playerWithBalance(testApp.app, 100);
      const response = await post('/api/rooms', creator.accessToken, {
        game_id: options.game ?? 'number-rush',
        bet_amount: options.bet ?? 10,
        is_private: options.isPrivate ?? false,
        ...(options.isPrivate ? { password: 'secret-pw' } : {}),
      });
      expect(response.statusCode).toBe(201);
      return { creator, room: response.json<RoomDto>() };
    }

    it('joins a waiting room, escrows the same bet, and the room becomes ready', async () => {
      const { creator, room } = await waitingRoom();
      const joiner = await playerWithBalance(testApp.app, 30);
      const response = await post(`/api/rooms/${room.id}/join`, joiner.accessToken, { password: null });
      expect(response.statusCode).toBe(200);
      expect(response.json<RoomDto>()).toMatchObject({
        status: 'ready',
        current_players: 2,
        player1: { id: creator.user.id },
        player2: { id: joiner.user.id, username: joiner.user.username, level: 1 },
      });
      expect(await balanceCents(testApp.databaseUrl, joiner.user.id)).toBe(2_000n);
      // Joining again (a retry without a key) is the same answer and moves nothing.
      const again = await post(`/api/rooms/${room.id}/join`, joiner.accessToken, {});
      expect(again.statusCode).toBe(200);
      expect(await balanceCents(testApp.databaseUrl, joiner.user.id)).toBe(2_000n);
      await expectMoneyConsistent(testApp.databaseUrl);
    });

    it('accepts a join without a body', async () => {
      const { room } = await waitingRoom();
      const joiner = await playerWithBalance(testApp.app, 30);
      const response = await post(`/api/rooms/${room.id}/join`, joiner.accessToken);
      expect(response.statusCode).toBe(200);
    });

    it('refuses: own room, not waiting, unknown room, no token, insufficient balance — changing nothing', async () => {
      const { creator, room } = await waitingRoom();
      const before = await moneySnapshot(testApp.databaseUrl);
      const own = await post(`/api/rooms/${room.id}/join`, creator.accessToken, {});
      expect(own.statusCode).toBe(400);
      expect(own.json()).toMatchObject({ code: 'OWN_ROOM', detail: ROOM_MESSAGES.ownRoom });
      const poor = await playerWithBalance(testApp.app, 5);
      const beforePoor = await moneySnapshot(testApp.databaseUrl);
      const insufficient = await post(`/api/rooms/${room.id}/join`, poor.accessToken, {});
      expect(insufficient.statusCode).toBe(400);
      expect(insufficient.json()).toMatchObject({ detail: VALIDATION_MESSAGES.insufficientBalance });
      expect(await moneySnapshot(testApp.databaseUrl)).toEqual(beforePoor);
      expect((await post(`/api/rooms/${room.id}/join`, null, {})).statusCode).toBe(401);
      expect((await post('/api/rooms/room_unknownunknown000000/join', poor.accessToken, {})).statusCode).toBe(404);
      expect((await post('/api/rooms/not-a-room/join', poor.accessToken, {})).statusCode).toBe(404);
      expect((await post(`/api/rooms/${room.id}/join`, poor.accessToken, { password: 5 })).statusCode).toBe(400);
      const beforeFull = await moneySnapshot(testApp.databaseUrl);
      expect(beforeFull.rooms).toBe(before.rooms);

      const joiner = await playerWithBalance(testApp.app, 50);
      expect((await post(`/api/rooms/${room.id}/join`, joiner.accessToken, {})).statusCode).toBe(200);
      const third = await playerWithBalance(testApp.app, 50);
      const beforeThird = await moneySnapshot(testApp.databaseUrl);
      const full = await post(`/api/rooms/${room.id}/join`, third.accessToken, {});
      expect(full.statusCode).toBe(409);
      expect(full.json()).toMatchObject({ code: 'ROOM_NOT_JOINABLE', detail: ROOM_MESSAGES.roomNotJoinable });
      await expectUnchanged(beforeThird);
    });

    it('needs the password of a private room (stored hashed)', async () => {
      const { room } = await waitingRoom({ isPrivate: true });
      expect(room.is_private).toBe(true);
      const stored = await sql<{ password_hash: string }>(
        testApp.databaseUrl,
        `SELECT password_hash FROM rooms WHERE id = $1`,
        [room.id],
      );
      expect(stored[0].password_hash).toMatch(/^scrypt\$/);
      expect(stored[0].password_hash).not.toContain('secret-pw');
      const joiner = await playerWithBalance(testApp.app, 50);
      const before = await moneySnapshot(testApp.databaseUrl);
      for (const password of [undefined, null, '', 'wrong-pw']) {
        const response = await post(
          `/api/rooms/${room.id}/join`,
          joiner.accessToken,
          password === undefined ? {} : { password },
        );
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ code: 'WRONG_PASSWORD', detail: ROOM_MESSAGES.wrongPassword });
      }
      await expectUnchanged(before);
      const ok = await post(`/api/rooms/${room.id}/join`, joiner.accessToken, { password: 'secret-pw' });
      expect(ok.statusCode).toBe(200);
    });

    it('lets exactly one of many concurrent joiners in (row lock)', async () => {
      const { room } = await waitingRoom({ bet: 10 });
      const joiners = await Promise.all(Array.from({ length: 8 }, () => playerWithBalance(testApp.app, 10)));
      const responses = await Promise.all(
        joiners.map((joiner) => post(`/api/rooms/${room.id}/join`, joiner.accessToken, {})),
      );
      expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
      expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(7);
      const balances = await Promise.all(joiners.map((joiner) => balanceCents(testApp.databaseUrl, joiner.user.id)));
      expect(balances.filter((balance) => balance === 0n)).toHaveLength(1);
      expect(balances.filter((balance) => balance === 1_000n)).toHaveLength(7);
      await expectMoneyConsistent(testApp.databaseUrl);
    });

    it('one player joining 20 rooms at once stays within the open-room cap', async () => {
      const rooms = await Promise.all(Array.from({ length: 20 }, () => waitingRoom({ bet: 1 })));
      const joiner = await playerWithBalance(testApp.app, 100);
      const responses = await Promise.all(
        rooms.map(({ room }) => post(`/api/rooms/${room.id}/join`, joiner.accessToken, {})),
      );
      expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(3);
      expect(await balanceCents(testApp.databaseUrl, joiner.user.id)).toBe(9_700n);
      await expectMoneyConsistent(testApp.databaseUrl);
    });

    it('is idempotent with an Idempotency-Key', async () => {
      const { room } = await waitingRoom({ bet: 10 });
      const joiner = await playerWithBalance(testApp.app, 10);
      const key = idempotencyKey();
      const first = await post(`/api/rooms/${room.id}/join`, joiner.accessToken, {}, { 'idempotency-key': key });
      const second = await post(`/api/rooms/${room.id}/join`, joiner.accessToken, {}, { 'idempotency-key': key });
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.json()).toEqual(first.json());
      expect(await balanceCents(testApp.databaseUrl, joiner.user.id)).toBe(0n);
      await expectMoneyConsistent(testApp.databaseUrl);
    });
  });

  describe('POST /rooms/{id}/spectate', () => {
    it('lets anyone watch, guests included; a cancelled room is gone', async () => {
      const creator = await playerWithBalance(testApp.app, 20);
      const room = (
        await post('/api/rooms', creator.accessToken, { game_id: 'number-rush', bet_amount: 2 })
      ).json<RoomDto>();
      const guest = await post(`/api/rooms/${room.id}/spectate`, null);
      expect(guest.statusCode).toBe(200);
      expect(guest.json<GameRoomViewDto>()).toMatchObject({ id: room.id, status: 'waiting', your_seat: null });
      const signedIn = await post(`/api/rooms/${room.id}/spectate`, creator.accessToken);
      expect(signedIn.json<GameRoomViewDto>().your_seat).toBe(0);
      expect((await post('/api/rooms/room_nothinghere000000000/spectate', null)).statusCode).toBe(404);
      await post(`/api/rooms/${room.id}/leave`, creator.accessToken);
      expect((await post(`/api/rooms/${room.id}/spectate`, null)).statusCode).toBe(404);
    });
  });

  describe('POST /rooms/{id}/leave', () => {
    it('closes a waiting room and refunds the creator', async () => {
      const creator = await playerWithBalance(testApp.app, 20);
      const room = (
        await post('/api/rooms', creator.accessToken, { game_id: 'number-rush', bet_amount: 8 })
      ).json<RoomDto>();
      expect(await balanceCents(testApp.databaseUrl, creator.user.id)).toBe(1_200n);
      const response = await post(`/api/rooms/${room.id}/leave`, creator.accessToken);
      expect(response.statusCode).toBe(200);
      expect(response.json<RoomDto>().status).toBe('cancelled');
      expect(await balanceCents(testApp.databaseUrl, creator.user.id)).toBe(2_000n);
      const history = (await get('/api/transactions', creator.accessToken)).json<
        Array<{ type: string; amount: number }>
      >();
      expect(history[0]).toMatchObject({ type: 'refund', amount: 8 });
      // Leaving again changes nothing.
      expect((await post(`/api/rooms/${room.id}/leave`, creator.accessToken)).statusCode).toBe(200);
      expect(await balanceCents(testApp.databaseUrl, creator.user.id)).toBe(2_000n);
      await expectMoneyConsistent(testApp.databaseUrl);
    });

    it('a joiner leaving a ready room is refunded and the room waits again; the creator leaving refunds both', async () => {
      const creator = await playerWithBalance(testApp.app, 20);
      const joiner = await playerWithBalance(testApp.app, 20);
      const room = (
        await post('/api/rooms', creator.accessToken, { game_id: 'number-rush', bet_amount: 5 })
      ).json<RoomDto>();
      await post(`/api/rooms/${room.id}/join`, joiner.accessToken, {});
      const left = await post(`/api/rooms/${room.id}/leave`, joiner.accessToken);
      expect(left.json<RoomDto>()).toMatchObject({ status: 'waiting', player2: null });
      expect(await balanceCents(testApp.databaseUrl, joiner.user.id)).toBe(2_000n);
      // The same player may come back (a second stake of the same round).
      expect((await post(`/api/rooms/${room.id}/join`, joiner.accessToken, {})).statusCode).toBe(200);
      expect(await balanceCents(testApp.databaseUrl, joiner.user.id)).toBe(1_500n);
      const closed = await post(`/api/rooms/${room.id}/leave`, creator.accessToken);
      expect(closed.json<RoomDto>().status).toBe('cancelled');
      expect(await balanceCents(testApp.databaseUrl, creator.user.id)).toBe(2_000n);
      expect(await balanceCents(testApp.databaseUrl, joiner.user.id)).toBe(2_000n);
      await expectMoneyConsistent(testApp.databaseUrl);
    });

    it('refuses someone who is not a player (403), unknown rooms (404) and anonymous callers (401)', async () => {
      const creator = await playerWithBalance(testApp.app, 20);
      const other = await registerUser(testApp.app);
      const room = (
        await post('/api/rooms', creator.accessToken, { game_id: 'number-rush', bet_amount: 5 })
      ).json<RoomDto>();
      const before = await moneySnapshot(testApp.databaseUrl);
      expect((await post(`/api/rooms/${room.id}/leave`, other.accessToken)).statusCode).toBe(403);
      expect((await post('/api/rooms/room_unknownunknown000000/leave', other.accessToken)).statusCode).toBe(404);
      expect((await post(`/api/rooms/${room.id}/leave`, null)).statusCode).toBe(401);
      await expectUnchanged(before);
    });
  });

  describe('POST /rooms/quick-match', () => {
    it('creates a room when none waits, then the next player joins it; never your own or a private one', async () => {
      const first = await playerWithBalance(testApp.app, 50);
      const created = await post('/api/rooms/quick-match', first.accessToken, {
        game_id: 'reaction-time',
        bet_amount: 6,
      });
      expect(created.statusCode).toBe(201);
      const createdBody = created.json<QuickMatchResponseDto>();
      expect(createdBody).toMatchObject({
        matched: false,
        room: { status: 'waiting', game_id: 'reaction-time', bet_amount: 6 },
      });
      // The same player asking again gets a second room of their own, not their first one.
      const own = await post('/api/rooms/quick-match', first.accessToken, { game_id: 'reaction-time', bet_amount: 6 });
      expect(own.json<QuickMatchResponseDto>().matched).toBe(false);

      const privateOwner = await playerWithBalance(testApp.app, 50);
      await post('/api/rooms', privateOwner.accessToken, {
        game_id: 'reaction-time',
        bet_amount: 6,
        is_private: true,
        password: 'pw-1234',
      });

      const second = await playerWithBalance(testApp.app, 50);
      const joined = await post('/api/rooms/quick-match', second.accessToken, {
        game_id: 'reaction-time',
        bet_amount: 6,
      });
      expect(joined.statusCode).toBe(200);
      expect(joined.json<QuickMatchResponseDto>()).toMatchObject({
        matched: true,
        room: { id: createdBody.room.id, status: 'ready', player2: { id: second.user.id } },
      });
      expect(await balanceCents(testApp.databaseUrl, second.user.id)).toBe(4_400n);
      const invalid = await post('/api/rooms/quick-match', second.accessToken, {
        game_id: 'reaction-time',
        bet_amount: 0,
      });
      expect(invalid.statusCode).toBe(400);
      expect((await post('/api/rooms/quick-match', null, { game_id: 'reaction-time', bet_amount: 1 })).statusCode).toBe(
        401,
      );
      await expectMoneyConsistent(testApp.databaseUrl);
    });
  });

  describe('expiry', () => {
    it('cancels and refunds waiting and ready rooms past ROOM_WAITING_EXPIRY_SECONDS', async () => {
      const creator = await playerWithBalance(testApp.app, 20);
      const joiner = await playerWithBalance(testApp.app, 20);
      const waiting = (
        await post('/api/rooms', creator.accessToken, { game_id: 'number-rush', bet_amount: 3 })
      ).json<RoomDto>();
      const ready = (
        await post('/api/rooms', creator.accessToken, { game_id: 'number-rush', bet_amount: 4 })
      ).json<RoomDto>();
      await post(`/api/rooms/${ready.id}/join`, joiner.accessToken, {});
      const view = (await get(`/api/rooms/${waiting.id}`)).json<GameRoomViewDto>();
      expect(Date.parse(view.expires_at ?? '') - Date.now()).toBeGreaterThan(500_000);
      await sql(testApp.databaseUrl, `UPDATE rooms SET expires_at = now() - interval '1 second' WHERE id = ANY($1)`, [
        [waiting.id, ready.id],
      ]);
      const result = await testApp.app.get(RoomsMaintenanceService).sweep();
      expect(result.expired).toBeGreaterThanOrEqual(2);
      for (const id of [waiting.id, ready.id]) {
        expect((await get(`/api/rooms/${id}`)).json<GameRoomViewDto>().status).toBe('cancelled');
      }
      expect(await balanceCents(testApp.databaseUrl, creator.user.id)).toBe(2_000n);
      expect(await balanceCents(testApp.databaseUrl, joiner.user.id)).toBe(2_000n);
      await expectMoneyConsistent(testApp.databaseUrl);
    });
  });
});
