import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { KYC_ERROR_CODES, type KycStatusDto } from '@skillduel/contracts';
import { bearer, registerUser } from '../../test/auth-helpers';
import { sql } from '../../test/db';
import { createTestApp, TestApp } from '../../test/test-app';
import { expectMoneyConsistent } from '../rooms/testing/rooms-test-kit';
import { WithdrawalProcessor } from '../wallet/withdrawal-processor';
import { eventually, kycTestKit } from './testing/kyc-test-kit';

/**
 * Identity verification on the money routes (docs/product/kyc.md), real PostgreSQL and the sandbox provider's real
 * HTTP webhooks: the API listens on a port, and the sandbox posts its signed webhooks to it.
 */
describe('KYC tiers on the money routes (real PostgreSQL, sandbox webhooks over HTTP)', () => {
  let testApp: TestApp;
  let app: NestFastifyApplication;
  let kit: ReturnType<typeof kycTestKit>;

  beforeAll(async () => {
    testApp = await createTestApp({
      RATE_LIMIT_PER_MINUTE: '1000000',
      WITHDRAWAL_PROCESSOR_ENABLED: 'false',
      WITHDRAWAL_DELAY_SECONDS: '0',
      // $50 of withdrawals without a check; deposits above $150 in 30 days need the enhanced tier.
      KYC_VERIFY_ABOVE_CUMULATIVE_WITHDRAWALS: '50',
      KYC_ENHANCED_ABOVE_DEPOSITS_30D: '150',
    });
    app = testApp.app;
    await app.listen(0, '127.0.0.1');
    kit = kycTestKit(app, testApp.databaseUrl);
  });
  afterEach(() => expectMoneyConsistent(testApp.databaseUrl));
  afterAll(() => testApp.close());

  const processor = () => app.get(WithdrawalProcessor);

  async function verifyThroughSandbox(player: Awaited<ReturnType<typeof kit.basicPlayer>>): Promise<string> {
    const inquiry = await kit.startInquiry(player);
    const outcome = await app.inject({
      method: 'POST',
      url: `/api/kyc/sandbox/${inquiry.reference}/outcome`,
      payload: { status: 'approved' },
    });
    expect(outcome.statusCode).toBe(202);
    await eventually(async () => (await kit.status(player)).tier === 'verified');
    return inquiry.reference;
  }

  it('refuses a withdrawal above the threshold before verification, moving nothing, and pays it after', async () => {
    const player = await kit.basicPlayer(100);
    const before = await kit.status(player);
    expect(before).toMatchObject({ tier: 'basic', status: 'none', withdrawable_before_verification: 50 });
    expect(before.next).toEqual({ tier: 'verified', step: 'start_verification' });

    const refused = await kit.withdraw(player, 60);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: KYC_ERROR_CODES.verificationRequired,
      params: { tier: 'verified', action: 'withdrawal', reason: 'cumulative_withdrawals' },
    });
    expect(await kit.balanceCents(player.user.id)).toBe(10_000n);

    // The hosted flow: the sandbox's own page, then the tester's pick, delivered as a signed webhook over HTTP.
    const inquiry = await kit.startInquiry(player);
    expect(inquiry.hosted_url).toMatch(new RegExp(`/kyc/sandbox/${inquiry.reference}$`));
    expect(new Date(inquiry.expires_at).getTime()).toBeGreaterThan(Date.now());
    const page = await app.inject({ method: 'GET', url: `/kyc/sandbox/${inquiry.reference}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-testid="kyc-sandbox-approved"');
    expect((await app.inject({ method: 'GET', url: '/kyc/sandbox/sbx_unknownreference' })).statusCode).toBe(404);
    expect((await kit.status(player)).status).toBe('pending');
    const picked = await app.inject({
      method: 'POST',
      url: `/api/kyc/sandbox/${inquiry.reference}/outcome`,
      payload: { status: 'approved' },
    });
    expect(picked.statusCode).toBe(202);
    await eventually(async () => (await kit.status(player)).tier === 'verified');

    const accepted = await kit.withdraw(player, 60);
    expect(accepted.statusCode).toBe(202);
    await processor().processDue(100);
    expect(await kit.withdrawalRow(kit.withdrawalId(accepted))).toMatchObject({ status: 'completed' });
  });

  it('lets small withdrawals through until their total crosses the threshold', async () => {
    const player = await kit.basicPlayer(100);
    expect((await kit.withdraw(player, 20)).statusCode).toBe(202);
    expect((await kit.withdraw(player, 20)).statusCode).toBe(202);
    // $40 + $20 = $60 > $50: refused; $40 + $10 = $50 is not above it.
    const third = await kit.withdraw(player, 20);
    expect(third.statusCode).toBe(403);
    expect(third.json()).toMatchObject({ params: { tier: 'verified', reason: 'cumulative_withdrawals' } });
    expect((await kit.withdraw(player, 10)).statusCode).toBe(202);
    const status = await kit.status(player);
    expect(status).toMatchObject({ cumulative_withdrawals: 50, withdrawable_before_verification: 0 });
    expect(status.required_now).toEqual([{ action: 'withdrawal', tier: 'verified', reason: 'cumulative_withdrawals' }]);
    // Paid ones still count: after the payouts the next dollar is still refused.
    await processor().processDue(100);
    expect((await kit.withdraw(player, 10)).statusCode).toBe(403);
    expect(await kit.balanceCents(player.user.id)).toBe(5_000n);
  });

  it('approved → rejected: the pending withdrawal is held, not paid, and new withdrawals stop at once', async () => {
    const player = await kit.basicPlayer(100);
    const reference = await verifyThroughSandbox(player);
    const pending = await kit.withdraw(player, 20);
    expect(pending.statusCode).toBe(202);

    const revoked = await kit.webhook({ reference, status: 'rejected_final' });
    expect(revoked.statusCode).toBe(200);
    expect(await kit.withdrawalRow(kit.withdrawalId(pending))).toMatchObject({
      status: 'pending',
      review_state: 'held',
      review_reason: 'verification_required',
    });
    await processor().processDue(100);
    expect((await kit.withdrawalRow(kit.withdrawalId(pending))).status).toBe('pending');

    // Even $10, far under the $50 threshold: the provider refused this identity.
    const refused = await kit.withdraw(player, 10);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ params: { tier: 'verified', reason: 'identity_not_confirmed' } });
    expect(await kit.status(player)).toMatchObject({
      tier: 'basic',
      status: 'rejected_final',
      next: { tier: 'verified', step: 'contact_support' },
    });
    expect((await kit.withdraw(player, 10)).statusCode).toBe(403);
  });

  it('holds at payout a withdrawal whose player lost the approval without a webhook hold (processor re-check)', async () => {
    const player = await kit.basicPlayer(100);
    await verifyThroughSandbox(player);
    const pending = await kit.withdraw(player, 70);
    expect(pending.statusCode).toBe(202);
    // As if the approval ended while the request was in flight: only the processor's re-check can stop it now.
    await sql(testApp.databaseUrl, `UPDATE kyc_profiles SET status = 'expired' WHERE user_id = $1`, [player.user.id]);
    await processor().processDue(100);
    expect(await kit.withdrawalRow(kit.withdrawalId(pending))).toMatchObject({
      status: 'pending',
      review_state: 'held',
      review_reason: 'verification_required',
    });
  });

  it('a date of birth on the document that differs from the declared one goes to needs_review', async () => {
    const player = await kit.basicPlayer(0);
    const inquiry = await kit.startInquiry(player);
    const outcome = await app.inject({
      method: 'POST',
      url: `/api/kyc/sandbox/${inquiry.reference}/outcome`,
      payload: { status: 'approved', date_of_birth: '1991-05-17' },
    });
    expect(outcome.statusCode).toBe(202);
    await eventually(async () => (await kit.status(player)).status !== 'pending');
    const status: KycStatusDto = await kit.status(player);
    expect(status).toMatchObject({ tier: 'basic', status: 'needs_review', next: { step: 'wait_for_support' } });
    // While support reviews, no new inquiry can be started.
    const again = await app.inject({
      method: 'POST',
      url: '/api/kyc/inquiries',
      headers: bearer(player.accessToken),
    });
    expect(again.statusCode).toBe(409);
  });

  it('needs the enhanced tier for deposits above the 30-day threshold, and basic to start a check', async () => {
    const player = await kit.basicPlayer(145);
    const over = await kit.deposit(player, 10);
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({ params: { tier: 'enhanced', action: 'deposit', reason: 'deposits_30d' } });
    expect(await kit.balanceCents(player.user.id)).toBe(14_500n);

    const unverifiedEmail = await registerUser(app);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/kyc/inquiries',
      headers: bearer(unverifiedEmail.accessToken),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ params: { tier: 'basic', reason: 'verify_email' } });
    expect((await kit.status(unverifiedEmail)).tier).toBe('none');
  });
});

describe('KYC_REQUIRED_FOR=play (real PostgreSQL)', () => {
  let testApp: TestApp;
  let kit: ReturnType<typeof kycTestKit>;

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000', KYC_REQUIRED_FOR: 'play' });
    kit = kycTestKit(testApp.app, testApp.databaseUrl);
  });
  afterAll(() => testApp.close());

  it('refuses deposits, stakes and withdrawals of an unverified player', async () => {
    const player = await kit.basicPlayer(0);
    const deposit = await kit.deposit(player, 10);
    expect(deposit.statusCode).toBe(403);
    expect(deposit.json()).toMatchObject({ params: { tier: 'verified', action: 'deposit', reason: 'policy' } });
    const stake = await testApp.app.inject({
      method: 'POST',
      url: '/api/rooms',
      headers: bearer(player.accessToken),
      payload: { game_id: 'quick-click', bet_amount: '1.00' },
    });
    expect(stake.statusCode).toBe(403);
    expect(stake.json()).toMatchObject({ code: KYC_ERROR_CODES.verificationRequired, params: { action: 'stake' } });
    expect((await kit.status(player)).required_now.map((item) => item.action).sort()).toEqual([
      'deposit',
      'stake',
      'withdrawal',
    ]);
  });
});
