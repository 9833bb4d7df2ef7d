import type { Ack, ChatMessageDto, RealtimeErrorDto, RoomDto } from '@skillduel/contracts';
import { REALTIME_MESSAGES } from '@skillduel/contracts';
import { bearer, randomIp, registerUser } from '../../test/auth-helpers';
import { createTestApp, TestApp } from '../../test/test-app';
import {
  ClientSocket,
  collect,
  connectSocket,
  eventually,
  nextEvent,
  playerWithBalance,
  request,
  watchRoom,
} from '../rooms/testing/rooms-test-kit';
import { RealtimeServer } from './realtime.server';

/**
 * Resolves once the server has said its last word on a connected socket: either it disconnected it, or it answered a
 * harmless acked event. The server's own packets arrive in order, so a disconnect decided at connection time always
 * comes before that answer, and afterwards `socket.connected` is final (no sleep that hopes it is).
 */
function settled(socket: ClientSocket): Promise<void> {
  if (!socket.connected) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      socket.off('disconnect', done);
      resolve();
    };
    socket.once('disconnect', done);
    void request(socket, 'lobby:unsubscribe').then(done);
  });
}

function disconnected(socket: ClientSocket, timeoutMs = 3000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket was not disconnected')), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** Socket hardening: revocations cut sockets at once; chat refuses control characters and text-direction marks. */
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
    // A round trip on the kept socket: a cut decided by the revocation would have arrived before this answer.
    await settled(keep);
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

  it('refuses chat messages with control characters or text-direction marks, overrides or isolates; nobody receives them', async () => {
    const player = await playerWithBalance(testApp.app, 20);
    const room = (
      await testApp.app.inject({
        method: 'POST',
        url: '/api/rooms',
        headers: bearer(player.accessToken),
        payload: { game_id: 'number-rush', bet_amount: 2 },
      })
    ).json<RoomDto>();
    const watcher = await connect();
    await watchRoom(watcher, room.id);
    const received = collect<ChatMessageDto>(watcher, 'chat:message');
    // Refusals count against the per-user chat allowance (5 at once): a few signed-in spectators share the sending.
    const senders: ClientSocket[] = [];
    for (let index = 0; index < 4; index++) {
      const sender = await connect({
        token: index === 0 ? player.accessToken : (await registerUser(testApp.app)).accessToken,
      });
      await watchRoom(sender, room.id);
      senders.push(sender);
    }
    const refused = [
      'hi\u0000there',
      'pay \u202Eeman',
      'a\u2066b\u2069',
      '\u202Ac',
      // An ESC sequence, C1 controls, a newline, the direction marks U+200E/U+200F and the Arabic letter mark U+061C.
      'red \u001b[31malert\u001b[0m',
      'a\u009b31mb',
      'next\u0085line',
      'line one\nline two',
      'a\u200eb',
      'pay 01\u200f',
      'a\u061cb',
    ];
    for (const [index, message] of refused.entries()) {
      const ack = await request<Ack<null>>(senders[Math.floor(index / 3)], 'chat:send', { room_id: room.id, message });
      expect([message, ack]).toEqual([
        message,
        {
          ok: false,
          error: { code: 'INVALID_PAYLOAD', message: REALTIME_MESSAGES.chatForbiddenCharacters, event: 'chat:send' },
        },
      ]);
    }
    const accepted = { room_id: room.id, message: 'gl hf ¡olé! مرحبا' };
    const delivered = nextEvent<ChatMessageDto>(watcher, 'chat:message', (chat) => chat.message === accepted.message);
    expect(await request<Ack<null>>(senders[3], 'chat:send', accepted)).toEqual({ ok: true, data: null });
    // The watcher receives the room's messages in the order the server sent them: once the accepted one is there,
    // any refused one that had been broadcast would be there too.
    await delivered;
    expect(received.map((message) => message.message)).toEqual(['gl hf ¡olé! مرحبا']);
  });
});

/**
 * Socket abuse limits (docs/product/operations.md#realtime-limits): socket caps per user and per IP, per-user chat
 * limits, handshake limits, distinct viewers.
 */
