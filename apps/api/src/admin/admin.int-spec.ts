import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ADMIN_ERROR_CODES, ADMIN_MESSAGES, type RoomDto, type TransactionDto } from '@skillduel/contracts';
import { randomUUID } from 'node:crypto';
import { bearer, registerUser, RegisteredUser } from '../../test/auth-helpers';
import { sql } from '../../test/db';
import { createTestApp, TestApp } from '../../test/test-app';
import { balanceCents, expectMoneyConsistent, moneySnapshot } from '../rooms/testing/rooms-test-kit';
import { WithdrawalProcessor } from '../wallet/withdrawal-processor';

type Method = 'GET' | 'POST' | 'PUT';

describe('operator console API: roles, freezes, withdrawal review, audit trail (real PostgreSQL)', () => {
  let testApp: TestApp;
  let app: NestFastifyApplication;
  let admin: RegisteredUser;
  let support: RegisteredUser;

  beforeAll(async () => {
    testApp = await createTestApp({
      RATE_LIMIT_PER_MINUTE: '1000000',
      WITHDRAWAL_PROCESSOR_ENABLED: 'false',
      WITHDRAWAL_DELAY_SECONDS: '0',
      WITHDRAWAL_REVIEW_THRESHOLD: '100',
      ADMIN_EMAILS: 'Boss@Example.test',
    });
    app = testApp.app;
    admin = await staff('admin');
    support = await staff('support');
  });
  afterEach(() => expectMoneyConsistent(testApp.databaseUrl));
  afterAll(() => testApp.close());

  async function staff(role: 'support' | 'admin'): Promise<RegisteredUser> {
    const user = await registerUser(app);
    await sql(testApp.databaseUrl, `UPDATE users SET role = $2 WHERE id = $1`, [user.user.id, role]);
    return user;
  }
  const call = (token: string | null, method: Method, url: string, payload?: Record<string, unknown>) =>
    app.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), 'idempotency-key': randomUUID() },
      ...(payload ? { payload } : {}),
    });
  async function fundedPlayer(dollars: number) {
    const player = await registerUser(app);
    const deposit = await call(player.accessToken, 'POST', '/api/transactions/deposit', {
      amount: dollars,
      payment_method: 'card',
    });
    expect(deposit.statusCode).toBe(201);
    return player;
  }
  const history = async (player: RegisteredUser) =>
    (await call(player.accessToken, 'GET', '/api/transactions')).json<TransactionDto[]>();
  const processor = () => app.get(WithdrawalProcessor);

  describe('roles', () => {
    const someId = randomUUID();
    const routes: { method: Method; url: string; payload?: Record<string, unknown>; adminOnly?: boolean }[] = [
      { method: 'GET', url: '/api/admin/me' },
      { method: 'GET', url: '/api/admin/users?q=a' },
      { method: 'GET', url: `/api/admin/users/${someId}` },
      { method: 'POST', url: `/api/admin/users/${someId}/freeze`, payload: { reason: 'matrix test' } },
      { method: 'POST', url: `/api/admin/users/${someId}/unfreeze`, payload: { reason: 'matrix test' } },
      {
        method: 'PUT',
        url: `/api/admin/users/${someId}/role`,
        payload: { role: 'support', reason: 'matrix test' },
        adminOnly: true,
      },
      { method: 'GET', url: '/api/admin/withdrawals' },
      { method: 'POST', url: `/api/admin/withdrawals/${someId}/approve`, payload: { reason: 'matrix test' } },
      { method: 'POST', url: `/api/admin/withdrawals/${someId}/reject`, payload: { reason: 'matrix test' } },
      { method: 'GET', url: '/api/admin/audit' },
      { method: 'GET', url: '/api/admin/flags' },
      {
        method: 'POST',
        url: `/api/admin/flags/${someId}/resolve`,
        payload: { action: 'dismiss', note: 'matrix test' },
      },
      { method: 'GET', url: '/api/admin/disputes' },
      { method: 'GET', url: `/api/admin/disputes/${someId}` },
      { method: 'POST', url: `/api/admin/disputes/${someId}/decide`, payload: { decision: 'uphold', note: 'matrix' } },
      { method: 'GET', url: '/api/admin/reviews' },
      { method: 'GET', url: `/api/admin/reviews/${someId}` },
      { method: 'POST', url: `/api/admin/reviews/${someId}/decide`, payload: { decision: 'void', note: 'matrix' } },
      { method: 'GET', url: `/api/admin/users/${someId}/fair-play` },
    ];

    it('refuses every /api/admin route to guests (401) and players (403), and admin-only routes to support', async () => {
      const player = await registerUser(app);
      for (const route of routes) {
        const label = `${route.method} ${route.url}`;
        expect([label, (await call(null, route.method, route.url, route.payload)).statusCode]).toEqual([label, 401]);
        const asPlayer = await call(player.accessToken, route.method, route.url, route.payload);
        expect([label, asPlayer.statusCode]).toEqual([label, 403]);
        const asSupport = (await call(support.accessToken, route.method, route.url, route.payload)).statusCode;
        expect([label, route.adminOnly ? asSupport === 403 : ![401, 403].includes(asSupport)]).toEqual([label, true]);
        const asAdmin = (await call(admin.accessToken, route.method, route.url, route.payload)).statusCode;
        expect([label, ![401, 403].includes(asAdmin)]).toEqual([label, true]);
      }
    });

    it('makes a verified ADMIN_EMAILS account admin when it signs in, with an audit entry; unverified stays player', async () => {
      const boss = await registerUser(app, { email: 'boss@example.test' });
      expect((await call(boss.accessToken, 'GET', '/api/admin/me')).statusCode).toBe(403);
      await sql(testApp.databaseUrl, `UPDATE users SET email_verified_at = now() WHERE id = $1`, [boss.user.id]);
      const me = await call(boss.accessToken, 'GET', '/api/admin/me');
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ role: 'admin', user_id: boss.user.id });
      const audit = await call(admin.accessToken, 'GET', `/api/admin/audit?target_id=${boss.user.id}`);
      expect(audit.json()).toEqual([
        expect.objectContaining({ action: 'user.role_granted_by_config', actor_id: null, after: { role: 'admin' } }),
      ]);
    });

    it('lets an admin change roles (not their own), audited with before and after', async () => {
      const player = await registerUser(app);
      const changed = await call(admin.accessToken, 'PUT', `/api/admin/users/${player.user.id}/role`, {
        role: 'support',
        reason: 'joins the support team',
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ role: 'support' });
      expect((await call(player.accessToken, 'GET', '/api/admin/withdrawals')).statusCode).toBe(200);
      const own = await call(admin.accessToken, 'PUT', `/api/admin/users/${admin.user.id}/role`, {
        role: 'player',
        reason: 'oops',
      });
      // Acting on oneself is a conflict of interest (decision 2310).
      expect(own.statusCode).toBe(403);
      expect(own.json()).toMatchObject({ code: ADMIN_ERROR_CODES.conflictOfInterest });
      const bad = await call(admin.accessToken, 'PUT', `/api/admin/users/${player.user.id}/role`, {
        role: 'god',
        reason: 'x',
      });
      expect(bad.statusCode).toBe(400);
      const audit = (await call(admin.accessToken, 'GET', `/api/admin/audit?target_id=${player.user.id}`)).json();
      expect(audit[0]).toMatchObject({
        action: 'user.role_change',
        actor_id: admin.user.id,
        reason: 'joins the support team',
        before: { role: 'player' },
        after: { role: 'support' },
      });
    });
  });

  it('finds users by username, email or id and shows their page', async () => {
    const player = await fundedPlayer(20);
    const byName = (await call(support.accessToken, 'GET', `/api/admin/users?q=${player.user.username}`)).json();
    expect(byName).toEqual([expect.objectContaining({ id: player.user.id, balance: 20, frozen: false })]);
    const byId = (await call(support.accessToken, 'GET', `/api/admin/users?q=${player.user.id}`)).json();
    expect(byId).toHaveLength(1);
    const page = await call(support.accessToken, 'GET', `/api/admin/users/${player.user.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      username: player.user.username,
      ledger: [expect.objectContaining({ kind: 'deposit', amount: 20 })],
      eligibility: { status: 'eligible', country: 'MX' },
    });
    expect(page.json().sessions.length).toBeGreaterThan(0);
  });

  it('a frozen account can sign in and see its history but every money route is refused, and its rooms refunded', async () => {
    const player = await fundedPlayer(50);
    const host = await fundedPlayer(20);
    const own = (
      await call(player.accessToken, 'POST', '/api/rooms', { game_id: 'number-rush', bet_amount: 5 })
    ).json<RoomDto>();
    const hosted = (
      await call(host.accessToken, 'POST', '/api/rooms', { game_id: 'number-rush', bet_amount: 5 })
    ).json<RoomDto>();
    expect(await balanceCents(testApp.databaseUrl, player.user.id)).toBe(4_500n);

    const frozen = await call(support.accessToken, 'POST', `/api/admin/users/${player.user.id}/freeze`, {
      reason: 'suspicious deposits',
    });
    expect(frozen.statusCode).toBe(200);
    expect(frozen.json()).toMatchObject({ frozen: true, frozen_reason: 'suspicious deposits' });
    expect(await balanceCents(testApp.databaseUrl, player.user.id)).toBe(5_000n);
    expect(
      (await sql<{ status: string }>(testApp.databaseUrl, `SELECT status FROM rooms WHERE id = $1`, [own.id]))[0],
    ).toMatchObject({ status: 'cancelled' });

    const before = await moneySnapshot(testApp.databaseUrl);
    const refusals = [
      await call(player.accessToken, 'POST', '/api/transactions/deposit', { amount: 10, payment_method: 'card' }),
      await call(player.accessToken, 'POST', '/api/transactions/withdraw', { amount: 10, payment_method: 'card' }),
      await call(player.accessToken, 'POST', '/api/rooms', { game_id: 'number-rush', bet_amount: 5 }),
      await call(player.accessToken, 'POST', `/api/rooms/${hosted.id}/join`, {}),
      await call(player.accessToken, 'POST', '/api/rooms/quick-match', { game_id: 'number-rush', bet_amount: 5 }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: ADMIN_ERROR_CODES.accountFrozen,
        message: ADMIN_MESSAGES.accountFrozen,
      });
    }
    expect(await moneySnapshot(testApp.databaseUrl)).toEqual(before);
    expect((await call(player.accessToken, 'GET', '/api/users/me/')).statusCode).toBe(200);
    expect(await history(player)).not.toHaveLength(0);
    expect(
      (await call(support.accessToken, 'POST', `/api/admin/users/${player.user.id}/freeze`, { reason: 'again' }))
        .statusCode,
    ).toBe(409);

    expect(
      (await call(support.accessToken, 'POST', `/api/admin/users/${player.user.id}/unfreeze`, { reason: 'cleared' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(player.accessToken, 'POST', '/api/transactions/deposit', { amount: 10, payment_method: 'card' }))
        .statusCode,
    ).toBe(201);
    const actions = (await call(admin.accessToken, 'GET', `/api/admin/audit?target_id=${player.user.id}`))
      .json()
      .map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(['user.unfreeze', 'user.freeze']);
  });

  describe('withdrawal review', () => {
    it('holds a withdrawal above the threshold: not paid until approved; the history says pending review', async () => {
      const player = await fundedPlayer(300);
      const withdrawal = await call(player.accessToken, 'POST', '/api/transactions/withdraw', {
        amount: 150,
        payment_method: 'bank',
      });
      expect(withdrawal.statusCode).toBe(202);
      const id = withdrawal.json().transaction.id as string;
      expect(withdrawal.json().transaction).toMatchObject({ status: 'pending', review_status: 'pending_review' });
      await processor().processDue(100);
      expect((await history(player)).find((row) => row.id === id)).toMatchObject({
        status: 'pending',
        review_status: 'pending_review',
      });
      const queue = (await call(support.accessToken, 'GET', '/api/admin/withdrawals')).json();
      expect(queue).toEqual(
        expect.arrayContaining([expect.objectContaining({ id, review_state: 'held', amount: 150 })]),
      );

      // A small one of another player is not held (this player's 24-hour total is above the threshold already).
      const smallSpender = await fundedPlayer(50);
      const small = await call(smallSpender.accessToken, 'POST', '/api/transactions/withdraw', {
        amount: 20,
        payment_method: 'bank',
      });
      expect(small.json().transaction.review_status).toBeUndefined();

      const approved = await call(support.accessToken, 'POST', `/api/admin/withdrawals/${id}/approve`, {
        reason: 'documents checked',
      });
      expect(approved.statusCode).toBe(200);
      await processor().processDue(100);
      const rows = await history(player);
      expect(rows.find((row) => row.id === id)).toMatchObject({ status: 'completed' });
      expect(rows.find((row) => row.id === id)?.review_status).toBeUndefined();
      expect(await balanceCents(testApp.databaseUrl, player.user.id)).toBe(15_000n);
    });

    it('100 concurrent approve/reject calls: exactly one outcome; a rejection refunds once with the reason', async () => {
      const player = await fundedPlayer(500);
      const id = (
        await call(player.accessToken, 'POST', '/api/transactions/withdraw', { amount: 400, payment_method: 'card' })
      ).json().transaction.id as string;
      expect(await balanceCents(testApp.databaseUrl, player.user.id)).toBe(10_000n);

      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, index) =>
          call(support.accessToken, 'POST', `/api/admin/withdrawals/${id}/${index % 2 === 0 ? 'reject' : 'approve'}`, {
            reason: 'race',
          }),
        ),
      );
      const ok = answers.filter((answer) => answer.statusCode === 200);
      expect(ok).toHaveLength(1);
      expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(99);
      const outcome = ok[0].json().review_state as 'approved' | 'rejected';
      await processor().processDue(100);
      const settlements = await sql<{ n: number }>(
        testApp.databaseUrl,
        `SELECT count(*)::int AS n FROM ledger_transactions WHERE payment_id = $1 AND kind IN ('withdrawal_refund', 'withdrawal_completion')`,
        [id],
      );
      expect(settlements[0].n).toBe(1);
      expect(await balanceCents(testApp.databaseUrl, player.user.id)).toBe(outcome === 'rejected' ? 50_000n : 10_000n);
    });

    it('a rejection refunds the wallet once and the player sees the reason', async () => {
      const player = await fundedPlayer(300);
      const id = (
        await call(player.accessToken, 'POST', '/api/transactions/withdraw', { amount: 200, payment_method: 'card' })
      ).json().transaction.id as string;
      const rejected = await call(support.accessToken, 'POST', `/api/admin/withdrawals/${id}/reject`, {
        reason: 'name on the account does not match',
      });
      expect(rejected.statusCode).toBe(200);
      expect(await balanceCents(testApp.databaseUrl, player.user.id)).toBe(30_000n);
      const row = (await history(player)).find((item) => item.id === id);
      expect(row).toMatchObject({ status: 'failed', review_status: 'rejected' });
      const reason = await sql<{ failure_reason: string }>(
        testApp.databaseUrl,
        `SELECT failure_reason FROM wallet_payments WHERE id = $1`,
        [id],
      );
      expect(reason[0].failure_reason).toBe(ADMIN_MESSAGES.withdrawalRejected('name on the account does not match'));
      expect(
        (await call(support.accessToken, 'POST', `/api/admin/withdrawals/${id}/approve`, { reason: 'late' }))
          .statusCode,
      ).toBe(409);
    });

    it('holds any withdrawal within 24 hours of a password or email change', async () => {
      const player = await fundedPlayer(50);
      await sql(testApp.databaseUrl, `UPDATE users SET password_hash = password_hash || 'x' WHERE id = $1`, [
        player.user.id,
      ]);
      const withdrawal = await call(player.accessToken, 'POST', '/api/transactions/withdraw', {
        amount: 20,
        payment_method: 'card',
      });
      expect(withdrawal.json().transaction.review_status).toBe('pending_review');
    });
  });

  it('keeps the audit trail append-only: the database refuses UPDATE and DELETE', async () => {
    await expect(sql(testApp.databaseUrl, `UPDATE admin_audit_log SET reason = 'rewritten'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql(testApp.databaseUrl, `DELETE FROM admin_audit_log`)).rejects.toThrow(/append-only/);
  });
});
