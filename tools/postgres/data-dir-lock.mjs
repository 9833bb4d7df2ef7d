// One live launcher per DATA_DIR. The launcher (npm start, npm run dev, ledger:check, …) that runs the embedded
// PostgreSQL writes DATA_DIR/launcher.lock with its pid, the pids of the processes it started, and each process's
// start time (so a recycled pid is not mistaken for the launcher). A lock whose launcher is alive refuses a second
// launcher; a lock whose launcher is gone (SIGKILL, OOM, closed terminal) is stale: the new launcher takes over and
// stops what the old one left running.
import { closeSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const LOCK_FILE = 'launcher.lock';

/** Fields of /proc/<pid>/stat after the command name (state is [0], ppid [1], start time [19]); null off Linux. */
function procStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may itself contain spaces or parentheses.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** The kernel's start time of `pid` (clock ticks since boot); null off Linux or if gone. */
function processStartTime(pid) {
  return procStat(pid)?.[19] ?? null;
}

/** The parent pid of `pid`, or null. */
export function parentPid(pid) {
  const ppid = procStat(pid)?.[1];
  return ppid === undefined ? null : Number(ppid);
}

/** True while `pid` runs (a zombie, dead but not yet reaped by its parent, counts as gone). */
export function isAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if (error.code !== 'EPERM') return false;
  }
  return procStat(pid)?.[0] !== 'Z';
}

/** True when the process recorded as `{ pid, startTime }` is still that same process. */
function isSameProcessAlive(recorded) {
  if (!recorded || !isAlive(recorded.pid)) return false;
  const startTime = processStartTime(recorded.pid);
  return recorded.startTime == null || startTime == null || startTime === recorded.startTime;
}

function describe(pid) {
  return { pid, startTime: processStartTime(pid) };
}

function readLock(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Takes DATA_DIR's launcher lock for this process. Throws when another live launcher holds it. Returns
 * `{ stale, recordChild(pid), forgetChild(pid), release() }`: `stale` is the lock left by a launcher that is gone (its `children` may
 * still run), or null.
 */
export function acquireDataDirLock(dataDir) {
  const file = join(dataDir, LOCK_FILE);
  let stale = null;
  for (let attempt = 0; ; attempt++) {
    let fd;
    try {
      fd = openSync(file, 'wx', 0o644);
    } catch (error) {
      if (error.code !== 'EEXIST' || attempt >= 5) throw error;
      const owner = readLock(file);
      if (owner === null) {
        // Being written by a launcher that started a moment ago, or a torn file of a crash: look again shortly.
        if (attempt < 3) {
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
          continue;
        }
      } else if (owner.launcher?.pid !== process.pid && isSameProcessAlive(owner.launcher)) {
        throw new Error(
          `Another SkillDuel launcher (pid ${owner.launcher.pid}) is using ${dataDir}. Stop it or set DATA_DIR.`,
        );
      }
      stale = owner ?? stale;
      // Replace the stale lock atomically (rename), then claim it again with O_EXCL like everyone else.
      const aside = `${file}.stale-${process.pid}`;
      try {
        renameSync(file, aside);
        rmSync(aside, { force: true });
      } catch {
        // Another launcher moved it first; the next openSync decides between us.
      }
      continue;
    }
    const lock = { launcher: describe(process.pid), children: [] };
    writeSync(fd, JSON.stringify(lock));
    closeSync(fd);
    let released = false;
    const save = () => {
      writeFileSync(`${file}.tmp-${process.pid}`, JSON.stringify(lock));
      renameSync(`${file}.tmp-${process.pid}`, file);
    };
    return {
      stale,
      /** Records a process this launcher started, so a successor can stop it if this launcher dies. */
      recordChild(pid) {
        if (released || !pid) return;
        lock.children.push(describe(pid));
        save();
      },
      /** Drops a child that has exited (a restarted API server is recorded anew), so the lock names live ones only. */
      forgetChild(pid) {
        if (released || !lock.children.some((child) => child.pid === pid)) return;
        lock.children = lock.children.filter((child) => child.pid !== pid);
        save();
      },
      release() {
        if (released) return;
        released = true;
        if (readLock(file)?.launcher?.pid === process.pid) rmSync(file, { force: true });
      },
    };
  }
}

/** Sends `signal` to `pid` and waits up to `timeoutMs` for it to exit; true when it is gone. */
export async function signalAndWait(pid, signal, timeoutMs) {
  try {
    process.kill(pid, signal);
  } catch {
    return !isAlive(pid);
  }
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isAlive(pid);
}

/**
 * Stops the processes a dead launcher left running (its API server): SIGTERM, then SIGKILL after `graceMs`. Money
 * never depends on that server stopping gracefully (every movement is one transaction; rounds it ran are voided by
 * the recovery sweep), so the grace stays short: the user is waiting for `npm start`.
 */
export async function stopLeftoverChildren(stale, log, graceMs = 10_000) {
  for (const child of stale?.children ?? []) {
    if (!isSameProcessAlive(child)) continue;
    log(`stopping process ${child.pid} left running by a launcher that is gone`);
    if (!(await signalAndWait(child.pid, 'SIGTERM', graceMs))) {
      log(`process ${child.pid} did not stop within ${graceMs / 1000} s: SIGKILL`);
      await signalAndWait(child.pid, 'SIGKILL', 5_000);
    }
  }
}
