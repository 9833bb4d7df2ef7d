import type {
  Ack,
  ChatMessageDto,
  LobbyRoomEventDto,
  RealtimeErrorDto,
  RoomDto,
  RoomJoinedDto,
} from '@skillduel/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ChildProcess, spawn } from 'node:child_process';
import { bearer } from '../../test/auth-helpers';
import { createTestDatabase } from '../../test/test-app';
import { createAppOnDatabase } from '../../test/wallet-helpers';
import {
  ClientSocket,
  connectSocket,
  nextEvent,
  playerWithBalance,
  request,
  sleep,
} from '../rooms/testing/rooms-test-kit';
import { freePort, describeWithRedisServer } from '../../test/redis-server';

/**
 * Scale-out preparation (docs/decisions/0801): with REDIS_URL set, broadcasts made on one instance reach sockets
 * connected to another. Needs a local `redis-server` (a missing one fails the suite).
 */
describeWithRedisServer('realtime across instances (Redis adapter)', (redisServer) => {
  let redis: ChildProcess;
  let apps: NestFastifyApplication[] = [];
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    const port = await freePort();
    redis = spawn(redisServer, ['--port', String(port), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'], {
      stdio: 'ignore',
    });
    await sleep(300);
    const databaseUrl = await createTestDatabase();
    const env = {
      REDIS_URL: `redis://127.0.0.1:${port}`,
      WITHDRAWAL_PROCESSOR_ENABLED: 'false',
      RATE_LIMIT_PER_MINUTE: '100000',
      ROOM_SWEEP_INTERVAL_MS: '600000',
      SOCKET_SESSION_CHECK_INTERVAL_MS: '600000',
    };
    apps = [await createAppOnDatabase(databaseUrl, env), await createAppOnDatabase(databaseUrl, env)];
    for (const app of apps) await app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    for (const app of apps) await app.close();
    redis?.kill('SIGTERM');
  });

  it('a room created on instance A reaches a lobby subscriber on instance B; chat crosses instances', async () => {
    const [a, b] = apps;
    const lobbyOnB = await connectSocket(b);
    sockets.push(lobbyOnB);
    expect(await request<Ack<null>>(lobbyOnB, 'lobby:subscribe', {})).toEqual({ ok: true, data: null });
    const created = nextEvent<LobbyRoomEventDto>(lobbyOnB, 'lobby:room', (event) => event.kind === 'created');

    const player = await playerWithBalance(a, 20);
    const response = await a.inject({
      method: 'POST',
      url: '/api/rooms',
      headers: bearer(player.accessToken),
      payload: { game_id: 'number-rush', bet_amount: 2 },
    });
    const room = response.json<RoomDto>();
    expect((await created).room.id).toBe(room.id);

    const onA = await connectSocket(a, { token: player.accessToken });
    const onB = await connectSocket(b);
    sockets.push(onA, onB);
    for (const socket of [onA, onB]) {
      expect((await request<Ack<RoomJoinedDto>>(socket, 'room:join', { room_id: room.id })).ok).toBe(true);
    }
    const chat = nextEvent<ChatMessageDto>(onB, 'chat:message');
    await request(onA, 'chat:send', { room_id: room.id, message: 'across instances' });
    expect((await chat).message).toBe('across instances');
  });

  it('a session revoked on instance A has its socket on instance B cut at once', async () => {
    const [a, b] = apps;
    const player = await playerWithBalance(a, 0);
    const onB = await connectSocket(b, { token: player.accessToken });
    sockets.push(onB);
    const revoked = nextEvent<RealtimeErrorDto>(onB, 'app:error', (error) => error.code === 'SESSION_REVOKED', 3000);
    const gone = new Promise<string>((resolve) => onB.once('disconnect', resolve));
    const logout = await a.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(player.accessToken) });
    expect(logout.statusCode).toBe(200);
    // SOCKET_SESSION_CHECK_INTERVAL_MS is 10 minutes here: only the pushed revocation can cut it this fast.
    expect((await revoked).message).toBe('Your session has ended. Please sign in again.');
    expect(await gone).toBe('io server disconnect');
  });
});
