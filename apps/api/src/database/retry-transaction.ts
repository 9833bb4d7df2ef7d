import type { DataSource, EntityManager } from 'typeorm';
import { PG_DEADLOCK_DETECTED, PG_SERIALIZATION_FAILURE, pgErrorCode } from './sql';

/** A money transaction that loses a deadlock or serialization race runs this many times in all before it gives up. */
const TRANSACTION_MAX_ATTEMPTS = 5;
/** Backoff before attempt n+1: a random wait in [half, full] of min(BASE · 2^(n-1), MAX), so racers spread out. */
const BACKOFF_BASE_MS = 5;
const BACKOFF_MAX_MS = 80;

/**
 * True for the errors PostgreSQL raises when it rolled a transaction back only because of a concurrent one
 * (40P01 deadlock_detected, 40001 serialization_failure): running the same transaction again is correct and
 * usually succeeds.
 */
function isTransactionConflict(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code === PG_DEADLOCK_DETECTED || code === PG_SERIALIZATION_FAILURE;
}

export interface RetryOptions {
  maxAttempts?: number;
  /** Called before each retry (metrics, tests). */
  onRetry?: (error: unknown, failedAttempt: number) => void;
}

/**
 * Runs `attempt` and, when it fails with a deadlock or serialization failure, runs it again after a small jittered
 * backoff, up to `maxAttempts` times in all; other errors (and the last conflict) are thrown as they are.
 *
 * `attempt` must be one whole database transaction whose failure rolled everything back: a retry starts from
 * scratch, so nothing it did may outlive the rollback (no in-memory state changed, no message sent before COMMIT).
 */
export async function retryOnTransactionConflict<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const maxAttempts = options.maxAttempts ?? TRANSACTION_MAX_ATTEMPTS;
  for (let attemptNumber = 1; ; attemptNumber++) {
    try {
      return await attempt(attemptNumber);
    } catch (error) {
      if (!isTransactionConflict(error) || attemptNumber >= maxAttempts) throw error;
      options.onRetry?.(error, attemptNumber);
      await sleep(backoffMs(attemptNumber));
    }
  }
}

/**
 * `dataSource.transaction(work)`, retried as a whole on a deadlock or serialization failure (see
 * retryOnTransactionConflict): the one way money paths open their transactions.
 */
export function transactionWithRetry<T>(
  dataSource: DataSource,
  work: (manager: EntityManager) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  return retryOnTransactionConflict(() => dataSource.transaction(work), options);
}

function backoffMs(failedAttempt: number): number {
  const ceilingMs = Math.min(BACKOFF_BASE_MS * 2 ** (failedAttempt - 1), BACKOFF_MAX_MS);
  return ceilingMs / 2 + Math.random() * (ceilingMs / 2);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
