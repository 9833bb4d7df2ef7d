import type { AuthResponse, MatchViewDto, RoomDto } from '@skillduel/contracts';
import { ChildProcess, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { resolve } from 'node:path';
import { createClient } from 'redis';
import { ClientSocket, connectSocket, nextEvent, request, watchRoom } from '../src/rooms/testing/rooms-test-kit';
import { freePort } from './redis-server';
import { createTestDatabase } from './test-app';

/** What every child server runs with unless the test overrides it. */
export const CHILD_SERVER_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: '/nonexistent-web-dist',
  JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
  WITHDRAWAL_PROCESSOR_ENABLED: 'false',
  RATE_LIMIT_PER_MINUTE: '100000',
  MATCH_COUNTDOWN_MS: '50',
  MATCH_TIME_LIMIT_OVERRIDE_MS: '60000',
  // Every simulated client connects from 127.0.0.1 (decision 1002).
  SOCKET_MAX_PER_IP: '100000',
  SOCKET_HANDSHAKES_PER_IP_PER_MINUTE: '1000000',
};

export interface ChildServer {
  child: ChildProcess;
  baseUrl: string;
  /** Resolves when the process has exited (whatever the reason). */
  exited: Promise<void>;
  /** Sends the signal and resolves once the process is gone. */
  stop(signal: NodeJS.Signals): Promise<void>;
}

/**
 * The real API in a child process (apps/api/src/rooms/testing/server-process.cjs), so a test can SIGKILL or SIGTERM
 * it mid-match. `env` is added to CHILD_SERVER_ENV; DATABASE_URL is required. Resolves once it listens.
 */
export function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  const child = fork(resolve(__dirname, '../src/rooms/testing/server-process.cjs'), [], {
    env: { ...process.env, ...CHILD_SERVER_ENV, ...env },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return new Promise((resolveStart, reject) => {
    child.once('message', (message: { port: number }) =>
      resolveStart({ child, baseUrl: `http://127.0.0.1:${message.port}`, exited, stop }),
    );
    child.once('exit', (code, signal) => reject(new Error(`server process exited (${code ?? signal}): ${stderr}`)));
  });
}

/** Kills whatever is still running of these servers (afterEach / afterAll). */
export async function killAll(servers: Array<ChildServer | undefined>): Promise<void> {
  await Promise.all(servers.map((server) => (server ? server.stop('SIGKILL') : Promise.resolve())));
}

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
  /** SIGSTOP: the server keeps its connections open but answers nothing (a stalled Redis). */
  pause(): void;
  /** SIGCONT after `pause`. */
  resume(): void;
  /** SIGKILL, then a new, EMPTY redis-server on the same port (clients reconnect to it as they would in production). */
  restart(): Promise<void>;
}

/** One redis-server process on `port`; resolves once it accepts connections. */
async function spawnRedis(redisServerPath: string, port: number): Promise<ChildProcess> {
  const child = spawn(
    redisServerPath,
    ['--port', String(port), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  await new Promise<void>((resolveReady, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 10_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/ready to accept connections/i.test(output)) {
        clearTimeout(timer);
        child.stdout?.removeAllListeners('data');
        child.stdout?.resume();
        resolveReady();
      }
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
  });
  return child;
}

function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  child.kill('SIGCONT');
  child.kill(signal);
  return exited;
}

/** A throwaway redis-server (no persistence) on a free loopback port; resolves once it answers. */
export async function startRedisServer(redisServerPath: string): Promise<RedisServer> {
  const port = await freePort();
  let child = await spawnRedis(redisServerPath, port);
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () => stopProcess(child, 'SIGTERM'),
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    restart: async () => {
      await stopProcess(child, 'SIGKILL');
      child = await spawnRedis(redisServerPath, port);
    },
  };
}

/** One HTTP request on its own connection; resolves with the status and body, or the connection error's code. */
export function hit(
  baseUrl: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: string } | { error: string }> {
  const url = new URL(path, baseUrl);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolveHit) => {
    const req = httpRequest(
      url,
      {
        method,
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolveHit({ status: res.statusCode ?? 0, body: text }));
        res.on('error', (error: NodeJS.ErrnoException) => resolveHit({ error: error.code ?? error.message }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolveHit({ error: error.code ?? error.message }));
    if (payload) req.write(payload);
    req.end();
  });
}

/** A request that must succeed (status < 300): its JSON body. */
export async function call<T>(
  baseUrl: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const answer = await hit(baseUrl, method, path, token, body);
  if ('error' in answer || answer.status >= 300) throw new Error(`${method} ${path}: ${JSON.stringify(answer)}`);
  return (answer.body ? JSON.parse(answer.body) : null) as T;
}

