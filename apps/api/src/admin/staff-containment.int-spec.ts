import { ADMIN_ERROR_CODES, type AdminAuditEntryDto } from '@skillduel/contracts';
import { registerUser } from '../../test/auth-helpers';
import { sql } from '../../test/db';
import { createTestApp, TestApp } from '../../test/test-app';
import { expectMoneyConsistent } from '../rooms/testing/rooms-test-kit';
import { StaffTestKit } from './testing/staff-test-kit';

const reason = { reason: 'containment test' };

/**
 * A compromised staff account can be contained (decision 2310): a freeze ends its sessions and closes the console
 * at once, nobody lifts their own freeze, support cannot act on admins, and ADMIN_EMAILS never undoes an audited
 * demotion.
 */
describe('containing staff accounts (real PostgreSQL)', () => {
  let testApp: TestApp;
  let kit: StaffTestKit;

  beforeAll(async () => {
    testApp = await createTestApp({
      WITHDRAWAL_PROCESSOR_ENABLED: 'false',
      WITHDRAWAL_DELAY_SECONDS: '0',
      WITHDRAWAL_REVIEW_THRESHOLD: '1',
      RATE_LIMIT_PER_MINUTE: '1000000',
      ADMIN_EMAILS: 'chief@example.test',
    });
    kit = new StaffTestKit(testApp.app, testApp.databaseUrl);
  });
  afterEach(() => expectMoneyConsistent(testApp.databaseUrl));
  afterAll(() => testApp.close());

  const codeOf = (response: { statusCode: number; json: <T>() => T }) => [
    response.statusCode,
    response.json<{ code?: string }>().code,
  ];

  it('freezing a support account ends its sessions and console access at once; it cannot unfreeze itself', async () => {
    const [admin, support, other] = await Promise.all([
      kit.member('admin'),
      kit.member('support'),
      kit.member('support'),
    ]);
    expect((await kit.call(support, 'GET', '/api/admin/withdrawals')).statusCode).toBe(200);
    const frozen = await kit.call(admin, 'POST', `/api/admin/users/${support.user.id}/freeze`, reason);
    expect(frozen.statusCode).toBe(200);

    // The tokens it held before the freeze are dead: access (401) and refresh (401).
    const selfUnfreeze = await kit.call(support, 'POST', `/api/admin/users/${support.user.id}/unfreeze`, reason);
    expect(selfUnfreeze.statusCode).toBe(401);
    const refreshed = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: support.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    const live = await sql<{ n: number }>(
      testApp.databaseUrl,
      `SELECT count(*)::int AS n FROM auth_sessions WHERE user_id = $1 AND revoked_at IS NULL`,
      [support.user.id],
    );
    expect(live[0].n).toBe(0);

    // Signing in again works (a frozen account sees its history), but the console stays closed, unfreeze included.
    const again = await kit.signIn(support);
    expect((await kit.call(again, 'GET', '/api/users/me')).statusCode).toBe(200);
    expect(codeOf(await kit.call(again, 'GET', '/api/admin/me'))).toEqual([403, ADMIN_ERROR_CODES.accountFrozen]);
    expect(codeOf(await kit.call(again, 'POST', `/api/admin/users/${support.user.id}/unfreeze`, reason))).toEqual([
      403,
      ADMIN_ERROR_CODES.accountFrozen,
    ]);

    // Another staff member lifts it; the console opens again with a new session.
    expect((await kit.call(other, 'POST', `/api/admin/users/${support.user.id}/unfreeze`, reason)).statusCode).toBe(
      200,
    );
    expect((await kit.call(again, 'GET', '/api/admin/withdrawals')).statusCode).toBe(200);
    const audit = (
      await kit.call(admin, 'GET', `/api/admin/audit?target_id=${support.user.id}&action=user.freeze`)
    ).json<AdminAuditEntryDto[]>();
    expect(audit[0].after).toMatchObject({ frozen: true, staff_sessions_revoked: 1 });
  });

  it('freezing a player keeps their sessions (they still sign in and see their history)', async () => {
    const [admin, player] = await Promise.all([kit.member('admin'), kit.member('player')]);
    await kit.call(admin, 'POST', `/api/admin/users/${player.user.id}/freeze`, reason);
    expect((await kit.call(player, 'GET', '/api/users/me')).statusCode).toBe(200);
  });

  it('support cannot freeze, unfreeze or pay an admin; another admin can', async () => {
    const [support, admin, otherAdmin] = await Promise.all([
      kit.member('support'),
      kit.member('admin'),
      kit.member('admin'),
    ]);
    const adminTarget = [403, ADMIN_ERROR_CODES.adminTarget];
    expect(codeOf(await kit.call(support, 'POST', `/api/admin/users/${admin.user.id}/freeze`, reason))).toEqual(
      adminTarget,
    );
    const withdrawalId = await kit.heldWithdrawal(admin, 20);
    expect(codeOf(await kit.call(support, 'POST', `/api/admin/withdrawals/${withdrawalId}/approve`, reason))).toEqual(
      adminTarget,
    );
    expect((await kit.call(otherAdmin, 'POST', `/api/admin/users/${admin.user.id}/freeze`, reason)).statusCode).toBe(
      200,
    );
    expect(codeOf(await kit.call(support, 'POST', `/api/admin/users/${admin.user.id}/unfreeze`, reason))).toEqual(
      adminTarget,
    );
    expect((await kit.call(otherAdmin, 'POST', `/api/admin/users/${admin.user.id}/unfreeze`, reason)).statusCode).toBe(
      200,
    );
  });

  it('an ADMIN_EMAILS admin demoted by another admin stays demoted (the list grants once)', async () => {
    const admin = await kit.member('admin');
    const chief = await registerUser(testApp.app, { email: 'chief@example.test' });
    await sql(testApp.databaseUrl, `UPDATE users SET email_verified_at = now() WHERE id = $1`, [chief.user.id]);
    expect((await kit.call(chief, 'GET', '/api/admin/me')).json()).toMatchObject({ role: 'admin' });

    const demoted = await kit.call(admin, 'PUT', `/api/admin/users/${chief.user.id}/role`, {
      role: 'player',
      reason: 'Left the company',
    });
    expect(demoted.statusCode).toBe(200);
    // The next requests: still a player, refused by the console, and the database agrees.
    expect((await kit.call(chief, 'GET', '/api/admin/me')).statusCode).toBe(403);
    expect((await kit.call(chief, 'GET', '/api/admin/withdrawals')).statusCode).toBe(403);
    const rows = await sql<{ role: string }>(testApp.databaseUrl, `SELECT role FROM users WHERE id = $1`, [
      chief.user.id,
    ]);
    expect(rows[0].role).toBe('player');
    const audit = (await kit.call(admin, 'GET', `/api/admin/audit?target_id=${chief.user.id}`)).json<
      AdminAuditEntryDto[]
    >();
    expect(audit.map((entry) => entry.action)).toEqual(['user.role_change', 'user.role_granted_by_config']);
  });
});
