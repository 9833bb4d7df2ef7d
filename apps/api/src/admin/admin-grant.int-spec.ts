import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { registerUser } from '../../test/auth-helpers';
import { sql } from '../../test/db';
import { createTestApp, TestApp } from '../../test/test-app';

const run = promisify(execFile);
const script = resolve(__dirname, '../../../../tools/admin-grant.mjs');

describe('npm run admin:grant (the real script against a real PostgreSQL)', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  });
  afterAll(() => testApp.close());

  it('makes the account with that email admin and records it in the audit trail', async () => {
    const user = await registerUser(testApp.app);
    const { stdout } = await run(process.execPath, [script, (user.user.email ?? '').toUpperCase()], {
      env: { ...process.env, DATABASE_URL: testApp.databaseUrl },
    });
    expect(stdout).toContain('is now admin (was player)');
    const rows = await sql<{ role: string }>(testApp.databaseUrl, `SELECT role FROM users WHERE id = $1`, [
      user.user.id,
    ]);
    expect(rows[0].role).toBe('admin');
    const audit = await sql<{ action: string; actor_id: string | null }>(
      testApp.databaseUrl,
      `SELECT action, actor_id FROM admin_audit_log WHERE target_id = $1`,
      [user.user.id],
    );
    expect(audit).toEqual([{ action: 'user.role_granted_by_cli', actor_id: null }]);
  });

  it('fails with a clear message for an unknown email and changes nothing', async () => {
    await expect(
      run(process.execPath, [script, 'nobody@example.test'], {
        env: { ...process.env, DATABASE_URL: testApp.databaseUrl },
      }),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No account with the email nobody@example.test'),
    });
  });
});
