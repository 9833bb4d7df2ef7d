import type {
  Ack,
  ChatMessageDto,
  MatchFinishedDto,
  MatchInputAckDto,
  MatchResultEventDto,
  MatchScoresDto,
  MatchViewDto,
  RoomDto,
  RoomPresenceDto,
} from '@skillduel/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { NumberRushView, PlayerView } from '@skillduel/games';
import { bearer, RegisteredUser } from '../../test/auth-helpers';
import { createTestDatabase } from '../../test/test-app';
import { createAppOnDatabase } from '../../test/wallet-helpers';
import {
  balanceCents,
  ClientSocket,
  collect,
  connectSocket,
  eventually,
  expectMoneyConsistent,
  nextEvent,
  numberRushAnswer,
  playerWithBalance,
  request,
  thinkAboutNumberRush,
  watchRoom,
} from './testing/rooms-test-kit';
import { RedisServer, startRedisServer } from '../../test/child-server';
import { describeWithRedisServer } from '../../test/redis-server';

const TIME_LIMIT_MS = 2500;

/**
 * Scale-out (docs/decisions/0801): two API instances on one PostgreSQL and one Redis. The room is run by
 * the instance that loaded it first; the other instance forwards its sockets' requests there, and the owner's
 * broadcasts reach every instance through the Redis adapter.
 */