/** A player registered over HTTP with `dollars` deposited (usernames start with `prefix`). */
export async function richPlayer(baseUrl: string, prefix: string, dollars = 100): Promise<AuthResponse> {
  const suffix = randomBytes(5).toString('hex');
  const password = `Pw-${randomBytes(8).toString('hex')}`;
  const auth = await call<AuthResponse>(baseUrl, 'POST', '/api/auth/register', undefined, {
    username: `${prefix}_${suffix}`,
    email: `${prefix}_${suffix}@example.test`,
    password,
    confirmPassword: password,
  });
  await call(baseUrl, 'PUT', '/api/users/me/eligibility', auth.access_token, {
    date_of_birth: '1990-05-17',
    country: 'MX',
    accept_terms: true,
  });
  await call(baseUrl, 'POST', '/api/transactions/deposit', auth.access_token, {
    amount: dollars,
    payment_method: 'card',
  });
  return auth;
}

/**
 * Two fresh players in a $5 number-rush room on one child server, both watching over sockets and both ready: resolves
 * once play has started (Alice got her first view). With `bobBaseUrl` (another instance on the same database and
 * Redis), Bob plays there: Alice watches first, so her instance owns the room and Bob's requests are forwarded to it.
 * The caller closes the sockets.
 */
export async function startLiveMatch(baseUrl: string, prefix: string, bobBaseUrl = baseUrl) {
  const alice = await richPlayer(baseUrl, prefix);
  const bob = await richPlayer(bobBaseUrl, prefix);
  const room = await call<RoomDto>(baseUrl, 'POST', '/api/rooms', alice.access_token, {
    game_id: 'number-rush',
    bet_amount: 5,
  });
  await call(bobBaseUrl, 'POST', `/api/rooms/${room.id}/join`, bob.access_token, {});
  const aliceSocket: ClientSocket = await connectSocket(baseUrl, { token: alice.access_token });
  const bobSocket: ClientSocket = await connectSocket(bobBaseUrl, { token: bob.access_token });
  for (const socket of [aliceSocket, bobSocket]) await watchRoom(socket, room.id);
  const view = nextEvent<MatchViewDto>(aliceSocket, 'match:view', () => true, 10_000);
  await request(aliceSocket, 'match:ready', { room_id: room.id });
  await request(bobSocket, 'match:ready', { room_id: room.id });
  await view;
  return { alice, bob, room, aliceSocket, bobSocket };
}

/** Two API instances (child processes) on one fresh database and one throwaway redis-server. */
export interface TwoInstances {
  redis: RedisServer;
  /** A client of the same Redis, to read the cluster's keys (`skillduel:rooms:owner:<roomId>`, …). */
  redisClient: ReturnType<typeof createClient>;
  databaseUrl: string;
  servers: ChildServer[];
  /** Resumes paused servers, kills both, stops Redis. */
  stop(): Promise<void>;
}

async function startTwoInstances(redisServerPath: string, env: Record<string, string>): Promise<TwoInstances> {
  const redis = await startRedisServer(redisServerPath);
  const redisClient = createClient({ url: redis.url });
  // Tests that stop or restart Redis make this client fail and reconnect: an 'error' without a listener would throw.
  redisClient.on('error', () => undefined);
  await redisClient.connect();
  const databaseUrl = await createTestDatabase();
  const servers = await Promise.all(
    [0, 1].map(() => startChildServer({ ...env, DATABASE_URL: databaseUrl, REDIS_URL: redis.url })),
  );
  return {
    redis,
    redisClient,
    databaseUrl,
    servers,
    stop: async () => {
      for (const server of servers) server.child.kill('SIGCONT');
      redis.resume();
      await killAll(servers);
      await redisClient.quit().catch(() => undefined);
      await redis.stop();
    },
  };
}

/**
 * For a describe block: two instances started before its tests and stopped after them (the sockets the tests push
 * to `sockets` are closed first). Read `cluster` inside the tests.
 */
export function twoInstancesForSuite(redisServerPath: string, env: Record<string, string>) {
  const suite = { cluster: undefined as unknown as TwoInstances, sockets: [] as ClientSocket[] };
  beforeAll(async () => {
    suite.cluster = await startTwoInstances(redisServerPath, env);
  }, 60_000);
  afterAll(async () => {
    for (const socket of suite.sockets.splice(0)) socket.close();
    await suite.cluster?.stop();
  }, 30_000);
  return suite;
}
