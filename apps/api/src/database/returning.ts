import type { EntityManager } from 'typeorm';

/**
 * Runs an UPDATE/DELETE … RETURNING and gives back its rows. TypeORM's `query()` answers UPDATE and DELETE
 * with `[rows, affectedCount]` (INSERT and SELECT with the rows alone); this accepts both shapes.
 */
export async function returningRows<T>(
  runner: Pick<EntityManager, 'query'>,
  sql: string,
  parameters: unknown[] = [],
): Promise<T[]> {
  const result: unknown = await runner.query(sql, parameters);
  if (!Array.isArray(result)) return [];
  if (result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}
