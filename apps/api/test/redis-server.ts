import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';

/** Path of Debian's `redis-server` (CI installs it), or null when this machine has none. */
export function redisServerPath(): string | null {
  try {
    return execFileSync('which', ['redis-server']).toString().trim() || null;
  } catch {
    return null;
  }
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
