import type { Ack, RealtimeErrorDto, RoomJoinedDto } from '@skillduel/contracts';
import { REALTIME_LIMITS } from '@skillduel/contracts';
import { bearer, registerUser } from '../../test/auth-helpers';
import { createTestApp, TestApp } from '../../test/test-app';
import {
  appUrl,
  ClientSocket,
  connectSocket,
  eventually,
  nextEvent,
  playerWithBalance,
  request,
} from '../rooms/testing/rooms-test-kit';
import { isOriginAllowed } from './realtime-io.adapter';

function disconnected(socket: ClientSocket, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket was not disconnected')), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

describe('isOriginAllowed', () => {
  const config = { CORS_ORIGINS: ['https://app.example'], APP_BASE_URL: 'https://skillduel.example' };
  it.each([
    [undefined, 'api.example', true],
    ['https://app.example', 'api.example', true],
    ['https://skillduel.example', 'other', true],
    ['http://localhost:3000', 'localhost:3000', true],
    ['https://evil.example', 'localhost:3000', false],
    ['null', 'localhost:3000', false],
    ['not a url', 'localhost:3000', false],
  ])('origin %s on host %s → %s', (origin, host, expected) => {
    expect(isOriginAllowed(origin, host, config)).toBe(expected);
  });
});

/** The socket transport: handshake auth, origin check, message size, rate limits, revoked sessions. */
describe('realtime gateway', () => {
  let testApp: TestApp;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    testApp = await createTestApp({
      WITHDRAWAL_PROCESSOR_ENABLED: 'false',
      RATE_LIMIT_PER_MINUTE: '100000',
      SOCKET_SESSION_CHECK_INTERVAL_MS: '100',
      CORS_ORIGINS: 'https://app.example',
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

  it('accepts guests (no token) and signed-in users; refuses a bad token with Authentication required', async () => {
    const guest = await connect();
    expect(guest.connected).toBe(true);
    const player = await registerUser(testApp.app);
    const signedIn = await connect({ token: player.accessToken });
    expect(signedIn.connected).toBe(true);
    await expect(connect({ token: 'garbage' })).rejects.toMatchObject({
      message: 'Authentication required',
      data: { code: 'UNAUTHORIZED' },
    });
    await expect(connect({ token: player.accessToken.slice(0, -2) + 'xx' })).rejects.toMatchObject({
      message: 'Authentication required',
    });
  });

  it('refuses a browser from a foreign origin; accepts the configured origin and the same host (both transports)', async () => {
    // The refusal itself, not any failure (a timeout would not do): engine.io answers a refused polling request 403
    // and aborts a refused websocket upgrade with 400, which is all a client sees of it.
    const refusals: Record<string, object> = {
      websocket: { type: 'TransportError', description: { message: 'Unexpected server response: 400' } },
      polling: { type: 'TransportError', description: 403 },
    };
    for (const transports of [['websocket'], ['polling']]) {
      await expect(connect({ transports, extraHeaders: { origin: 'https://evil.example' } })).rejects.toMatchObject(
        refusals[transports[0]],
      );
      const allowed = await connect({ transports, extraHeaders: { origin: 'https://app.example' } });
      expect(allowed.connected).toBe(true);
      const sameHost = await connect({ transports, extraHeaders: { origin: appUrl(testApp.app) } });
      expect(sameHost.connected).toBe(true);
    }
  });

  it('disconnects the sockets of a revoked session (and only those)', async () => {
    const player = await registerUser(testApp.app);
    const other = await registerUser(testApp.app);
    const socket = await connect({ token: player.accessToken });
    const otherSocket = await connect({ token: other.accessToken });
    const revoked = nextEvent<RealtimeErrorDto>(socket, 'app:error', (error) => error.code === 'SESSION_REVOKED');
    const gone = disconnected(socket);
    const logout = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(player.accessToken),
    });
    expect(logout.statusCode).toBe(200);
    expect((await revoked).message).toBe('Your session has ended. Please sign in again.');
    expect(await gone).toBe('io server disconnect');
    expect(otherSocket.connected).toBe(true);
    // The revoked token cannot connect again.
    await expect(connect({ token: player.accessToken })).rejects.toMatchObject({ message: 'Authentication required' });
  });

  it('rate-limits every event per socket with the spec message, and cuts off a client that keeps flooding', async () => {
    const flooder = await connect();
    const bystander = await connect();
    const errors: RealtimeErrorDto[] = [];
    flooder.on('app:error', (error) => errors.push(error));
    const gone = disconnected(flooder);
    for (let i = 0; i < REALTIME_LIMITS.control.burst + REALTIME_LIMITS.maxStrikes + 5; i++) {
      flooder.emit('lobby:subscribe', {});
    }
    expect(await gone).toBe('io server disconnect');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please try again later.',
      event: 'lobby:subscribe',
    });
    // Unknown events spend tokens too, and everybody else carries on.
    expect(await request<Ack<null>>(bystander, 'lobby:subscribe', {})).toEqual({ ok: true, data: null });
  });

  it('closes the connection of a client sending an oversized message; other clients are unaffected', async () => {
    const player = await playerWithBalance(testApp.app, 20);
    const room = await testApp.app.inject({
      method: 'POST',
      url: '/api/rooms',
      headers: bearer(player.accessToken),
      payload: { game_id: 'number-rush', bet_amount: 1 },
    });
    const roomId = room.json<{ id: string }>().id;
    const watcher = await connect({ token: player.accessToken });
    const joined = await request<Ack<RoomJoinedDto>>(watcher, 'room:join', { room_id: roomId });
    expect(joined.ok).toBe(true);
    const big = await connect();
    const gone = disconnected(big);
    big.emit('chat:send', { room_id: roomId, message: 'x'.repeat(REALTIME_LIMITS.maxMessageBytes * 2) });
    expect(await gone).toMatch(/transport close|transport error|parse error/);
    const chatted = await request<Ack<null>>(watcher, 'chat:send', { room_id: roomId, message: 'still here' });
    expect(chatted).toEqual({ ok: true, data: null });
    await eventually(() => watcher.connected, 1000, 'watcher connected');
  });
});