describeWithRedisServer('rooms across two instances (Redis)', (redisServer) => {
  let redis: RedisServer;
  let databaseUrl: string;
  let apps: NestFastifyApplication[] = [];
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    redis = await startRedisServer(redisServer);
    databaseUrl = await createTestDatabase();
    const env = {
      REDIS_URL: redis.url,
      WITHDRAWAL_PROCESSOR_ENABLED: 'false',
      RATE_LIMIT_PER_MINUTE: '100000',
      ROOM_SWEEP_INTERVAL_MS: '600000',
      MATCH_COUNTDOWN_MS: '100',
      MATCH_TIME_LIMIT_OVERRIDE_MS: String(TIME_LIMIT_MS),
    };
    apps = [await createAppOnDatabase(databaseUrl, env), await createAppOnDatabase(databaseUrl, env)];
    for (const app of apps) await app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    for (const app of apps) await app.close();
    await redis?.stop();
  });

  async function connect(app: NestFastifyApplication, token?: string): Promise<ClientSocket> {
    const socket = await connectSocket(app, token ? { token } : {});
    sockets.push(socket);
    return socket;
  }

  async function lobby(app: NestFastifyApplication): Promise<Array<{ id: string; spectators: number }>> {
    const rooms = (await app.inject({ method: 'GET', url: '/api/rooms' })).json<RoomDto[]>();
    return rooms.map((room) => ({ id: room.id, spectators: room.spectators })).sort((x, y) => x.id.localeCompare(y.id));
  }

  it('players on different instances play a full match; a spectator on the other instance sees scores and chat', async () => {
    const [a, b] = apps;
    const alice: RegisteredUser = await playerWithBalance(a, 100);
    const bob: RegisteredUser = await playerWithBalance(b, 100);
    const created = await a.inject({
      method: 'POST',
      url: '/api/rooms',
      headers: bearer(alice.accessToken),
      payload: { game_id: 'number-rush', bet_amount: 5 },
    });
    expect(created.statusCode).toBe(201);
    const room = created.json<RoomDto>();
    const joinedOverRest = await b.inject({
      method: 'POST',
      url: `/api/rooms/${room.id}/join`,
      headers: bearer(bob.accessToken),
      payload: {},
    });
    expect(joinedOverRest.statusCode).toBe(200);

    // Alice (instance A) loads the room first: A owns it. Bob and the spectator are on B.
    const aliceSocket = await connect(a, alice.accessToken);
    const bobSocket = await connect(b, bob.accessToken);
    const guest = await connect(b);
    expect((await watchRoom(aliceSocket, room.id)).your_seat).toBe(0);
    const bobJoined = await watchRoom(bobSocket, room.id);
    expect(bobJoined.your_seat).toBe(1);
    expect(bobJoined.phase).toBe('ready');
    expect(bobJoined.presence.players.map((player) => player?.connected)).toEqual([true, true]);
    const presence = nextEvent<RoomPresenceDto>(aliceSocket, 'room:presence', (event) => event.spectators === 1);
    expect((await watchRoom(guest, room.id)).your_seat).toBeNull();
    await presence;

    // The lobby on both instances shows the same rooms with the same spectator count.
    await eventually(
      async () => {
        const [onA, onB] = [await lobby(a), await lobby(b)];
        return (
          JSON.stringify(onA) === JSON.stringify(onB) &&
          onA.some((entry) => entry.id === room.id && entry.spectators === 1)
        );
      },
      5000,
      'the same lobby on both instances',
    );

    // Chat from the player on A reaches the spectator on B, and from B reaches A.
    const chatOnGuest = nextEvent<ChatMessageDto>(guest, 'chat:message', (message) => message.message === 'gl hf');
    expect(await request<Ack<null>>(aliceSocket, 'chat:send', { room_id: room.id, message: 'gl hf' })).toMatchObject({
      ok: true,
    });
    expect((await chatOnGuest).username).toBe(alice.user.username);
    const chatOnAlice = nextEvent<ChatMessageDto>(
      aliceSocket,
      'chat:message',
      (message) => message.message === 'you too',
    );
    expect(await request<Ack<null>>(bobSocket, 'chat:send', { room_id: room.id, message: 'you too' })).toMatchObject({
      ok: true,
    });
    await chatOnAlice;
    const emoteOnGuest = nextEvent<ChatMessageDto>(guest, 'chat:message', (message) => message.isEmote);
    expect(await request<Ack<null>>(bobSocket, 'chat:emote', { room_id: room.id, emote: 'thumbs_up' })).toMatchObject({
      ok: true,
    });
    await emoteOnGuest;
    // A guest on B is refused by the owner's rules (forwarded or not).
    const guestChat = await request<Ack<null>>(guest, 'chat:send', { room_id: room.id, message: 'hi' });
    expect(guestChat.ok).toBe(false);

    const guestScores = collect<MatchScoresDto>(guest, 'match:scores');
    const guestFinished = nextEvent<MatchFinishedDto>(guest, 'match:finished', () => true, 10_000);
    const aliceResult = nextEvent<MatchResultEventDto>(aliceSocket, 'match:result', () => true, 10_000);
    const bobResult = nextEvent<MatchResultEventDto>(bobSocket, 'match:result', () => true, 10_000);
    const bobFirstView = nextEvent<MatchViewDto>(bobSocket, 'match:view');
    const started = nextEvent(guest, 'match:started');
    expect(await request<Ack<null>>(aliceSocket, 'match:ready', { room_id: room.id })).toEqual({
      ok: true,
      data: null,
    });
    expect(await request<Ack<null>>(bobSocket, 'match:ready', { room_id: room.id })).toEqual({ ok: true, data: null });
    await started;

    // Bob (on B) answers two questions correctly, each at a human pace: his inputs are forwarded to A, which runs
    // the match.
    let view = (await bobFirstView).view as PlayerView<NumberRushView>;
    for (let i = 0; i < 2; i++) {
      await thinkAboutNumberRush(view);
      const nextView = nextEvent<MatchViewDto>(bobSocket, 'match:view');
      const ack = await request<Ack<MatchInputAckDto>>(bobSocket, 'match:input', {
        room_id: room.id,
        input: { type: 'answer', value: numberRushAnswer(view) },
      });
      expect(ack).toMatchObject({ ok: true, data: { accepted: true, outcome: { kind: 'scored', points: 10 } } });
      view = (await nextView).view as PlayerView<NumberRushView>;
    }

    const finished = await guestFinished;
    expect(finished.result.outcome).toBe('player2');
    expect((await aliceResult).result.winner).toBe('opponent');
    expect((await bobResult).result.winner).toBe('player');
    // The spectator on B saw Bob's live score move while the match ran on A.
    expect(guestScores.some((scores) => scores.display_scores[1] > 0)).toBe(true);

    expect(await balanceCents(databaseUrl, bob.user.id)).toBeGreaterThan(10_000n);
    expect(await balanceCents(databaseUrl, alice.user.id)).toBe(9_500n);
    await expectMoneyConsistent(databaseUrl);
  });

  it('a disconnect on the forwarding instance reaches the owner (presence and spectator count)', async () => {
    const [a, b] = apps;
    const owner = await playerWithBalance(a, 20);
    const response = await a.inject({
      method: 'POST',
      url: '/api/rooms',
      headers: bearer(owner.accessToken),
      payload: { game_id: 'number-rush', bet_amount: 1 },
    });
    const room = response.json<RoomDto>();
    const ownerSocket = await connect(a, owner.accessToken);
    await watchRoom(ownerSocket, room.id);
    const spectator = await connect(b);
    const counted = nextEvent<RoomPresenceDto>(ownerSocket, 'room:presence', (event) => event.spectators === 1);
    await watchRoom(spectator, room.id);
    await counted;
    const gone = nextEvent<RoomPresenceDto>(ownerSocket, 'room:presence', (event) => event.spectators === 0);
    spectator.close();
    await gone;
    await expectMoneyConsistent(databaseUrl);
  });

  it('a hundred spectators joining at once through both instances all get the room (none is refused INTERNAL)', async () => {
    const [a, b] = apps;
    const owner = await playerWithBalance(a, 20);
    const room = (
      await a.inject({
        method: 'POST',
        url: '/api/rooms',
        headers: bearer(owner.accessToken),
        payload: { game_id: 'number-rush', bet_amount: 1 },
      })
    ).json<RoomDto>();
    await watchRoom(await connect(a, owner.accessToken), room.id);
    const crowd = await Promise.all(Array.from({ length: 100 }, (_, i) => connect(i % 2 === 0 ? b : a)));
    const answers = await Promise.all(
      crowd.map((socket) => request<Ack<unknown>>(socket, 'room:join', { room_id: room.id })),
    );
    const refused = answers.filter((answer) => !answer.ok);
    expect(refused).toEqual([]);
    // Every answer is the room's state from its owner (guests from one address count once: decision 1002).
    expect(answers.every((answer) => answer.ok && (answer.data as { room: RoomDto }).room.id === room.id)).toBe(true);
    for (const socket of crowd) socket.close();
  });
});
