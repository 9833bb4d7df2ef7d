import type { Ack, GameRoomViewDto, RoomDto, RoomJoinedDto } from '@skillduel/contracts';
import { HTTP_ERROR_MESSAGES, REALTIME_ERROR_CODES, ROOM_ERROR_CODES } from '@skillduel/contracts';
import { bearer, type RegisteredUser } from '../../test/auth-helpers';
import { createTestApp, TestApp } from '../../test/test-app';
import {
  ClientSocket,
  connectSocket,
  nextEvent,
  playerWithBalance,
  request,
  watchRoom,
} from './testing/rooms-test-kit';

/**
 * Private rooms (decision 2350): a private room shows outsiders (signed in or guests) only its lobby card; they
 * may not watch it, over REST (spectate) or the socket (`room:join`), so its live state and chat stay with its players.
 */
describe('private rooms: what outsiders see (real PostgreSQL)', () => {
  let testApp: TestApp;
  const sockets: ClientSocket[] = [];
  const PASSWORD = 'secret-pw1';

  const post = (url: string, accessToken: string | null, payload: Record<string, unknown> = {}) =>
    testApp.app.inject({ method: 'POST', url, headers: accessToken ? bearer(accessToken) : {}, payload });
  const get = (url: string, accessToken: string | null) =>
    testApp.app.inject({ method: 'GET', url, headers: accessToken ? bearer(accessToken) : {} });
  const socketOf = async (player: RegisteredUser | null): Promise<ClientSocket> => {
    const socket = await connectSocket(testApp.app, player ? { token: player.accessToken } : {});
    sockets.push(socket);
    return socket;
  };
  const joinAck = (socket: ClientSocket, roomId: string) =>
    request<Ack<RoomJoinedDto>>(socket, 'room:join', { room_id: roomId });

  beforeAll(async () => {
    testApp = await createTestApp({ WITHDRAWAL_PROCESSOR_ENABLED: 'false', RATE_LIMIT_PER_MINUTE: '100000' });
    await testApp.app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await testApp.close();
  });

  it('refuses spectate and room:join to outsiders and guests, shows them only the lobby card; players watch and chat', async () => {
    const [creator, joiner, outsider] = await Promise.all([
      playerWithBalance(testApp.app, 20),
      playerWithBalance(testApp.app, 20),
      playerWithBalance(testApp.app, 20),
    ]);
    const created = await post('/api/rooms', creator.accessToken, {
      game_id: 'number-rush',
      bet_amount: 5,
      is_private: true,
      password: PASSWORD,
    });
    expect(created.statusCode).toBe(201);
    const roomId = created.json<RoomDto>().id;
    const creatorSocket = await socketOf(creator);
    expect((await watchRoom(creatorSocket, roomId)).your_seat).toBe(0);
    expect((await post(`/api/rooms/${roomId}/join`, joiner.accessToken, { password: PASSWORD })).statusCode).toBe(200);
    const joinerSocket = await socketOf(joiner);
    expect((await watchRoom(joinerSocket, roomId)).your_seat).toBe(1);
    const chatSeen = nextEvent<{ message: string }>(joinerSocket, 'chat:message');
    expect((await request<Ack<unknown>>(creatorSocket, 'chat:send', { room_id: roomId, message: 'gl hf' })).ok).toBe(
      true,
    );
    expect((await chatSeen).message).toBe('gl hf');

    for (const who of [outsider, null]) {
      // Before: 200 with the view, and room:join answered the state, the seats and the chat.
      const spectate = await post(`/api/rooms/${roomId}/spectate`, who?.accessToken ?? null);
      expect(spectate.statusCode).toBe(403);
      expect(spectate.json()).toMatchObject({ code: ROOM_ERROR_CODES.privateRoom, detail: HTTP_ERROR_MESSAGES[403] });

      const socket = await socketOf(who);
      const ack = await joinAck(socket, roomId);
      expect(ack).toMatchObject({
        ok: false,
        error: { code: REALTIME_ERROR_CODES.privateRoom, message: HTTP_ERROR_MESSAGES[403] },
      });
      expect(ack.ok ? null : Object.keys(ack)).toEqual(['ok', 'error']);
      // Not watching: the room's chat does not reach this socket, and its requests are refused.
      const chat = await request<Ack<unknown>>(socket, 'chat:send', { room_id: roomId, message: 'hi' });
      expect(chat.ok).toBe(false);

      const view = await get(`/api/rooms/${roomId}`, who?.accessToken ?? null);
      expect(view.statusCode).toBe(200);
      expect(view.json<GameRoomViewDto>()).toMatchObject({
        id: roomId,
        isPrivate: true,
        status: 'ready',
        current_players: 2,
        player1: { username: creator.user.username },
        your_seat: null,
        seed_hash: null,
        last_result: null,
        expires_at: null,
      });
    }
    // The players see the whole view, and no outsider is counted as watching.
    const own = (await get(`/api/rooms/${roomId}`, creator.accessToken)).json<GameRoomViewDto>();
    expect(own.your_seat).toBe(0);
    expect(own.expires_at).not.toBeNull();
    expect(own.spectators).toBe(0);
    expect((await post(`/api/rooms/${roomId}/spectate`, joiner.accessToken)).statusCode).toBe(200);
  });

  it('a public room stays open to everyone to watch', async () => {
    const [creator, outsider] = await Promise.all([
      playerWithBalance(testApp.app, 20),
      playerWithBalance(testApp.app, 20),
    ]);
    const roomId = (
      await post('/api/rooms', creator.accessToken, { game_id: 'number-rush', bet_amount: 5 })
    ).json<RoomDto>().id;
    expect((await post(`/api/rooms/${roomId}/spectate`, null)).statusCode).toBe(200);
    expect((await watchRoom(await socketOf(outsider), roomId)).your_seat).toBeNull();
    expect((await watchRoom(await socketOf(null), roomId)).your_seat).toBeNull();
  });
});
