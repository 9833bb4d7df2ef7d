import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';

/** Path of Debian's `redis-server`, or null when this machine has none. */
function findRedisServer(): string | null {
  try {
    return execFileSync('which', ['redis-server']).toString().trim() || null;
  } catch {
    return null;
  }
}

/**
 * A describe block for the multi-instance suites, which run a throwaway `redis-server` of their own. Without one the
 * block still runs a single test that fails and says how to install it: a suite that quietly skips would let a run go
 * green without proving anything about several instances (the README lists redis-server as a test prerequisite).
 */
export function describeWithRedisServer(title: string, body: (redisServerPath: string) => void): void {
  const redisServerPath = findRedisServer();
  if (redisServerPath) {
    describe(title, () => body(redisServerPath));
    return;
  }
  describe(title, () => {
    it('needs redis-server', () => {
      throw new Error('`redis-server` is not installed: apt-get install -y redis-server (see the README)');
    });
  });
}

/** A free loopback TCP port for a test's own redis-server (or server process). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
