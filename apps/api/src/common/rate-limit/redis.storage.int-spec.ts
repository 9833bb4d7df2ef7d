import { ChildProcess, spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { createClient } from 'redis';
import { RedisThrottlerStorage } from './redis.storage';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startRedis(): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const url = `redis://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 50; attempt++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return { url, process: child };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('redis-server did not start (apt-get install -y redis-server)');
}

describe('RedisThrottlerStorage (real redis-server)', () => {
  let redis: { url: string; process: ChildProcess };
  let first: RedisThrottlerStorage;
  let second: RedisThrottlerStorage;
  let prefix: string;
  /** Keys Redis has expired so far (keyspace notifications), and who waits for which. */
  let subscriber: ReturnType<typeof createClient>;
  let inspector: ReturnType<typeof createClient>;
  const expiredKeys = new Set<string>();
  const expiryWaiters = new Map<string, () => void>();

  /** Resolves when Redis itself expires `key`: the test waits for the expiry, not for a guess of how long it takes. */
  function expired(key: string): Promise<void> {
    if (expiredKeys.has(key)) return Promise.resolve();
    return new Promise((resolve) => expiryWaiters.set(key, resolve));
  }

  beforeAll(async () => {
    redis = await startRedis();
    // Two storages on one Redis, as two API instances would be.
    prefix = `test:${Date.now()}:`;
    first = new RedisThrottlerStorage(redis.url, prefix);
    second = new RedisThrottlerStorage(redis.url, prefix);
    inspector = createClient({ url: redis.url });
    await inspector.connect();
    subscriber = inspector.duplicate();
    await subscriber.connect();
    await subscriber.configSet('notify-keyspace-events', 'Ex');
    await subscriber.subscribe('__keyevent@0__:expired', (key) => {
      expiredKeys.add(key);
      expiryWaiters.get(key)?.();
    });
  });
  afterAll(async () => {
    await first.onApplicationShutdown();
    await second.onApplicationShutdown();
    await subscriber.quit();
    await inspector.quit();
    redis.process.kill();
  });

  it('shares one budget between instances and blocks past the limit', async () => {
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await first.increment('1.2.3.4', 60_000, 4, 60_000, 'default'));
    for (let i = 0; i < 2; i++) results.push(await second.increment('1.2.3.4', 60_000, 4, 60_000, 'default'));
    expect(results.map((r) => r.totalHits)).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((r) => r.isBlocked)).toEqual([false, false, false, false, true]);
    const blocked = await first.increment('1.2.3.4', 60_000, 4, 60_000, 'default');
    expect(blocked.isBlocked).toBe(true);
    expect(blocked.timeToBlockExpire).toBeGreaterThan(0);
    expect((await first.increment('5.6.7.8', 60_000, 4, 60_000, 'default')).isBlocked).toBe(false);
  });

  it('opens a new window after the ttl and lifts the block after its duration', async () => {
    // A window and a block of one second: long enough that the two hits always fall into one window, however
    // loaded the machine; the test then waits for Redis to expire both keys.
    const windowMs = 1000;
    const keys = [`${prefix}short:9.9.9.9:hits`, `${prefix}short:9.9.9.9:block`];
    const gone = keys.map(expired);
    await first.increment('9.9.9.9', windowMs, 1, windowMs, 'short');
    expect((await first.increment('9.9.9.9', windowMs, 1, windowMs, 'short')).isBlocked).toBe(true);
    // Both keys carry the given durations (so they are what ends the window and the block).
    for (const key of keys) {
      const leftMs = await inspector.pTTL(key);
      expect(leftMs).toBeGreaterThan(0);
      expect(leftMs).toBeLessThanOrEqual(windowMs);
    }
    await Promise.all(gone);
    const fresh = await second.increment('9.9.9.9', windowMs, 1, windowMs, 'short');
    expect(fresh).toMatchObject({ isBlocked: false, totalHits: 1 });
  });
});
