// The system under test: `tools/start.mjs` (production build, embedded PostgreSQL) on a throwaway DATA_DIR; with
// `instances: 2` a second API server on the same database, both behind a real redis-server (REDIS_URL), started and
// restarted by the soak itself (after a launcher restart the embedded PostgreSQL listens on a new port).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sleep } from './util.mjs';

export const STOP_TIMEOUT_MS = 30_000;

export class Stack {
  constructor({ root, dataDir, port, env, apiMain, second = null }) {
    this.root = root;
    this.dataDir = dataDir;
    this.port = port;
    this.env = env;
    this.apiMain = apiMain;
    this.baseUrl = `http://127.0.0.1:${port}`;
    this.launcher = null;
    /** `{ port }` of the second instance (CHAOS_INSTANCES=2), its process and the database URL it was started on. */
    this.second = second;
    this.baseUrls = [this.baseUrl, ...(second ? [`http://127.0.0.1:${second.port}`] : [])];
    this.log = join(dataDir, '..', `${dataDir.split('/').pop()}.log`);
    writeFileSync(this.log, '');
  }

  /** A line of the soak's own in the stack's log, with the time. */
  note(text) {
    writeFileSync(this.log, `${new Date().toISOString()} ${text}\n`, { flag: 'a' });
  }

  start({ build = false } = {}) {
    const env = { ...process.env, ...this.env, DATA_DIR: this.dataDir, PORT: String(this.port), HOST: '127.0.0.1' };
    delete env.DATABASE_URL;
    const args = [join(this.root, 'tools/start.mjs'), ...(build ? [] : ['--no-build'])];
    const child = spawn(process.execPath, args, { cwd: this.root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => writeFileSync(this.log, chunk, { flag: 'a' }));
    child.stderr.on('data', (chunk) => writeFileSync(this.log, chunk, { flag: 'a' }));
    this.launcher = child;
  }

  lock() {
    try {
      return JSON.parse(readFileSync(join(this.dataDir, 'launcher.lock'), 'utf8'));
    } catch {
      return null;
    }
  }

  /** The API server the launcher started (its only recorded child), or null. */
  apiPid() {
    return this.lock()?.children[0]?.pid ?? null;
  }

  /** Every API server's pid (the launcher's, and the second instance's when it runs). */
  apiPids() {
    const pids = [this.apiPid()];
    if (this.second?.process && this.second.process.exitCode === null && this.second.process.signalCode === null) {
      pids.push(this.second.process.pid);
    }
    return pids.filter(Boolean);
  }

  databaseUrl() {
    try {
      const port = readFileSync(join(this.dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[3];
      return `postgres://postgres:postgres@127.0.0.1:${port}/skillduel`;
    } catch {
      return null;
    }
  }

  /** The second API server on the launcher's database, configured as the launcher configures its own. */
  startSecond(databaseUrl) {
    const env = {
      ...process.env,
      ...this.env,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: readFileSync(join(this.dataDir, 'jwt-secret'), 'utf8').trim(),
      PORT: String(this.second.port),
      HOST: '127.0.0.1',
      WEB_DIST_DIR: join(this.root, 'dist/apps/web'),
      APP_BASE_URL: `http://localhost:${this.second.port}`,
    };
    const child = spawn(process.execPath, ['--enable-source-maps', this.apiMain], {
      cwd: this.root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => writeFileSync(this.log, chunk, { flag: 'a' }));
    child.stderr.on('data', (chunk) => writeFileSync(this.log, chunk, { flag: 'a' }));
    this.second.process = child;
    this.second.databaseUrl = databaseUrl;
  }

  async secondHealthy() {
    const { process: child, databaseUrl } = this.second;
    if (!child || child.exitCode !== null || child.signalCode !== null || databaseUrl !== this.databaseUrl()) {
      if (child && child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL'); // still on the old database port: a launcher restart moved PostgreSQL
        await new Promise((resolveExit) => child.once('exit', resolveExit));
      }
      if (existsSync(join(this.dataDir, 'jwt-secret')) && this.databaseUrl()) this.startSecond(this.databaseUrl());
      return false;
    }
    try {
      const response = await fetch(`${this.baseUrls[1]}/api/health`, { signal: AbortSignal.timeout(2000) });
      return response.ok;
    } catch {
      return false;
    }
  }

  postmasterPid() {
    try {
      return Number(readFileSync(join(this.dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);
    } catch {
      return null;
    }
  }

  async healthy() {
    try {
      const response = await fetch(`${this.baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      return response.ok;
    } catch {
      return false;
    }
  }

  /** Until this launcher's own API answers /api/health ok; restarts the launcher if it exited. */
  async waitHealthy(timeoutMs = 180_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.launcher.exitCode !== null || this.launcher.signalCode !== null) this.start();
      const lock = this.lock();
      const launcherUp =
        lock?.launcher?.pid === this.launcher.pid && lock.children.length > 0 && (await this.healthy());
      if (launcherUp && (!this.second || (await this.secondHealthy()))) return;
      await sleep(200);
    }
    throw new Error(`the stack did not come back within ${timeoutMs} ms; see ${this.log}`);
  }

  async stop() {
    const second = this.second?.process;
    if (second && second.exitCode === null && second.signalCode === null) {
      second.kill('SIGTERM');
      await new Promise((resolveExit) => second.once('exit', resolveExit));
    }
    const launcher = this.launcher;
    if (!launcher || launcher.exitCode !== null || launcher.signalCode !== null) return 0;
    // Ctrl-C: the launcher SIGTERMs its API server and stops PostgreSQL after it. How long that takes is reported
    // (and checked); a stack that does not stop within STOP_TIMEOUT_MS is killed so the checks can still run.
    const stoppingAt = Date.now();
    const exited = new Promise((resolveExit) => launcher.once('exit', resolveExit));
    launcher.kill('SIGINT');
    const stopped = await Promise.race([exited.then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)]);
    if (!stopped) {
      writeFileSync(this.log, `chaos: the stack did not stop within ${STOP_TIMEOUT_MS} ms of SIGINT; killing it\n`, {
        flag: 'a',
      });
      await this.kill();
      return Infinity;
    }
    return Date.now() - stoppingAt;
  }

  /** After a failure: whatever of this stack still runs is killed (launcher, its API server, the postmaster). */
  async kill() {
    const lock = this.lock();
    const pids = [
      this.launcher?.pid,
      ...(lock?.children ?? []).map((child) => child.pid),
      this.second?.process?.pid,
      this.postmasterPid(),
    ];
    for (const pid of pids) {
      try {
        if (pid) process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await sleep(500);
  }
}
