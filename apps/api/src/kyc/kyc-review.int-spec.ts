import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AdminKycReviewDto, AdminWithdrawalDto } from '@skillduel/contracts';
import { bearer, RegisteredUser } from '../../test/auth-helpers';
import { sql } from '../../test/db';
import { createTestApp, TestApp } from '../../test/test-app';
import { StaffTestKit } from '../admin/testing/staff-test-kit';
import { expectMoneyConsistent } from '../rooms/testing/rooms-test-kit';
import { WithdrawalProcessor } from '../wallet/withdrawal-processor';
import { eventually, kycTestKit } from './testing/kyc-test-kit';

/**
 * Support's verification queue (docs/product/kyc.md#support): identities the provider sent to review and
 * source-of-funds declarations, decided with a reason, audited, under the console's separation of duties.
 */
describe('KYC support queue (real PostgreSQL)', () => {
  let testApp: TestApp;
  let app: NestFastifyApplication;
  let kit: ReturnType<typeof kycTestKit>;
  let staff: StaffTestKit;
  let support: RegisteredUser;

  beforeAll(async () => {
    testApp = await createTestApp({
      RATE_LIMIT_PER_MINUTE: '1000000',
      WITHDRAWAL_PROCESSOR_ENABLED: 'false',
      WITHDRAWAL_DELAY_SECONDS: '0',
      KYC_VERIFY_ABOVE_CUMULATIVE_WITHDRAWALS: '50',
      KYC_ENHANCED_ABOVE_DEPOSITS_30D: '150',
    });
    app = testApp.app;
    kit = kycTestKit(app, testApp.databaseUrl);
    staff = new StaffTestKit(app, testApp.databaseUrl);
    support = await staff.member('support', 0);
  });
  afterEach(() => expectMoneyConsistent(testApp.databaseUrl));
  afterAll(() => testApp.close());

  const queue = async (): Promise<AdminKycReviewDto[]> => {
    const answer = await staff.call(support, 'GET', '/api/admin/kyc');
    expect(answer.statusCode).toBe(200);
    return answer.json<AdminKycReviewDto[]>();
  };
  const decide = (
    actor: RegisteredUser,
    userId: string,
    kind: 'identity' | 'source-of-funds',
    decision: string,
    reason = 'Checked the documents',
  ) => staff.call(actor, 'POST', `/api/admin/kyc/${userId}/${kind}`, { decision, reason });
  const auditOf = (userId: string) =>
    sql<{ action: string; reason: string; actor_id: string }>(
      testApp.databaseUrl,
      `SELECT action, reason, actor_id FROM admin_audit_log WHERE target_id = $1 AND action LIKE 'kyc.%'
        ORDER BY created_at`,
      [userId],
    );

  /** A player whose approval came with another date of birth: needs_review, a $20 withdrawal held. */
  async function playerInReview(): Promise<{ player: RegisteredUser; heldId: string }> {
    const player = await kit.basicPlayer(100);
    const withdrawal = await kit.withdraw(player, 20);
    expect(withdrawal.statusCode).toBe(202);
    const inquiry = await kit.startInquiry(player);
    await kit.webhook({ reference: inquiry.reference, status: 'approved', verified_date_of_birth: '1991-01-01' });
    await eventually(async () => (await kit.status(player)).status === 'needs_review');
    return { player, heldId: kit.withdrawalId(withdrawal) };
  }

  it('lists an identity in review with what the document said and the held withdrawal, labelled in the queue', async () => {
    const { player, heldId } = await playerInReview();
    const item = (await queue()).find((entry) => entry.user_id === player.user.id && entry.kind === 'identity');
    expect(item).toMatchObject({
      username: player.user.username,
      tier: 'basic',
      status: 'needs_review',
      declared_date_of_birth: '1990-05-17',
      verified_date_of_birth: '1991-01-01',
      reasons: ['date_of_birth_mismatch'],
      source_of_funds: null,
      held_withdrawals: 20,
    });
    const withdrawals = await staff.call(support, 'GET', '/api/admin/withdrawals');
    expect(withdrawals.json<AdminWithdrawalDto[]>().find((row) => row.id === heldId)).toMatchObject({
      review_state: 'held',
      review_reason: 'verification_required',
    });

    // Players cannot see or decide; a reason is required.
    expect((await staff.call(player, 'GET', '/api/admin/kyc')).statusCode).toBe(403);
    expect((await decide(player, player.user.id, 'identity', 'approve')).statusCode).toBe(403);
    expect((await decide(support, player.user.id, 'identity', 'approve', '')).statusCode).toBe(400);
    expect(await auditOf(player.user.id)).toEqual([]);
  });

  it('approve: the player is verified, the decision audited, the item leaves the queue; a second decision is 409', async () => {
    const { player, heldId } = await playerInReview();
    const approved = await decide(support, player.user.id, 'identity', 'approve', 'Birth date typo, passport matches');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({
      user_id: player.user.id,
      kind: 'identity',
      decision: 'approve',
      tier: 'verified',
      status: 'approved',
    });
    expect(await auditOf(player.user.id)).toEqual([
      { action: 'kyc.identity_approve', reason: 'Birth date typo, passport matches', actor_id: support.user.id },
    ]);
    expect((await queue()).some((entry) => entry.user_id === player.user.id)).toBe(false);
    expect((await decide(support, player.user.id, 'identity', 'reject')).json()).toMatchObject({
      code: 'NOTHING_TO_REVIEW',
    });
    // A verified player withdraws above the threshold; the held one waits for support's withdrawal decision.
    expect((await kit.withdraw(player, 60)).statusCode).toBe(202);
    await app.get(WithdrawalProcessor).processDue(100);
    expect((await kit.withdrawalRow(heldId)).status).toBe('pending');
  });

  it('reject: the player may start a new check, withdrawals stay stopped', async () => {
    const { player, heldId } = await playerInReview();
    const rejected = await decide(support, player.user.id, 'identity', 'reject', 'Document photo unreadable');
    expect(rejected.json()).toMatchObject({ tier: 'basic', status: 'rejected_retry' });
    expect(await kit.status(player)).toMatchObject({ next: { tier: 'verified', step: 'start_verification' } });
    expect((await kit.withdraw(player, 10)).statusCode).toBe(403);
    expect(await kit.withdrawalRow(heldId)).toMatchObject({ review_state: 'held' });
    expect((await auditOf(player.user.id)).map((row) => row.action)).toEqual(['kyc.identity_reject']);
  });

  it('separation of duties: nobody decides on their own verification, support never on an admin', async () => {
    const { player } = await playerInReview();
    await sql(testApp.databaseUrl, `INSERT INTO kyc_profiles (user_id, status) VALUES ($1, 'needs_review')`, [
      support.user.id,
    ]);
    const own = await decide(support, support.user.id, 'identity', 'approve');
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'CONFLICT_OF_INTEREST' });

    const admin = await staff.member('admin', 0);
    await sql(testApp.databaseUrl, `INSERT INTO kyc_profiles (user_id, status) VALUES ($1, 'needs_review')`, [
      admin.user.id,
    ]);
    expect((await decide(support, admin.user.id, 'identity', 'approve')).json()).toMatchObject({
      code: 'ADMIN_TARGET',
    });
    // Linked by a shared sign-in address: refused too.
    const colleague = await staff.member('support', 0);
    await staff.linkByIp(colleague, player);
    expect((await decide(colleague, player.user.id, 'identity', 'approve')).json()).toMatchObject({
      code: 'CONFLICT_OF_INTEREST',
    });
    expect(await kit.status(player)).toMatchObject({ status: 'needs_review' });
    await sql(testApp.databaseUrl, `DELETE FROM kyc_profiles WHERE user_id = ANY($1::uuid[])`, [
      [support.user.id, admin.user.id],
    ]);
  });

  it('source of funds: declared by a verified player, rejected with a reason, declared again, approved → enhanced', async () => {
    const player = await kit.basicPlayer(100);
    const declare = (details: string) =>
      app.inject({
        method: 'POST',
        url: '/api/kyc/source-of-funds',
        headers: bearer(player.accessToken),
        payload: { source: 'salary', details },
      });
    expect((await declare('Monthly salary')).json()).toMatchObject({
      code: 'VERIFICATION_REQUIRED',
      params: { tier: 'verified' },
    });
    const inquiry = await kit.startInquiry(player);
    await kit.webhook({ reference: inquiry.reference, status: 'approved' });
    expect((await kit.status(player)).next).toEqual({ tier: 'enhanced', step: 'source_of_funds' });
    // $100 deposited; $60 more takes the 30-day deposits above $150: the enhanced tier is needed.
    expect((await kit.deposit(player, 60)).json()).toMatchObject({ params: { tier: 'enhanced' } });

    const declared = await declare('Monthly salary from Acme Ltd');
    expect(declared.statusCode).toBe(200);
    expect(declared.json()).toMatchObject({ tier: 'verified', next: { tier: 'enhanced', step: 'wait_for_support' } });
    expect((await queue()).find((entry) => entry.user_id === player.user.id)).toMatchObject({
      kind: 'source_of_funds',
      tier: 'verified',
      source_of_funds: { source: 'salary', details: 'Monthly salary from Acme Ltd' },
    });

    expect((await decide(support, player.user.id, 'source-of-funds', 'reject', 'Send a payslip')).statusCode).toBe(200);
    expect((await kit.status(player)).next).toEqual({ tier: 'enhanced', step: 'source_of_funds' });
    expect((await queue()).some((entry) => entry.user_id === player.user.id)).toBe(false);

    await declare('Salary, payslip attached to the support ticket');
    const approved = await decide(support, player.user.id, 'source-of-funds', 'approve', 'Payslip checked');
    expect(approved.json()).toMatchObject({ kind: 'source_of_funds', tier: 'enhanced' });
    expect((await kit.status(player)).tier).toBe('enhanced');
    expect((await kit.deposit(player, 60)).statusCode).toBe(201);
    expect((await declare('Again')).json()).toMatchObject({ code: 'ALREADY_ENHANCED' });
    expect((await auditOf(player.user.id)).map((row) => row.action)).toEqual([
      'kyc.source_of_funds_reject',
      'kyc.source_of_funds_approve',
    ]);
  });
});
