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
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const port = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    .trim();
  execFileSync(process.execPath, [resolve(__dirname, '../../../tools/admin-grant.mjs'), email, role], {
    env: { ...process.env, DATABASE_URL: `postgres://postgres:postgres@127.0.0.1:${port}/skillduel` },
  });
}
