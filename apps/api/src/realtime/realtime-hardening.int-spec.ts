import type { Ack, ChatMessageDto, RealtimeErrorDto, RoomDto } from '@skillduel/contracts';
import { REALTIME_MESSAGES } from '@skillduel/contracts';
import { bearer, randomIp, registerUser } from '../../test/auth-helpers';
import { createTestApp, TestApp } from '../../test/test-app';
import {
  ClientSocket,
  collect,
  connectSocket,
  nextEvent,
  playerWithBalance,
  request,
  sleep,
  watchRoom,
} from '../rooms/testing/rooms-test-kit';

function disconnected(socket: ClientSocket, timeoutMs = 3000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket was not disconnected')), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** Socket hardening of issue 14 (finding 8): revocations cut sockets at once; chat refuses NUL and bidi overrides. */
describe('realtime hardening', () => {
  let testApp: TestApp;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    testApp = await createTestApp({
      WITHDRAWAL_PROCESSOR_ENABLED: 'false',
      RATE_LIMIT_PER_MINUTE: '100000',
      // The periodic check would only catch a revocation after 10 minutes: the cut must be pushed.
      SOCKET_SESSION_CHECK_INTERVAL_MS: '600000',
    });
    await testApp.app.listen(0, '127.0.0.1');
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => testApp.close());

  async function connect(options: Parameters<typeof connectSocket>[1] = {}): Promise<ClientSocket> {
    const socket = await connectSocket(testApp.app, options);
    sockets.push(socket);
    return socket;
  }

  it('cuts the sockets of a session the moment it is revoked (logout), not on the next periodic check', async () => {
    const player = await registerUser(testApp.app);
    const socket = await connect({ token: player.accessToken });
    const revoked = nextEvent<RealtimeErrorDto>(socket, 'app:error', (error) => error.code === 'SESSION_REVOKED', 3000);
    const gone = disconnected(socket);
    const logout = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(player.accessToken),
    });
    expect(logout.statusCode).toBe(200);
    expect((await revoked).message).toBe(REALTIME_MESSAGES.sessionRevoked);
    expect(await gone).toBe('io server disconnect');
  });

  it('revoking other sessions cuts their sockets and keeps the caller’s; signing out everywhere cuts the rest', async () => {
    const player = await registerUser(testApp.app);
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: player.user.email, password: player.password },
      remoteAddress: randomIp(),
    });
    expect(login.statusCode).toBe(200);
    const second = login.json<{ access_token: string; refresh_token: string }>();
    const keep = await connect({ token: player.accessToken });
    const other = await connect({ token: second.access_token });
    const otherGone = disconnected(other);
    const revokeOthers = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sessions/revoke-all',
      headers: bearer(player.accessToken),
    });
    expect(revokeOthers.statusCode).toBe(200);
    expect(await otherGone).toBe('io server disconnect');
    await sleep(100);
    expect(keep.connected).toBe(true);

    const keepGone = disconnected(keep);
    const everywhere = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/logout-all',
      headers: bearer(player.accessToken),
    });
    expect(everywhere.statusCode).toBe(200);
    expect(await keepGone).toBe('io server disconnect');
  });

  it('refuses chat messages with NUL or bidirectional override characters; nobody receives them', async () => {
    const player = await playerWithBalance(testApp.app, 20);
    const room = (
      await testApp.app.inject({
        method: 'POST',
        url: '/api/rooms',
        headers: bearer(player.accessToken),
        payload: { game_id: 'number-rush', bet_amount: 2 },
      })
    ).json<RoomDto>();
    const socket = await connect({ token: player.accessToken });
    const watcher = await connect();
    await watchRoom(socket, room.id);
    await watchRoom(watcher, room.id);
    const received = collect<ChatMessageDto>(watcher, 'chat:message');
    for (const message of ['hi\u0000there', 'pay \u202Eeman', 'a\u2066b\u2069', '\u202Ac']) {
      const ack = await request<Ack<null>>(socket, 'chat:send', { room_id: room.id, message });
      expect(ack).toEqual({
        ok: false,
        error: {
          code: 'INVALID_PAYLOAD',
          message: REALTIME_MESSAGES.chatForbiddenCharacters,
          event: 'chat:send',
        },
      });
    }
    expect(await request<Ack<null>>(socket, 'chat:send', { room_id: room.id, message: 'gl hf ¡olé! مرحبا' })).toEqual({
      ok: true,
      data: null,
    });
    await sleep(100);
    expect(received.map((message) => message.message)).toEqual(['gl hf ¡olé! مرحبا']);
  });
});