describe('socket abuse limits', () => {
  let testApp: TestApp;
  const sockets: ClientSocket[] = [];
  let ipCounter = 0;
  /** Each test connects from its own address (X-Forwarded-For behind TRUST_PROXY), so the per-IP counts are its own. */
  const newIp = () => `198.51.100.${++ipCounter}`;

  beforeAll(async () => {
    testApp = await createTestApp({
      WITHDRAWAL_PROCESSOR_ENABLED: 'false',
      RATE_LIMIT_PER_MINUTE: '100000',
      TRUST_PROXY: 'true',
      SOCKET_MAX_PER_USER: '3',
      SOCKET_MAX_PER_IP: '5',
      SOCKET_HANDSHAKES_PER_IP_PER_MINUTE: '12',
    });
    await testApp.app.listen(0, '127.0.0.1');
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => testApp.close());

  async function connect(ip: string, options: Parameters<typeof connectSocket>[1] = {}): Promise<ClientSocket> {
    const socket = await connectSocket(testApp.app, { ...options, extraHeaders: { 'x-forwarded-for': ip } });
    sockets.push(socket);
    return socket;
  }

  /** Closes a socket and waits until the server has let it go (the caps count open sockets). */
  async function closeAndSettle(socket: ClientSocket): Promise<void> {
    // The client's socket id is the server's; the server forgets a socket in the same step that releases its place.
    const socketId = socket.id as string;
    const realtime = testApp.app.get(RealtimeServer);
    socket.close();
    await eventually(() => realtime.localSocket(socketId) === undefined, 5000, `server to release socket ${socketId}`);
  }

  it('refuses a fourth socket of one user, even when they all connect at once; a closed one frees a place', async () => {
    const player = await registerUser(testApp.app);
    const ip = newIp();
    const attempts = await Promise.allSettled(
      Array.from({ length: 8 }, () => connect(ip, { token: player.accessToken })),
    );
    // A handshake that passed the middleware together with others may still be cut right after connecting.
    await Promise.all(sockets.map(settled));
    const open = sockets.filter((socket) => socket.connected);
    expect(open).toHaveLength(3);
    const refused = attempts.filter((attempt) => attempt.status === 'rejected');
    for (const attempt of refused) {
      expect((attempt as PromiseRejectedResult).reason).toMatchObject({
        message: REALTIME_MESSAGES.tooManyConnections,
        data: { code: 'TOO_MANY_CONNECTIONS' },
      });
    }
    // Another user from another address is not affected; a closed socket frees a place.
    const other = await registerUser(testApp.app);
    expect((await connect(newIp(), { token: other.accessToken })).connected).toBe(true);
    await closeAndSettle(open[0]);
    expect((await connect(ip, { token: player.accessToken })).connected).toBe(true);
  });

  it('refuses the sixth socket from one address, guests included; other addresses connect', async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i++) await connect(ip);
    await expect(connect(ip)).rejects.toMatchObject({ data: { code: 'TOO_MANY_CONNECTIONS' } });
    const player = await registerUser(testApp.app);
    await expect(connect(ip, { token: player.accessToken })).rejects.toMatchObject({
      data: { code: 'TOO_MANY_CONNECTIONS' },
    });
    expect((await connect(newIp())).connected).toBe(true);
  });

  it('counts handshakes per address: past the limit they are refused with the rate-limit wording', async () => {
    const ip = newIp();
    for (let i = 0; i < 12; i++) await closeAndSettle(await connect(ip));
    await expect(connect(ip)).rejects.toMatchObject({
      message: 'Too many requests. Please try again later.',
      data: { code: 'RATE_LIMITED' },
    });
    expect((await connect(newIp())).connected).toBe(true);
  });

  it('limits chat per user across all their sockets, and counts spectators as distinct viewers', async () => {
    const creator = await playerWithBalance(testApp.app, 20);
    const room = (
      await testApp.app.inject({
        method: 'POST',
        url: '/api/rooms',
        headers: bearer(creator.accessToken),
        payload: { game_id: 'number-rush', bet_amount: 2 },
      })
    ).json<RoomDto>();
    const spectator = await registerUser(testApp.app);
    const ip = newIp();
    const own = [];
    for (let i = 0; i < 3; i++) {
      const socket = await connect(ip, { token: spectator.accessToken });
      await watchRoom(socket, room.id);
      own.push(socket);
    }
    // Two tabs of one guest session, and two guests without one (counted by address: one more viewer).
    for (const options of [{ guestId: 'guest_abc123' }, { guestId: 'guest_abc123' }, {}, {}]) {
      await watchRoom(await connect('203.0.113.9', options), room.id);
    }
    const details = await testApp.app.inject({ method: 'GET', url: `/api/rooms/${room.id}` });
    expect(details.json<RoomDto>().spectators).toBe(3);

    // Five messages per socket from three sockets: one user's allowance (a burst of 5) is all that goes through.
    const acks = await Promise.all(
      own.flatMap((socket, index) =>
        Array.from({ length: 5 }, (_, n) =>
          request<Ack<null>>(socket, 'chat:send', { room_id: room.id, message: `s${index} m${n}` }),
        ),
      ),
    );
    const accepted = acks.filter((ack) => ack.ok).length;
    expect(accepted).toBeGreaterThanOrEqual(5);
    expect(accepted).toBeLessThanOrEqual(6);
    expect(acks.filter((ack) => !ack.ok)).toContainEqual({
      ok: false,
      error: { code: 'RATE_LIMITED', message: 'Too many requests. Please try again later.', event: 'chat:send' },
    });
  });
});
