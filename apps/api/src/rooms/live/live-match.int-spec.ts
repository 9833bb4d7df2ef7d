import type {
  Ack,
  ChatMessageDto,
  LobbyRoomEventDto,
  MatchCountdownDto,
  MatchFinishedDto,
  MatchInputAckDto,
  MatchReplayDto,
  MatchResultEventDto,
  MatchScoresDto,
  MatchViewDto,
  NotificationsChangedDto,
  NotificationsResponse,
  RealtimeErrorDto,
  RoomDto,
  RoomStateDto,
  UserDto,
  WalletChangedDto,
} from '@skillduel/contracts';
import { VALIDATION_MESSAGES, XP_REWARDS } from '@skillduel/contracts';
import { getEngine, type NumberRushView, type PlayerView } from '@skillduel/games';
import { createHash } from 'node:crypto';
import { bearer, RegisteredUser } from '../../../test/auth-helpers';
import { sql } from '../../../test/db';
import { createTestApp, TestApp } from '../../../test/test-app';
import { MatchSettlementService } from '../match-settlement.service';
import { MatchXpService } from '../match-xp.service';
import { RoomsMaintenanceService } from '../rooms-maintenance.service';
import {
  balanceCents,
  ClientSocket,
  collect,
  connectSocket,
  escrowCents,
  eventually,
  expectMoneyConsistent,
  nextEvent,
  playerWithBalance,
  answerNumberRushCorrectly,
  request,
  sleep,
  watchRoom,
} from '../testing/rooms-test-kit';

const TIME_LIMIT_MS = 2000;

type NumberRushPlayerView = PlayerView<NumberRushView>;

/**
 * Two players over real sockets against a listening server: a whole money match from create to settlement, ties,
 * disconnects (within and beyond the grace period), Play Again, spectators, chat and the lobby.
 */
