// Shared by the benchmarks: a production build of SkillDuel on a throwaway embedded PostgreSQL.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort, startEmbeddedPostgres } from '../postgres/embedded.mjs';

export const root = resolve(fileURLToPath(import.meta.url), '../../..');

/** Builds api and web for production, unless BENCH_SKIP_BUILD=1 (bench:all builds once for every benchmark). */
export function buildOnce() {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  const build = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '-p', 'api,web', '--outputStyle=static'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (build.status !== 0) throw new Error('build failed');
}

async function waitFor(url, timeoutMs = 180_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer in time`);
}

/**
 * Starts PostgreSQL and one API process (more with `instances`) on it. Limits that exist to stop abuse are raised
 * so the benchmark measures the work, not the rate limiter. Returns the base URLs, the database URL and stop().
 * `apiMain`: another build's server (bench:web measures an older commit's dist/ as its baseline).
 */
export async function startStack({ env = {}, instances = 1, apiMain = join(root, 'dist/apps/api/main.js') } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'skillduel-bench-'));
  const postgres = await startEmbeddedPostgres({ dataDir });
  const servers = [];
  const baseUrls = [];
  for (let i = 0; i < instances; i++) {
    const port = await findFreePort();
    const server = spawn(
      process.execPath,
      [...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), apiMain],
      {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(port),
          DATABASE_URL: postgres.url,
          JWT_SECRET: 'bench-secret-bench-secret-bench-secret-000000',
          APP_BASE_URL: `http://127.0.0.1:${port}`,
          WEB_DIST_DIR: join(root, 'dist/apps/web'),
          LOG_LEVEL: 'info',
          RATE_LIMIT_PER_MINUTE: '100000000',
          AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '100000000',
          // Every benchmark client (thousands of spectators) connects from this machine (decision 1002).
          SOCKET_MAX_PER_IP: '100000',
          SOCKET_HANDSHAKES_PER_IP_PER_MINUTE: '1000000',
          ...env,
        },
        stdio: 'ignore',
      },
    );
    servers.push(server);
    baseUrls.push(`http://127.0.0.1:${port}`);
  }
  await Promise.all(baseUrls.map((url) => waitFor(`${url}/api/health`)));
  return {
    baseUrls,
    pids: servers.map((server) => server.pid),
    databaseUrl: postgres.url,
    async stop() {
      for (const server of servers) server.kill('SIGTERM');
      await Promise.all(
        servers.map((server) => new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)))),
      );
      await postgres.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
export const today = () => new Date().toISOString().slice(0, 10);

/** Resident set size of a process in bytes (Linux /proc). */
export function rssBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) * 1024 : NaN;
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The 1-, 5- and 15-minute load averages, printed before every run: a ratio taken on a busy machine says less. */
export const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

/**
 * One machine-readable line with a benchmark's headline figure, read by `npm run bench:all` to build its table:
 * `bench-result {"bench":…,"measure":…,"value":…,"goal":…,"met":…}`.
 */
export function reportResult(result) {
  console.log(`bench-result ${JSON.stringify({ ...result, loadAverage: loadAverage() })}`);
}
