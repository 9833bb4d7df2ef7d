// The seeded fault schedule and its injection. The schedule is a pure function of the seed, so a failing seed
// replays the same faults at the same moments (the processes they hit are picked by the same generator):
// - `api`: SIGKILL of an API server (the launcher starts it again, decision 2351; the second instance is
//   restarted by the soak);
// - `launcher`: SIGKILL of the launcher alone (the next start must stop what it left);
// - `postgres`: SIGKILL of the PostgreSQL postmaster (the launcher restarts it, the API's pool reconnects);
// - `pause`: SIGSTOP of an API server for longer than the socket heartbeat, then SIGCONT;
// - `commit`: the chaos build's fault hook armed: the next idempotent money transaction to COMMIT kills its process
//   before it answers, so the client's retry must be answered from the stored answer.
import { existsSync, unlinkSync, writeFileSync } from 'node:fs';
import { sleep } from './util.mjs';

/**
 * At least 10 API kills (3 or more of them right after a COMMIT, the others half through the launcher), 2 postmaster
 * kills and 2 pauses.
 */
export function faultSchedule(random, seconds) {
  const commitKills = Math.max(3, Math.round(seconds / 20));
  const apiKills = Math.max(10, Math.round(seconds / 10)) - commitKills;
  const postgresKills = Math.max(2, Math.round(seconds / 45));
  const pauses = Math.max(2, Math.round(seconds / 30));
  return [
    ...Array.from({ length: apiKills }, (_, n) => (n % 2 === 0 ? 'api' : 'launcher')),
    ...Array.from({ length: postgresKills }, () => 'postgres'),
    ...Array.from({ length: pauses }, () => 'pause'),
    ...Array.from({ length: commitKills }, () => 'commit'),
  ]
    .map((kind) => ({ kind, atMs: 3000 + random.next() * (seconds * 1000 - 6000), pick: random.next() }))
    .sort((a, b) => a.atMs - b.atMs);
}

export function newFaultStats() {
  const kinds = ['api', 'launcher', 'postgres', 'pause', 'commit'];
  return {
    kills: Object.fromEntries(kinds.map((kind) => [kind, 0])),
    recoveriesMs: Object.fromEntries(kinds.map((kind) => [kind, []])),
    commitUnfired: 0,
  };
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Injects `faults` (from `startedAt`) into `stack`, waiting for recovery after each. */
export async function injectFaults({ stack, faults, startedAt, faultStats, pauseMs, armFile }) {
  for (const fault of faults) {
    await sleep(Math.max(0, startedAt + fault.atMs - Date.now()));
    faultStats.step = `waiting for health before ${fault.kind}`;
    await stack.waitHealthy();
    faultStats.step = `${fault.kind} at ${Math.round(fault.atMs)} ms`;
    const apiPids = stack.apiPids();
    const target = apiPids[Math.floor(fault.pick * apiPids.length)];
    const faultAt = Date.now();
    // In the stack's log too, so that a refusal or an error there can be set against the faults.
    stack.note(`chaos fault: ${fault.kind} (pid ${fault.kind === 'launcher' ? stack.launcher?.pid : target})`);
    if (fault.kind === 'api' && target) process.kill(target, 'SIGKILL');
    else if (fault.kind === 'launcher') {
      const exited = new Promise((resolveExit) => stack.launcher.once('exit', resolveExit));
      stack.launcher.kill('SIGKILL');
      await exited;
    } else if (fault.kind === 'postgres' && stack.postmasterPid()) process.kill(stack.postmasterPid(), 'SIGKILL');
    else if (fault.kind === 'pause' && target) {
      process.kill(target, 'SIGSTOP');
      await sleep(pauseMs);
      process.kill(target, 'SIGCONT');
    } else if (fault.kind === 'commit') {
      writeFileSync(armFile, String(fault.atMs));
      const deadline = Date.now() + 15_000;
      while (existsSync(armFile) && Date.now() < deadline) await sleep(20);
      if (existsSync(armFile)) {
        unlinkSync(armFile); // no money transaction committed meanwhile
        faultStats.commitUnfired++;
        continue;
      }
      while (apiPids.every(alive) && Date.now() < deadline + 5000) await sleep(20);
    } else continue;
    faultStats.kills[fault.kind]++;
    // The supervised PostgreSQL restart (same API) or a new launcher; health checks in between see it down.
    faultStats.step = `recovering from ${fault.kind}`;
    await sleep(300);
    await stack.waitHealthy();
    faultStats.recoveriesMs[fault.kind].push(Date.now() - faultAt);
  }
}
