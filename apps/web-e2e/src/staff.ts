import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * `npm run admin:grant -- <email> support` against the e2e server's own PostgreSQL, as an operator would run it:
 * the port comes from the cluster's postmaster.pid in the run's DATA_DIR.
 */
export function grantSupport(email: string): void {
  grantRole(email, 'support');
}

/** The same with any staff role (`admin` creates tournaments). */
export function grantRole(email: string, role: 'support' | 'admin'): void {
  execFileSync(process.execPath, [resolve(__dirname, '../../../tools/admin-grant.mjs'), email, role], {
    env: { ...process.env, DATABASE_URL: e2eDatabaseUrl() },
  });
}

/** The e2e server's own PostgreSQL: the port comes from the cluster's postmaster.pid in the run's DATA_DIR. */
function e2eDatabaseUrl(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const port = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    .trim();
  return `postgres://postgres:postgres@127.0.0.1:${port}/skillduel`;
}

/**
 * Freezes an account as the operator console's freeze does to the user row (the console's own flow is the operator
 * spec's business): what the player's screens must show from then on.
 */
export function freezeAccount(username: string): void {
  const script = `const { Client } = require('pg');
const client = new Client({ connectionString: process.env.DATABASE_URL });
client.connect()
  .then(() => client.query("UPDATE users SET frozen_at = now(), frozen_reason = 'e2e review' WHERE username = $1", [process.argv[1]]))
  .then((result) => { if (result.rowCount !== 1) throw new Error('no such user'); return client.end(); })
  .catch((error) => { console.error(error); process.exit(1); });`;
  execFileSync(process.execPath, ['-e', script, username], {
    env: { ...process.env, DATABASE_URL: e2eDatabaseUrl() },
    cwd: resolve(__dirname, '../../..'),
  });
}
