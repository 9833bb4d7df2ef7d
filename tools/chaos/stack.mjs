// The system under test: `tools/start.mjs` (production build, embedded PostgreSQL) on a throwaway DATA_DIR.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sleep } from './util.mjs';

export class Stack {
  constructor({ root, dataDir, port, env }) {
    this.root = root;
    this.dataDir = dataDir;
    this.port = port;
    this.env = env;
    this.baseUrl = `http://127.0.0.1:${port}`;
    this.launcher = null;
    this.log = join(dataDir, '..', `${dataDir.split('/').pop()}.log`);
    writeFileSync(this.log, '');
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
      if (lock?.launcher?.pid === this.launcher.pid && lock.children.length > 0 && (await this.healthy())) return;
      await sleep(200);
    }
    throw new Error(`the stack did not come back within ${timeoutMs} ms; see ${this.log}`);
  }

  async stop() {
    const launcher = this.launcher;
    if (!launcher || launcher.exitCode !== null || launcher.signalCode !== null) return;
    launcher.kill('SIGINT');
    await new Promise((resolveExit) => launcher.once('exit', resolveExit));
  }

  /** After a failure: whatever of this stack still runs is killed (launcher, its API server, the postmaster). */
  async kill() {
    const lock = this.lock();
    const pids = [this.launcher?.pid, ...(lock?.children ?? []).map((child) => child.pid), this.postmasterPid()];
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
