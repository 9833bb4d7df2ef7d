#!/usr/bin/env node
// `npm run admin:grant -- <email> [role]`: gives the account with that email the admin role (or `support`), with an
// entry in the audit trail (actor: the command line). Uses DATABASE_URL, or else the embedded PostgreSQL in DATA_DIR
// (default .data; see postgres/open-database.mjs).
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from './postgres/open-database.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROLES = ['admin', 'support', 'player'];

async function main() {
  const [email, role = 'admin'] = process.argv.slice(2);
  if (!email || !email.includes('@') || !ROLES.includes(role)) {
    console.error('Usage: npm run admin:grant -- <email> [admin|support|player]');
    return 2;
  }
  const database = await openDatabase(root);
  if (!database) return 2;
  const url = database.url;
  const client = new pg.Client({ connectionString: url, application_name: 'skillduel-admin-grant' });
  try {
    await client.connect();
    await client.query('BEGIN');
    const found = await client.query(`SELECT id, role FROM users WHERE lower(email) = lower($1) FOR UPDATE`, [email]);
    if (found.rows.length === 0) {
      await client.query('ROLLBACK');
      console.error(`No account with the email ${email}. Register it first.`);
      return 1;
    }
    const { id, role: before } = found.rows[0];
    await client.query(`UPDATE users SET role = $2, updated_at = now() WHERE id = $1`, [id, role]);
    await client.query(
      `INSERT INTO admin_audit_log (actor_id, action, target_type, target_id, reason, before, after)
       VALUES (NULL, 'user.role_granted_by_cli', 'user', $1, 'npm run admin:grant', $2::jsonb, $3::jsonb)`,
      [id, JSON.stringify({ role: before }), JSON.stringify({ role })],
    );
    await client.query('COMMIT');
    console.log(`${email} is now ${role} (was ${before}).`);
    return 0;
  } finally {
    await client.end().catch(() => undefined);
    await database.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`admin:grant could not run: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
