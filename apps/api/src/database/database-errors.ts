import { QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { pgErrorCode } from './sql';

/** Socket errors of a database that cannot be reached (refused, reset, unreachable, name not resolved). */
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is there but cannot serve: class 08 (connection exception), 57P01 admin_shutdown,
 * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, recovering after a crash), 53300 too_many_connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What node-postgres says when a connection dies or cannot be made in time (these errors carry no code). */
const CONNECTION_LOST_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

/**
 * True when `error` means "the database cannot be reached right now" rather than "this request is wrong": the API
 * answers 503 DATABASE_UNAVAILABLE, and the pool connects again by itself once the database is back.
 * Looks through TypeORM's QueryFailedError (`driverError`), `cause` and AggregateError (`errors`: Node tries every
 * address of `localhost`).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  // TypeORM releases a transaction's query runner as soon as its connection reports an error (the server went away
  // between two statements); the transaction's next statement or its COMMIT then throws one of these, before
  // anything reaches the server: nothing was committed. (Our code never uses a manager after its transaction ends:
  // that would fail every time, in the tests.)
  if (error instanceof QueryRunnerProviderAlreadyReleasedError || error instanceof QueryRunnerAlreadyReleasedError) {
    return true;
  }
  const code = pgErrorCode(error);
  if (code && (NETWORK_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08'))) {
    return true;
  }
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && CONNECTION_LOST_MESSAGES.some((known) => message.startsWith(known))) return true;
  const nested = error as { driverError?: unknown; cause?: unknown; errors?: unknown };
  if (isDatabaseUnavailable(nested.driverError, depth + 1) || isDatabaseUnavailable(nested.cause, depth + 1)) {
    return true;
  }
  return Array.isArray(nested.errors) && nested.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}
