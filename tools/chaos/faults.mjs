// The seeded fault schedule and its injection: SIGKILL of the API server, of the launcher alone (the next start
// must stop what it left) and of the PostgreSQL postmaster (the launcher restarts it). The schedule is a pure
// function of the seed, so a failing seed replays the same faults at the same moments.
import { sleep } from './util.mjs';

/** At least 10 API kills (half of them through the launcher) and 2 postmaster kills, at seeded moments. */
export function faultSchedule(random, seconds) {
  const apiKills = Math.max(10, Math.round(seconds / 10));
  const postgresKills = Math.max(2, Math.round(seconds / 45));
  return [
    ...Array.from({ length: apiKills }, (_, n) => (n % 2 === 0 ? 'api' : 'launcher')),
    ...Array.from({ length: postgresKills }, () => 'postgres'),
  ]
    .map((kind) => ({ kind, atMs: 3000 + random.next() * (seconds * 1000 - 6000) }))
    .sort((a, b) => a.atMs - b.atMs);
}

export function newFaultStats() {
  return { kills: { api: 0, launcher: 0, postgres: 0 }, recoveriesMs: { api: [], launcher: [], postgres: [] } };
}

/** Injects `faults` (from `startedAt`) into `stack`, waiting for recovery after each. */
export async function injectFaults({ stack, faults, startedAt, faultStats }) {
  for (const fault of faults) {
    await sleep(Math.max(0, startedAt + fault.atMs - Date.now()));
    await stack.waitHealthy();
    const killedAt = Date.now();
    if (fault.kind === 'api' && stack.apiPid()) process.kill(stack.apiPid(), 'SIGKILL');
    else if (fault.kind === 'launcher') {
      const exited = new Promise((resolveExit) => stack.launcher.once('exit', resolveExit));
      stack.launcher.kill('SIGKILL');
      await exited;
    } else if (fault.kind === 'postgres' && stack.postmasterPid()) process.kill(stack.postmasterPid(), 'SIGKILL');
    else continue;
    faultStats.kills[fault.kind]++;
    // The supervised PostgreSQL restart (same API) or a new launcher; health checks in between see it down.
    await sleep(300);
    await stack.waitHealthy();
    faultStats.recoveriesMs[fault.kind].push(Date.now() - killedAt);
  }
}