describe('live matches over Socket.IO', () => {
  let testApp: TestApp;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    testApp = await createTestApp({
      WITHDRAWAL_PROCESSOR_ENABLED: 'false',
      RATE_LIMIT_PER_MINUTE: '100000',
      MATCH_COUNTDOWN_MS: '150',
      MATCH_TIME_LIMIT_OVERRIDE_MS: String(TIME_LIMIT_MS),
      RECONNECT_GRACE_SECONDS: '1',
      MAX_OPEN_ROOMS_PER_PLAYER: '10',
      ROOM_SWEEP_INTERVAL_MS: '600000',
    });
    await testApp.app.listen(0, '127.0.0.1');
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => testApp.close());

  async function connect(token?: string): Promise<ClientSocket> {
    const socket = await connectSocket(testApp.app, { token });
    sockets.push(socket);
    return socket;
  }

  async function createRoom(creator: RegisteredUser, bet: number, game = 'number-rush'): Promise<RoomDto> {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/rooms',
      headers: bearer(creator.accessToken),
      payload: { game_id: game, bet_amount: bet },
    });
    expect(response.statusCode).toBe(201);
    return response.json<RoomDto>();
  }

  async function joinRoom(joiner: RegisteredUser, roomId: string): Promise<void> {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/rooms/${roomId}/join`,
      headers: bearer(joiner.accessToken),
      payload: {},
    });
    expect(response.statusCode).toBe(200);
  }

  /** Two players in a ready room, both watching over sockets. */
  async function readyRoom(bet = 5) {
    const alice = await playerWithBalance(testApp.app, 100);
    const bob = await playerWithBalance(testApp.app, 100);
    const room = await createRoom(alice, bet);
    await joinRoom(bob, room.id);
    const aliceSocket = await connect(alice.accessToken);
    const bobSocket = await connect(bob.accessToken);
    const aliceJoined = await watchRoom(aliceSocket, room.id);
    const bobJoined = await watchRoom(bobSocket, room.id);
    expect(aliceJoined.your_seat).toBe(0);
    expect(bobJoined.your_seat).toBe(1);
    expect(bobJoined.phase).toBe('ready');
    return { alice, bob, room, aliceSocket, bobSocket };
  }

  /** Both press Start; resolves with the countdown as a spectator-visible event. */
  async function startMatch(aliceSocket: ClientSocket, bobSocket: ClientSocket, roomId: string) {
    const countdown = nextEvent<MatchCountdownDto>(aliceSocket, 'match:countdown');
    const started = nextEvent(aliceSocket, 'match:started');
    expect(await request<Ack<null>>(aliceSocket, 'match:ready', { room_id: roomId })).toEqual({ ok: true, data: null });
    expect(await request<Ack<null>>(bobSocket, 'match:ready', { room_id: roomId })).toEqual({ ok: true, data: null });
    const countdownEvent = await countdown;
    await started;
    return countdownEvent;
  }

  async function me(user: RegisteredUser): Promise<UserDto> {
    return (
      await testApp.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(user.accessToken) })
    ).json<UserDto>();
  }

  it('plays a whole money match: escrow → ready → countdown with seed hash → inputs → result → settlement → seed revealed', async () => {
    const { alice, bob, room, aliceSocket, bobSocket } = await readyRoom(5);
    expect(await balanceCents(testApp.databaseUrl, alice.user.id)).toBe(9_500n);
    expect(await balanceCents(testApp.databaseUrl, bob.user.id)).toBe(9_500n);

    const guest = await connect();
    const guestJoined = await watchRoom(guest, room.id);
    expect(guestJoined.your_seat).toBeNull();
    const guestScores = collect<MatchScoresDto>(guest, 'match:scores');
    const guestCountdown = nextEvent<MatchCountdownDto>(guest, 'match:countdown');
    const guestFinished = nextEvent<MatchFinishedDto>(guest, 'match:finished', () => true, 8000);
    const guestViews = collect<MatchViewDto>(guest, 'match:view');
    const aliceResult = nextEvent<MatchResultEventDto>(aliceSocket, 'match:result', () => true, 8000);
    const bobResult = nextEvent<MatchResultEventDto>(bobSocket, 'match:result', () => true, 8000);
    const firstView = nextEvent<MatchViewDto>(aliceSocket, 'match:view');
    const bobViews = collect<MatchViewDto>(bobSocket, 'match:view');

    const countdown = await startMatch(aliceSocket, bobSocket, room.id);
    expect(countdown.seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(countdown.time_limit_ms).toBe(TIME_LIMIT_MS);
    expect((await guestCountdown).seed_hash).toBe(countdown.seed_hash);
    const viewDuringPlay = await testApp.app.inject({ method: 'GET', url: `/api/rooms/${room.id}` });
    expect(viewDuringPlay.json()).toMatchObject({ status: 'playing', seed_hash: countdown.seed_hash });
    expect(JSON.stringify(viewDuringPlay.json())).not.toMatch(/"seed":"/);

    const aliceView = (await firstView).view as NumberRushPlayerView;
    expect(aliceView.game.question).toBeDefined();
    expect(JSON.stringify(aliceView)).not.toContain(countdown.seed_hash);
    // Two answers at a human pace (the engine's floor each) fit the 2 s round.
    await answerNumberRushCorrectly(aliceSocket, room.id, aliceView, 2);
    // A wrong input shape is refused by the engine and changes nothing.
    const garbage = await request<Ack<MatchInputAckDto>>(aliceSocket, 'match:input', {
      room_id: room.id,
      input: { type: 'hack' },
    });
    expect(garbage).toMatchObject({ ok: true, data: { accepted: false, reason: 'invalid_input' } });
    // The guest spectator cannot play.
    const guestInput = await request<Ack<MatchInputAckDto>>(guest, 'match:input', {
      room_id: room.id,
      input: { type: 'answer', value: 1 },
    });
    expect(guestInput).toMatchObject({ ok: false, error: { code: 'GUEST_PLAY' } });

    const finished = await guestFinished;
    expect(finished.result).toMatchObject({
      round: 1,
      outcome: 'player1',
      reason: 'time_up',
      scores: [20, 0],
      display_scores: [20, 0],
      pot: 10,
      fee: 0,
      payout: 10,
      seed_hash: countdown.seed_hash,
    });
    expect(createHash('sha256').update(finished.result.seed).digest('hex')).toBe(countdown.seed_hash);
    expect((await aliceResult).result).toMatchObject({
      winner: 'player',
      player_score: 20,
      opponent_score: 0,
      earnings: 10,
    });
    expect((await bobResult).result).toMatchObject({
      winner: 'opponent',
      player_score: 0,
      opponent_score: 20,
      earnings: 0,
    });
    expect(guestScores.length).toBeGreaterThan(0);
    expect(guestScores.some((scores) => scores.display_scores[0] > 0)).toBe(true);
    // Spectators never get a player's private view; players only get their own.
    expect(guestViews).toHaveLength(0);
    expect(bobViews.every((view) => view.seat === 1)).toBe(true);

    // Winner +2 × bet (net +bet), loser −bet; escrow back to where it was.
    expect(await balanceCents(testApp.databaseUrl, alice.user.id)).toBe(10_500n);
    expect(await balanceCents(testApp.databaseUrl, bob.user.id)).toBe(9_500n);
    await expectMoneyConsistent(testApp.databaseUrl);
    const aliceHistory = await testApp.app.inject({
      method: 'GET',
      url: '/api/transactions',
      headers: bearer(alice.accessToken),
    });
    expect(aliceHistory.json<Array<{ type: string; amount: number }>>()[0]).toMatchObject({ type: 'win', amount: 10 });
    const aliceNow = await me(alice);
    expect(aliceNow.stats).toMatchObject({ total_wins: 1, total_earnings: 5 });
    expect(aliceNow.xp).toBeGreaterThan(0);
    expect((await me(bob)).stats.total_wins).toBe(0);

    // The room view shows the result; anyone can recompute both scores from the revealed seed and the input log.
    const view = (await testApp.app.inject({ method: 'GET', url: `/api/rooms/${room.id}` })).json();
    expect(view).toMatchObject({ status: 'finished', last_result: { outcome: 'player1', seed: finished.result.seed } });
    const replay = (
      await testApp.app.inject({ method: 'GET', url: `/api/rooms/${room.id}/rounds/1` })
    ).json<MatchReplayDto>();
    const engine = getEngine('number-rush');
    let state = engine.create(replay.result.seed, { timeLimitMs: replay.time_limit_ms });
    for (const entry of replay.input_log) {
      state =
        'tick' in entry
          ? engine.tick(state, entry.at_ms)
          : engine.applyInput(state, entry.seat, entry.input, entry.at_ms).state;
    }
    const recomputed = engine.result(state);
    expect(recomputed?.scores).toEqual(replay.result.scores);
    expect(recomputed?.winner).toBe(0);
  });

  it("pushes notification changes to the user's own sockets only: an opponent joined, the win, read elsewhere", async () => {
    const alice = await playerWithBalance(testApp.app, 100);
    const bob = await playerWithBalance(testApp.app, 100);
    const aliceSocket = await connect(alice.accessToken);
    const bobSocket = await connect(bob.accessToken);
    const guest = await connect();
    const guestPushes = collect<NotificationsChangedDto>(guest, 'notifications:changed');
    const bobPushes = collect<NotificationsChangedDto>(bobSocket, 'notifications:changed');
    const aliceWallet = collect<WalletChangedDto>(aliceSocket, 'wallet:changed');
    const bobWallet = collect<WalletChangedDto>(bobSocket, 'wallet:changed');
    const guestWallet = collect<WalletChangedDto>(guest, 'wallet:changed');
    const notificationsOf = async (player: RegisteredUser) =>
      (
        await testApp.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(player.accessToken) })
      ).json<NotificationsResponse>();

    const room = await createRoom(alice, 5);
    const joinedPush = nextEvent<NotificationsChangedDto>(aliceSocket, 'notifications:changed');
    await joinRoom(bob, room.id);
    expect(await joinedPush).toEqual({ unread_count: 1 });
    const afterJoin = await notificationsOf(alice);
    expect(afterJoin.unread_count).toBe(1);
    expect(afterJoin.notifications[0]).toMatchObject({
      type: 'challenge',
      title: 'Opponent joined',
      message: `${bob.user.username} joined your Number Rush room ($5.00 bet). Press Start when you are ready!`,
      read: false,
    });
    expect(bobPushes).toHaveLength(0);
    expect((await notificationsOf(bob)).unread_count).toBe(0);

    await watchRoom(aliceSocket, room.id);
    await watchRoom(bobSocket, room.id);
    const firstView = nextEvent<MatchViewDto>(aliceSocket, 'match:view');
    const winPush = nextEvent<NotificationsChangedDto>(
      aliceSocket,
      'notifications:changed',
      (payload) => payload.unread_count > 1,
      8000,
    );
    const loserPush = nextEvent<NotificationsChangedDto>(bobSocket, 'notifications:changed', () => true, 8000);
    await startMatch(aliceSocket, bobSocket, room.id);
    await answerNumberRushCorrectly(aliceSocket, room.id, (await firstView).view as NumberRushPlayerView, 1);
    const pushedCount = (await winPush).unread_count;
    const afterWin = await notificationsOf(alice);
    expect(afterWin.unread_count).toBe(pushedCount);
    expect(afterWin.notifications.map((notification) => notification.type)).toEqual(
      expect.arrayContaining(['win', 'challenge']),
    );
    // One payout vocabulary on every screen: the pot paid out and the net gain, as the finish screen and toast say.
    expect(afterWin.notifications.find((notification) => notification.type === 'win')).toMatchObject({
      title: 'You won!',
      message: 'You won $10.00 (+$5.00 net).',
    });
    // Every committed money movement is pushed to its own user's sockets (wallet:changed): both stakes, the payout.
    await eventually(() => aliceWallet.length >= 2, 5000, "Alice's wallet pushes");
    expect(aliceWallet).toEqual([
      { kind: 'bet', amount: -5, room_id: room.id, reason: null },
      { kind: 'win', amount: 10, room_id: room.id, reason: null },
    ]);
    expect(bobWallet).toEqual([{ kind: 'bet', amount: -5, room_id: room.id, reason: null }]);
    expect(guestWallet).toHaveLength(0);
    // The loser's sockets hear about their own notifications (none about a win), never about the winner's.
    expect((await loserPush).unread_count).toBe((await notificationsOf(bob)).unread_count);

    // Reading on one device updates the others.
    const clearedPush = nextEvent<NotificationsChangedDto>(
      aliceSocket,
      'notifications:changed',
      (p) => p.unread_count === 0,
    );
    const readAll = await testApp.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: bearer(alice.accessToken),
    });
    expect(readAll.statusCode).toBe(200);
    expect(await clearedPush).toEqual({ unread_count: 0 });
    expect(guestPushes).toHaveLength(0);
    await expectMoneyConsistent(testApp.databaseUrl);
  });

  it('leaving a ready room refunds both stakes and tells both players over wallet:changed', async () => {
    const { alice, bob, room, aliceSocket, bobSocket } = await readyRoom(6);
    const aliceRefund = nextEvent<WalletChangedDto>(aliceSocket, 'wallet:changed');
    const bobRefund = nextEvent<WalletChangedDto>(bobSocket, 'wallet:changed');
    const left = await testApp.app.inject({
      method: 'POST',
      url: `/api/rooms/${room.id}/leave`,
      headers: bearer(alice.accessToken),
    });
    expect(left.statusCode).toBe(200);
    const refund = { kind: 'refund', amount: 6, room_id: room.id, reason: 'left' };
    expect(await aliceRefund).toEqual(refund);
    expect(await bobRefund).toEqual(refund);
    expect(await balanceCents(testApp.databaseUrl, alice.user.id)).toBe(10_000n);
    expect(await balanceCents(testApp.databaseUrl, bob.user.id)).toBe(10_000n);
    await expectMoneyConsistent(testApp.databaseUrl);
  });

  it('a tie refunds both players', async () => {
    const { alice, bob, room, aliceSocket, bobSocket } = await readyRoom(7);
    const finished = nextEvent<MatchFinishedDto>(aliceSocket, 'match:finished', () => true, 8000);
    const result = nextEvent<MatchResultEventDto>(bobSocket, 'match:result', () => true, 8000);
    await startMatch(aliceSocket, bobSocket, room.id);
    expect((await finished).result).toMatchObject({ outcome: 'tie', reason: 'time_up', payout: 0, pot: 14 });
    expect((await result).result).toMatchObject({ winner: 'tie', earnings: 0, refunded: 7 });
    expect(await balanceCents(testApp.databaseUrl, alice.user.id)).toBe(10_000n);
    expect(await balanceCents(testApp.databaseUrl, bob.user.id)).toBe(10_000n);
    await expectMoneyConsistent(testApp.databaseUrl);
  });

  it('grants match XP once per player; grants a dead instance left unwritten are finished by the sweep, once', async () => {
    const { alice, bob, room, aliceSocket, bobSocket } = await readyRoom(2);
    const finished = nextEvent<MatchFinishedDto>(aliceSocket, 'match:finished', () => true, 8000);
    const xpBefore = { alice: (await me(alice)).xp, bob: (await me(bob)).xp };
    await startMatch(aliceSocket, bobSocket, room.id);
    expect((await finished).result).toMatchObject({ outcome: 'tie' });
    const [{ id: matchId }] = await sql<{ id: string }>(
      testApp.databaseUrl,
      `SELECT id FROM matches WHERE room_id = $1`,
      [room.id],
    );
    const grants = () =>
      sql<{ user_id: string; xp: number }>(
        testApp.databaseUrl,
        `SELECT user_id, xp FROM xp_grants WHERE source = $1 ORDER BY user_id`,
        [`match:${matchId}`],
      );
    const grantedAt = async () =>
      (
        await sql<{ xp_granted_at: Date | null }>(
          testApp.databaseUrl,
          `SELECT xp_granted_at FROM matches WHERE id = $1`,
          [matchId],
        )
      )[0].xp_granted_at;
    const expectTieXpOnce = async () => {
      expect((await me(alice)).xp).toBe(xpBefore.alice + XP_REWARDS.tie);
      expect((await me(bob)).xp).toBe(xpBefore.bob + XP_REWARDS.tie);
      expect((await grants()).map((grant) => grant.xp)).toEqual([XP_REWARDS.tie, XP_REWARDS.tie]);
      expect(await grantedAt()).not.toBeNull();
    };
    await eventually(async () => (await grantedAt()) !== null, 5000, 'the match XP to be granted');
    await expectTieXpOnce();

    /** The database as a crash after the settlement left it: these players' grants (and their XP) never written. */
    const crashBeforeGrants = async (users: RegisteredUser[]) => {
      const ids = users.map((user) => user.user.id);
      await sql(testApp.databaseUrl, `DELETE FROM xp_grants WHERE source = $1 AND user_id = ANY($2::uuid[])`, [
        `match:${matchId}`,
        ids,
      ]);
      await sql(testApp.databaseUrl, `UPDATE users SET xp = xp - $2 WHERE id = ANY($1::uuid[])`, [ids, XP_REWARDS.tie]);
      await sql(
        testApp.databaseUrl,
        `UPDATE matches SET xp_granted_at = NULL, ended_at = now() - interval '1 minute' WHERE id = $1`,
        [matchId],
      );
    };
    const maintenance = testApp.app.get(RoomsMaintenanceService);

    // Alice's grant was written, Bob's was not: the sweep grants Bob's only.
    await crashBeforeGrants([bob]);
    expect((await me(bob)).xp).toBe(xpBefore.bob);
    expect((await maintenance.sweep()).xpGranted).toBeGreaterThanOrEqual(1);
    await expectTieXpOnce();
    expect((await maintenance.sweep()).xpGranted).toBe(0);
    await expectTieXpOnce();

    // Neither was written, and the grant is then attempted by many at once: still once each.
    await crashBeforeGrants([alice, bob]);
    const matchXp = testApp.app.get(MatchXpService);
    const subject = { id: matchId, outcome: 'tie' as const, player1Id: alice.user.id, player2Id: bob.user.id };
    await Promise.all([
      ...Array.from({ length: 10 }, () => matchXp.grant(subject)),
      matchXp.grantPending(0),
      matchXp.grantPending(0),
    ]);
    await expectTieXpOnce();
  });

  it('a player who disconnects comes back within the grace period and the match goes on', async () => {
    const { bob, room, aliceSocket, bobSocket } = await readyRoom(5);
    const finished = nextEvent<MatchFinishedDto>(aliceSocket, 'match:finished', () => true, 8000);
    await startMatch(aliceSocket, bobSocket, room.id);
    const presenceGone = nextEvent<{ players: Array<{ connected: boolean; grace_ends_at: number | null } | null> }>(
      aliceSocket,
      'room:presence',
      (presence) => presence.players[1]?.connected === false,
    );
    bobSocket.close();
    const gone = await presenceGone;
    expect(gone.players[1]?.grace_ends_at).toBeGreaterThan(Date.now());
    await sleep(300);
    const back = await connect(bob.accessToken);
    const resumedView = nextEvent<MatchViewDto>(back, 'match:view');
    const joined = await watchRoom(back, room.id);
    expect(joined).toMatchObject({ your_seat: 1, phase: 'playing' });
    expect((await resumedView).seat).toBe(1);
    const result = await finished;
    expect(result.result).toMatchObject({ outcome: 'tie', reason: 'time_up' });
    await expectMoneyConsistent(testApp.databaseUrl);
  });

  it('a player gone beyond the grace period forfeits', async () => {
    const { alice, bob, room, aliceSocket, bobSocket } = await readyRoom(5);
    const finished = nextEvent<MatchFinishedDto>(aliceSocket, 'match:finished', () => true, 8000);
    const aliceResult = nextEvent<MatchResultEventDto>(aliceSocket, 'match:result', () => true, 8000);
    await startMatch(aliceSocket, bobSocket, room.id);
    bobSocket.close();
    const result = await finished;
    expect(result.result).toMatchObject({ outcome: 'player1', reason: 'forfeit', payout: 10 });
    expect((await aliceResult).result).toMatchObject({ winner: 'player', earnings: 10 });
    expect(await balanceCents(testApp.databaseUrl, alice.user.id)).toBe(10_500n);
    expect(await balanceCents(testApp.databaseUrl, bob.user.id)).toBe(9_500n);
    await expectMoneyConsistent(testApp.databaseUrl);
  });

  it('both players gone: the match is void and both are refunded', async () => {
    const { alice, bob, room, aliceSocket, bobSocket } = await readyRoom(5);
    const guest = await connect();
    await watchRoom(guest, room.id);
    const finished = nextEvent<MatchFinishedDto>(guest, 'match:finished', () => true, 8000);
    await startMatch(aliceSocket, bobSocket, room.id);
    aliceSocket.close();
    bobSocket.close();
    expect((await finished).result).toMatchObject({ outcome: 'void', reason: 'void', payout: 0 });
    expect(await balanceCents(testApp.databaseUrl, alice.user.id)).toBe(10_000n);
    expect(await balanceCents(testApp.databaseUrl, bob.user.id)).toBe(10_000n);
    await expectMoneyConsistent(testApp.databaseUrl);
  });

  it('leaving over REST during play forfeits at once', async () => {
    const { alice, bob, room, aliceSocket, bobSocket } = await readyRoom(5);
    const finished = nextEvent<MatchFinishedDto>(aliceSocket, 'match:finished', () => true, 8000);
    await startMatch(aliceSocket, bobSocket, room.id);
    const left = await testApp.app.inject({
      method: 'POST',
      url: `/api/rooms/${room.id}/leave`,
      headers: bearer(bob.accessToken),
    });
    expect(left.statusCode).toBe(200);
    expect((await finished).result).toMatchObject({ outcome: 'player1', reason: 'forfeit' });
    expect(await balanceCents(testApp.databaseUrl, alice.user.id)).toBe(10_500n);
    await expectMoneyConsistent(testApp.databaseUrl);
  });

  it('Play Again: both confirm, both bets are escrowed again, and round 2 is played', async () => {
    const { alice, bob, room, aliceSocket, bobSocket } = await readyRoom(5);
    const first = nextEvent<MatchFinishedDto>(aliceSocket, 'match:finished', () => true, 8000);
    await startMatch(aliceSocket, bobSocket, room.id);
    await first;
    expect(await balanceCents(testApp.databaseUrl, alice.user.id)).toBe(10_000n);
    const escrowBefore = await escrowCents(testApp.databaseUrl);

    // Not ready in a finished room; Play Again only when finished.
    expect(await request<Ack<null>>(aliceSocket, 'match:ready', { room_id: room.id })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_STATE' },
    });
    const readyState = nextEvent<RoomStateDto>(
      bobSocket,
      'room:state',
      (state) => state.phase === 'ready' && state.room.round === 2,
    );
    expect(await request<Ack<null>>(aliceSocket, 'match:play_again', { room_id: room.id })).toEqual({
      ok: true,
      data: null,
    });
    expect(await balanceCents(testApp.databaseUrl, alice.user.id)).toBe(10_000n);
    expect(await request<Ack<null>>(bobSocket, 'match:play_again', { room_id: room.id })).toEqual({
      ok: true,
      data: null,
    });
    const state = await readyState;
    expect(state.room).toMatchObject({ status: 'ready', round: 2 });
    expect(await balanceCents(testApp.databaseUrl, alice.user.id)).toBe(9_500n);
    expect(await balanceCents(testApp.databaseUrl, bob.user.id)).toBe(9_500n);
    expect((await escrowCents(testApp.databaseUrl)) - escrowBefore).toBe(1_000n);
    await expectMoneyConsistent(testApp.databaseUrl);

    const second = nextEvent<MatchFinishedDto>(aliceSocket, 'match:finished', () => true, 8000);
    const countdown = await startMatch(aliceSocket, bobSocket, room.id);
    const result = (await second).result;
    expect(result).toMatchObject({ round: 2, outcome: 'tie', seed_hash: countdown.seed_hash });
    expect(await balanceCents(testApp.databaseUrl, alice.user.id)).toBe(10_000n);
    await expectMoneyConsistent(testApp.databaseUrl);
  });

  it('Play Again when a player cannot afford it: nothing is escrowed, they are told Insufficient balance', async () => {
    const { alice, bob, room, aliceSocket, bobSocket } = await readyRoom(50);
    const first = nextEvent<MatchFinishedDto>(aliceSocket, 'match:finished', () => true, 8000);
    await startMatch(aliceSocket, bobSocket, room.id);
    await first;
    // Bob spends his money elsewhere.
    const withdraw = await testApp.app.inject({
      method: 'POST',
      url: '/api/transactions/withdraw',
      headers: bearer(bob.accessToken),
      payload: { amount: 60, payment_method: 'card' },
    });
    expect(withdraw.statusCode).toBe(202);
    const before = [
      await balanceCents(testApp.databaseUrl, alice.user.id),
      await balanceCents(testApp.databaseUrl, bob.user.id),
    ];
    const bobError = nextEvent<RealtimeErrorDto>(
      bobSocket,
      'app:error',
      (error) => error.code === 'INSUFFICIENT_BALANCE',
    );
    await request(bobSocket, 'match:play_again', { room_id: room.id });
    const ack = await request<Ack<null>>(aliceSocket, 'match:play_again', { room_id: room.id });
    expect(ack).toMatchObject({ ok: false, error: { code: 'INSUFFICIENT_BALANCE' } });
    expect((await bobError).message).toBe(VALIDATION_MESSAGES.insufficientBalance);
    expect([
      await balanceCents(testApp.databaseUrl, alice.user.id),
      await balanceCents(testApp.databaseUrl, bob.user.id),
    ]).toEqual(before);
    await expectMoneyConsistent(testApp.databaseUrl);
  });

  it('settles exactly once when 100 settlement attempts race the match itself', async () => {
    const { alice, bob, room, aliceSocket, bobSocket } = await readyRoom(5);
    const finished = nextEvent<MatchFinishedDto>(aliceSocket, 'match:finished', () => true, 8000);
    await startMatch(aliceSocket, bobSocket, room.id);
    const settlement = testApp.app.get(MatchSettlementService);
    const attempts = await Promise.all(
      Array.from({ length: 100 }, (_unused, index) =>
        settlement.closeRound(room.id, 1, {
          outcome: index % 2 === 0 ? 'player1' : 'player2',
          reason: 'forfeit',
          scores: [0, 0],
          displayScores: [0, 0],
          flags: [0, 0],
          durationMs: 1,
          inputLog: [],
        }),
      ),
    );
    const winners = attempts.filter((closed) => closed !== null);
    expect(winners).toHaveLength(1);
    const settled = await sql<{ n: number }>(
      testApp.databaseUrl,
      `SELECT count(*)::int AS n FROM ledger_transactions WHERE room_id = $1 AND idempotency_key LIKE '%:settle'`,
      [room.id],
    );
    expect(settled[0].n).toBe(1);
    // The live match notices at its own end and shows the stored result instead of settling again.
    const result = (await finished).result;
    expect(['player1', 'player2']).toContain(result.outcome);
    const total =
      (await balanceCents(testApp.databaseUrl, alice.user.id)) + (await balanceCents(testApp.databaseUrl, bob.user.id));
    expect(total).toBe(20_000n);
    await expectMoneyConsistent(testApp.databaseUrl);
  });

  it('spectators (guests) get scores and chat but cannot chat or emote; chat is trimmed, limited and kept for late joiners', async () => {
    const { room, aliceSocket, bobSocket } = await readyRoom(5);
    // Two guest sessions (a room counts viewers, not sockets: decision 1002).
    const guest = await connectSocket(testApp.app, { guestId: 'guest_first1' });
    sockets.push(guest);
    await watchRoom(guest, room.id);
    const guestChat = collect<ChatMessageDto>(guest, 'chat:message');

    expect(await request<Ack<null>>(guest, 'chat:send', { room_id: room.id, message: 'hi' })).toEqual({
      ok: false,
      error: { code: 'GUEST_CHAT', message: 'Sign up to chat with other players!', event: 'chat:send' },
    });
    expect(await request<Ack<null>>(guest, 'chat:emote', { room_id: room.id, emote: 'fire' })).toEqual({
      ok: false,
      error: { code: 'GUEST_EMOTE', message: 'Sign up to use emotes!', event: 'chat:emote' },
    });
    // Without an ack the refusal arrives as app:error.
    const guestError = nextEvent<RealtimeErrorDto>(guest, 'app:error');
    guest.emit('chat:send', { room_id: room.id, message: 'no ack' });
    expect((await guestError).message).toBe('Sign up to chat with other players!');

    const message = nextEvent<ChatMessageDto>(bobSocket, 'chat:message');
    expect(await request<Ack<null>>(aliceSocket, 'chat:send', { room_id: room.id, message: '  good luck!  ' })).toEqual(
      {
        ok: true,
        data: null,
      },
    );
    expect(await message).toMatchObject({ message: 'good luck!', isEmote: false, emote: null, room_id: room.id });
    expect(await request<Ack<null>>(aliceSocket, 'chat:send', { room_id: room.id, message: '   ' })).toEqual({
      ok: true,
      data: null,
    });
    expect(
      await request<Ack<null>>(aliceSocket, 'chat:send', { room_id: room.id, message: 'x'.repeat(201) }),
    ).toMatchObject({
      ok: false,
      error: { code: 'INVALID_PAYLOAD', message: 'Messages can be at most 200 characters' },
    });
    const emote = nextEvent<ChatMessageDto>(guest, 'chat:message', (chat) => chat.isEmote);
    expect(await request<Ack<null>>(bobSocket, 'chat:emote', { room_id: room.id, emote: 'fire' })).toEqual({
      ok: true,
      data: null,
    });
    expect(await emote).toMatchObject({ message: '🔥', emote: 'fire', isEmote: true });
    expect(await request<Ack<null>>(bobSocket, 'chat:emote', { room_id: room.id, emote: 'poop' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_PAYLOAD' },
    });
    await eventually(() => guestChat.length === 2, 2000, 'guest chat');
    expect(guestChat.map((chat) => chat.message)).toEqual(['good luck!', '🔥']);

    // The chat bucket: 5 at once, then refused with the spec's 429 message.
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(await request<Ack<null>>(bobSocket, 'chat:send', { room_id: room.id, message: `m${i}` }));
    const limited = answers.filter((answer) => !answer.ok);
    expect(limited.length).toBeGreaterThanOrEqual(1);
    expect(limited[0]).toMatchObject({
      ok: false,
      error: { code: 'RATE_LIMITED', message: 'Too many requests. Please try again later.' },
    });

    const late = await connectSocket(testApp.app, { guestId: 'guest_late01' });
    sockets.push(late);
    const joined = await watchRoom(late, room.id);
    expect(joined.chat.map((chat) => chat.message).slice(0, 2)).toEqual(['good luck!', '🔥']);
    expect(joined.presence.spectators).toBe(2);
  });

  it('pushes lobby events: created, joined, started, finished, closed', async () => {
    const lobby = await connect();
    expect(await request<Ack<null>>(lobby, 'lobby:subscribe', {})).toEqual({ ok: true, data: null });
    const events = collect<LobbyRoomEventDto>(lobby, 'lobby:room');
    const { room, aliceSocket, bobSocket, alice } = await readyRoom(5);
    const finished = nextEvent<MatchFinishedDto>(aliceSocket, 'match:finished', () => true, 8000);
    await startMatch(aliceSocket, bobSocket, room.id);
    await finished;
    const other = await createRoom(alice, 1);
    await testApp.app.inject({
      method: 'POST',
      url: `/api/rooms/${other.id}/leave`,
      headers: bearer(alice.accessToken),
    });
    await eventually(
      () => events.some((event) => event.room.id === other.id && event.kind === 'closed'),
      3000,
      'lobby closed event',
    );
    const kinds = events.filter((event) => event.room.id === room.id).map((event) => event.kind);
    for (const kind of ['created', 'joined', 'started', 'finished'] as const) expect(kinds).toContain(kind);
    expect(events.find((event) => event.kind === 'started' && event.room.id === room.id)?.room.status).toBe('playing');
  });

  it('features the live room with the most spectators', async () => {
    const quiet = await readyRoom(2);
    const watched = await readyRoom(3);
    const guest = await connect();
    await watchRoom(guest, watched.room.id);
    const quietDone = nextEvent<MatchFinishedDto>(quiet.aliceSocket, 'match:finished', () => true, 8000);
    const watchedDone = nextEvent<MatchFinishedDto>(watched.aliceSocket, 'match:finished', () => true, 8000);
    await startMatch(watched.aliceSocket, watched.bobSocket, watched.room.id);
    await startMatch(quiet.aliceSocket, quiet.bobSocket, quiet.room.id);
    const featured = (await testApp.app.inject({ method: 'GET', url: '/api/rooms/featured' })).json<RoomDto>();
    expect(featured).toMatchObject({ id: watched.room.id, status: 'playing', spectators: 1 });
    const listed = (await testApp.app.inject({ method: 'GET', url: '/api/rooms?status=playing' })).json<RoomDto[]>();
    expect(listed.find((room) => room.id === watched.room.id)?.spectators).toBe(1);
    await Promise.all([quietDone, watchedDone]);
  });

  it('refuses requests for rooms a socket does not watch and malformed payloads', async () => {
    const { room, bob } = await readyRoom(5);
    const stranger = await connect(bob.accessToken);
    expect(await request<Ack<null>>(stranger, 'match:ready', { room_id: room.id })).toMatchObject({
      ok: false,
      error: { code: 'NOT_WATCHING' },
    });
    expect(await request<Ack<null>>(stranger, 'room:join', { room_id: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_PAYLOAD' },
    });
    expect(await request<Ack<null>>(stranger, 'room:join', 'text')).toMatchObject({
      ok: false,
      error: { code: 'INVALID_PAYLOAD' },
    });
    expect(await request<Ack<null>>(stranger, 'room:join', { room_id: 'room_missingmissing000000' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    const watcher = await playerWithBalance(testApp.app, 0);
    const spectator = await connect(watcher.accessToken);
    await watchRoom(spectator, room.id);
    expect(await request<Ack<null>>(spectator, 'match:ready', { room_id: room.id })).toMatchObject({
      ok: false,
      error: { code: 'NOT_IN_ROOM' },
    });
  });
});
