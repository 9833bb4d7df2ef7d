// Keeps `npm start`'s API server running: a server that dies without being asked to stop (SIGKILL, OOM, a crash) is
// started again after a pause that doubles with each crash of a series (1 s, 2 s, 4 s ... at most 30 s). A server that
// ran for API_RESTART_STABLE_SECONDS before it died was healthy: its death starts a new series. When
// API_RESTART_MAX_CRASHES crashes fall within API_RESTART_WINDOW_SECONDS the launcher gives up and says so: the
// caller stops PostgreSQL and exits non-zero, so that an outside supervisor (systemd, Docker restart=on-failure)
// sees a failure. A configuration error (exit code 78) is not retried: it would fail the same way every time.
import { spawn } from 'node:child_process';

const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;
const EX_CONFIG = 78;

/** Restart limits from the launcher's environment (whole numbers, at least 1); throws on a bad value. */
export function restartPolicyFromEnv(env) {
  const read = (name, fallback) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!/^[1-9]\d*$/.test(raw)) throw new Error(`${name} must be a whole number of at least 1 (got "${raw}")`);
    return Number(raw);
  };
  return {
    maxCrashes: read('API_RESTART_MAX_CRASHES', 5),
    windowMs: read('API_RESTART_WINDOW_SECONDS', 300) * 1000,
    stableMs: read('API_RESTART_STABLE_SECONDS', 60) * 1000,
  };
}

/**
 * Runs `node <apiMain>` and restarts it per `policy`. `onStart(pid)` / `onExit(pid)` keep the launcher lock in step.
 * Returns `{ stop(), finished }`: `stop()` (Ctrl-C, SIGTERM) sends SIGTERM to the server and cancels any pending
 * restart; `finished` resolves with the exit code the launcher should use: 0 after `stop()`, non-zero after giving up.
 */
export function superviseApi({ apiMain, cwd, env, policy, onStart = () => undefined, onExit = () => undefined }) {
  const say = (message) => console.error(`launcher: ${message}`);
  let server = null;
  let restartTimer = null;
  let stopping = false;
  /** Start times of the crashes of the current series. */
  let crashesAt = [];
  let finish;
  const finished = new Promise((resolveFinished) => (finish = resolveFinished));

  const start = () => {
    restartTimer = null;
    const startedAt = Date.now();
    const child = spawn(process.execPath, ['--enable-source-maps', apiMain], { cwd, env, stdio: 'inherit' });
    server = child;
    onStart(child.pid);
    child.once('exit', (code, signal) => {
      onExit(child.pid);
      server = null;
      if (stopping) {
        finish(0);
        return;
      }
      const how = signal ? `killed by ${signal}` : `exit code ${code}`;
      if (code === EX_CONFIG) {
        say(`the API server stopped on a configuration error (${how}); not restarting it (see the message above)`);
        finish(EX_CONFIG);
        return;
      }
      const now = Date.now();
      if (now - startedAt >= policy.stableMs) crashesAt = [];
      crashesAt = [...crashesAt.filter((at) => now - at < policy.windowMs), now];
      if (crashesAt.length >= policy.maxCrashes) {
        say(
          `GIVING UP: the API server died ${crashesAt.length} times within ${policy.windowMs / 1000} s ` +
            `(last: ${how}); stopping. Fix the cause above and run npm start again.`,
        );
        finish(code || 1);
        return;
      }
      const delayMs = Math.min(FIRST_DELAY_MS * 2 ** (crashesAt.length - 1), MAX_DELAY_MS);
      say(
        `the API server died unexpectedly (${how}); restarting it in ${delayMs / 1000} s ` +
          `(crash ${crashesAt.length} of at most ${policy.maxCrashes} within ${policy.windowMs / 1000} s)`,
      );
      restartTimer = setTimeout(start, delayMs);
    });
  };

  start();
  return {
    finished,
    stop() {
      if (stopping) return;
      stopping = true;
      if (restartTimer) {
        clearTimeout(restartTimer);
        restartTimer = null;
        finish(0);
      } else server?.kill('SIGTERM');
    },
  };
}
