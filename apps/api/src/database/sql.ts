import type { Pool } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/** Anything that can run SQL: the DataSource's manager or a transaction's manager. */
export type SqlRunner = Pick<EntityManager, 'query'>;

/**
 * Runs a statement and returns its rows. TypeORM's `query()` answers UPDATE/DELETE with `[rows, count]`, so
 * statements that write and return rows are written as `WITH x AS (UPDATE ... RETURNING ...) SELECT * FROM x`.
 */
export async function queryRows<T>(runner: SqlRunner, sql: string, parameters: unknown[] = []): Promise<T[]> {
  const result: unknown = await runner.query(sql, parameters);
  if (!Array.isArray(result)) return [];
  return result as T[];
}

/**
 * Runs a hot, read-only statement outside any transaction as a named prepared statement on the pool's connection:
 * each connection parses and plans it once (pg keeps it per connection by name). For statements run on nearly every
 * request (the session check, the leaderboard page), where planning costs as much as executing.
 */
export async function preparedRows<T>(
  dataSource: DataSource,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const pool = (dataSource.driver as PostgresDriver).master as Pool;
  const result = await pool.query({ name, text, values });
  return result.rows as T[];
}

/** PostgreSQL error codes the money code reacts to. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_DEADLOCK_DETECTED = '40P01';
export const PG_SERIALIZATION_FAILURE = '40001';

/** The SQLSTATE of a driver error (TypeORM wraps pg errors in QueryFailedError, which keeps `code`). */
export function pgErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code ?? (error as { driverError?: { code?: unknown } }).driverError?.code;
  return typeof code === 'string' ? code : undefined;
}

/** True when the manager runs inside an open database transaction (so work can join it). */
export function inTransaction(manager: EntityManager | undefined): manager is EntityManager {
  return Boolean(manager?.queryRunner?.isTransactionActive);
}
