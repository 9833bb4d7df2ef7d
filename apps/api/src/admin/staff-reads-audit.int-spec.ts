import type { AdminAuditEntryDto } from '@skillduel/contracts';
import { randomUUID } from 'node:crypto';
import { bearer, registerUser, type RegisteredUser } from '../../test/auth-helpers';
import { sql } from '../../test/db';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Staff reads of a user's personal data leave an entry in the audit trail: who looked at whom, and when. */
describe('staff reads of personal data are audited (real PostgreSQL)', () => {
  let testApp: TestApp;
  let admin: RegisteredUser;
  let support: RegisteredUser;

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000', WITHDRAWAL_PROCESSOR_ENABLED: 'false' });
    admin = await staff('admin');
    support = await staff('support');
  });
  afterAll(() => testApp.close());

  async function staff(role: 'support' | 'admin'): Promise<RegisteredUser> {
    const user = await registerUser(testApp.app);
    await sql(testApp.databaseUrl, `UPDATE users SET role = $2 WHERE id = $1`, [user.user.id, role]);
    return user;
  }
  const get = (token: string, url: string) => testApp.app.inject({ method: 'GET', url, headers: bearer(token) });
  const auditOf = async (targetId: string) =>
    (await get(admin.accessToken, `/api/admin/audit?target_id=${targetId}`)).json<AdminAuditEntryDto[]>();

  it("opening a user's page and their fair-play evidence writes user.viewed / user.fair_play_viewed", async () => {
    const player = await registerUser(testApp.app);
    expect((await get(support.accessToken, `/api/admin/users/${player.user.id}`)).statusCode).toBe(200);
    expect((await get(support.accessToken, `/api/admin/users/${player.user.id}/fair-play`)).statusCode).toBe(200);
    expect(await auditOf(player.user.id)).toEqual([
      expect.objectContaining({
        action: 'user.fair_play_viewed',
        actor_id: support.user.id,
        actor_username: support.user.username,
        target_type: 'user',
        target_id: player.user.id,
        reason: null,
      }),
      expect.objectContaining({ action: 'user.viewed', actor_id: support.user.id, target_id: player.user.id }),
    ]);
  });

  it('a search writes user.searched for every user it shows, with the query', async () => {
    const player = await registerUser(testApp.app);
    const found = await get(support.accessToken, `/api/admin/users?q=${player.user.username}`);
    expect(found.statusCode).toBe(200);
    expect(found.json<{ id: string }[]>().map((user) => user.id)).toEqual([player.user.id]);
    expect(await auditOf(player.user.id)).toEqual([
      expect.objectContaining({
        action: 'user.searched',
        actor_id: support.user.id,
        target_type: 'user',
        target_id: player.user.id,
        after: { q: player.user.username },
      }),
    ]);
  });

  it('a refused or empty read writes nothing', async () => {
    const player = await registerUser(testApp.app);
    const other = await registerUser(testApp.app);
    expect((await get(other.accessToken, `/api/admin/users/${player.user.id}`)).statusCode).toBe(403);
    const nobody = randomUUID();
    expect((await get(admin.accessToken, `/api/admin/users/${nobody}`)).statusCode).toBe(404);
    expect(await auditOf(player.user.id)).toEqual([]);
    expect(await auditOf(nobody)).toEqual([]);
  });
});
