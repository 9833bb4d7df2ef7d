import { DataSource } from 'typeorm';
import { queryRows } from './sql';

/**
 * Runs `work` only if no other session holds the transaction-scoped advisory lock `key`: taken with
 * `pg_try_advisory_xact_lock` on a dedicated connection and held (no statement running, no snapshot kept) until
 * `work` ends. A crashed instance's connection closes and its lock goes with it. Answers `false` without running
 * `work` when another session holds it.
 */
export async function whileAdvisoryLockHeld(
  dataSource: DataSource,
  key: number,
  work: () => Promise<void>,
): Promise<boolean> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction();
    try {
      const rows = await queryRows<{ locked: boolean }>(
        runner.manager,
        `SELECT pg_try_advisory_xact_lock($1) AS locked`,
        [key],
      );
      if (!rows[0]?.locked) return false;
      await work();
      return true;
    } finally {
      // Nothing was written on this connection: ending the transaction only releases the lock.
      await runner.rollbackTransaction();
    }
  } finally {
    await runner.release();
  }
}
