#!/usr/bin/env node
// `npm run ledger:check`: verifies the ledger's invariants on a live database and exits non-zero with a readable
// report when one is violated. Uses DATABASE_URL, or else the embedded PostgreSQL in DATA_DIR (default .data),
// which it starts and stops itself (stop `npm start` first: one PostgreSQL per data folder).
// The invariants live in apps/api/src/wallet/ledger/ledger-invariants.ts, shared with the tests; jiti loads the
// TypeScript file directly.
import { createJiti } from 'jiti';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from './postgres/open-database.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  const jiti = createJiti(import.meta.url);
  const { checkLedgerInvariants, formatLedgerReport } = await jiti.import(
    join(root, 'apps/api/src/wallet/ledger/ledger-invariants.ts'),
  );

  const database = await openDatabase(root);
  if (!database) return 2;
  const url = database.url;

  const client = new pg.Client({ connectionString: url, application_name: 'skillduel-ledger-check' });
  try {
    await client.connect();
    const tables = await client.query(`SELECT to_regclass('public.ledger_entries') AS t`);
    if (!tables.rows[0].t) {
      console.error('The ledger tables do not exist in this database: start the server once so it migrates.');
      return 2;
    }
    const report = await checkLedgerInvariants(client);
    const where = new URL(url);
    console.log(`Database ${where.hostname}:${where.port}${where.pathname}`);
    console.log(formatLedgerReport(report));
    return report.ok ? 0 : 1;
  } finally {
    await client.end().catch(() => undefined);
    await database.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`ledger:check could not run: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
