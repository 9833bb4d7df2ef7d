import { unlinkSync } from 'node:fs';

/**
 * The chaos build's fault points (replaces fault-hook.ts only in `SKILLDUEL_CHAOS_BUILD=1` builds; never imported by
 * name). The soak arms a kill by creating the file named by CHAOS_KILL_AFTER_COMMIT_FILE: the next idempotent money
 * transaction to COMMIT in any instance takes the file (unlink: exactly one instance wins) and SIGKILLs its own
 * process before the answer leaves, so the client's retry with the same Idempotency-Key must be answered from the
 * stored answer.
 */
export function afterMoneyCommit(): void {
  const armFile = process.env['CHAOS_KILL_AFTER_COMMIT_FILE'];
  if (!armFile) return;
  try {
    unlinkSync(armFile);
  } catch {
    return; // not armed, or another instance took it
  }
  process.stderr.write('chaos fault hook: SIGKILL after COMMIT\n');
  process.kill(process.pid, 'SIGKILL');
}
