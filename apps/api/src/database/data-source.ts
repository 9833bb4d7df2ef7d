import { DataSource, DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/** Arbitrary constant that identifies SkillDuel's migration lock among advisory locks. */
const MIGRATION_LOCK_KEY = 727_001;

export function dataSourceOptions(databaseUrl: string): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsRun: false,
    synchronize: false,
    migrationsTransactionMode: 'each',
    // A database that does not answer fails a request after 10 s (503 DATABASE_UNAVAILABLE) instead of hanging on
    // TCP; keep-alive notices connections that died silently. The pool opens new connections once it is back.
    extra: { max: 20, application_name: 'skillduel-api', connectionTimeoutMillis: 10_000, keepAlive: true },
    // Money columns are bigint; pg returns them as strings and entities transform them to bigint.
    parseInt8: false,
  } as DataSourceOptions;
}

/**
 * Runs pending migrations under a PostgreSQL advisory lock, so several API instances booting
 * at once never apply the same migration twice.
 */
export async function runMigrations(dataSource: DataSource): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await runner.release();
  }
}

export async function createMigratedDataSource(databaseUrl: string): Promise<DataSource> {
  const dataSource = new DataSource(dataSourceOptions(databaseUrl));
  await dataSource.initialize();
  await runMigrations(dataSource);
  return dataSource;
}
