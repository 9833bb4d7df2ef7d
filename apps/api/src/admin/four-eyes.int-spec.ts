import {
  ADMIN_ERROR_CODES,
  type AdminAuditEntryDto,
  type AdminDisputeDto,
  type AdminDisputeSummaryDto,
  type AdminWithdrawalDto,
} from '@skillduel/contracts';
import { sql } from '../../test/db';
import { createTestApp, TestApp } from '../../test/test-app';
import { balanceCents, expectMoneyConsistent } from '../rooms/testing/rooms-test-kit';
import { StaffTestKit } from './testing/staff-test-kit';

/**
 * Four-eyes money decisions (decision 2310) with FOUR_EYES_ABOVE = $20: the first staff member's decision is only a
 * proposal (shown in the queue, audited, no money moves); the same person again is refused; a second staff member
 * with a conflict of interest is refused too; a second, different, unconflicted one confirms and the money moves
 * once, with both names in the audit trail.
 */
describe('four-eyes staff decisions above FOUR_EYES_ABOVE (real PostgreSQL)', () => {
  let testApp: TestApp;
  let kit: StaffTestKit;

  beforeAll(async () => {
    testApp = await createTestApp({
      WITHDRAWAL_PROCESSOR_ENABLED: 'false',
      WITHDRAWAL_DELAY_SECONDS: '0',
      WITHDRAWAL_REVIEW_THRESHOLD: '1',
      FOUR_EYES_ABOVE: '20',
      RATE_LIMIT_PER_MINUTE: '1000000',
      MATCH_COUNTDOWN_MS: '100',
      MATCH_TIME_LIMIT_OVERRIDE_MS: '1500',
      ROOM_SWEEP_INTERVAL_MS: '600000',
    });
    await testApp.app.listen(0, '127.0.0.1');
    kit = new StaffTestKit(testApp.app, testApp.databaseUrl);
  });
  afterEach(async () => {
    kit.closeSockets();
    await expectMoneyConsistent(testApp.databaseUrl);
  });
  afterAll(() => testApp.close());

  const paymentState = async (id: string) =>
    (
      await sql<{ review_state: string; reviewed_by: string | null }>(
        testApp.databaseUrl,
        `SELECT review_state, reviewed_by FROM wallet_payments WHERE id = $1`,
        [id],
      )
    )[0];

  it('a large withdrawal is paid only after a second, different, unconflicted staff member confirms it', async () => {
    const [first, linkedSupport, admin, player] = await Promise.all([
      kit.member('support'),
      kit.member('support'),
      kit.member('admin'),
      kit.member('player'),
    ]);
    await kit.linkByIp(linkedSupport, player);
    const paymentId = await kit.heldWithdrawal(player, 50);
    const approveUrl = `/api/admin/withdrawals/${paymentId}/approve`;

    const proposed = await kit.call(first, 'POST', approveUrl, { reason: 'Known customer, documents checked' });
    expect(proposed.statusCode).toBe(200);
    expect(proposed.json<AdminWithdrawalDto>()).toMatchObject({
      review_state: 'held',
      pending_approval: {
        decision: 'approve',
        proposed_by: first.user.id,
        proposed_by_username: first.user.username,
        amount: 50,
      },
    });
    expect(await paymentState(paymentId)).toEqual({ review_state: 'held', reviewed_by: null });
    const queue = (await kit.call(admin, 'GET', '/api/admin/withdrawals')).json<AdminWithdrawalDto[]>();
    expect(queue.find((item) => item.id === paymentId)?.pending_approval).toMatchObject({ proposed_by: first.user.id });

    const twice = await kit.call(first, 'POST', approveUrl, { reason: 'Approving again' });
    expect([twice.statusCode, twice.json<{ code: string }>().code]).toEqual([
      409,
      ADMIN_ERROR_CODES.awaitingSecondApproval,
    ]);
    // The confirmer is checked like anyone: this one signed in from the player's address.
    const conflicted = await kit.call(linkedSupport, 'POST', approveUrl, { reason: 'Looks fine' });
    expect([conflicted.statusCode, conflicted.json<{ code: string }>().code]).toEqual([
      403,
      ADMIN_ERROR_CODES.conflictOfInterest,
    ]);
    expect(await paymentState(paymentId)).toEqual({ review_state: 'held', reviewed_by: null });

    const confirmed = await kit.call(admin, 'POST', approveUrl, { reason: 'Confirmed' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<AdminWithdrawalDto>()).toMatchObject({ review_state: 'approved', pending_approval: null });
    expect(await paymentState(paymentId)).toEqual({ review_state: 'approved', reviewed_by: admin.user.id });

    const audit = (await kit.call(admin, 'GET', `/api/admin/audit?target_id=${paymentId}`)).json<
      AdminAuditEntryDto[]
    >();
    expect(audit.map((entry) => [entry.action, entry.actor_id])).toEqual([
      ['withdrawal.approve', admin.user.id],
      ['withdrawal.approve_proposed', first.user.id],
    ]);
    expect(audit[0].after).toMatchObject({
      four_eyes: { proposed_by: first.user.id, confirmed_by: admin.user.id },
    });
  });

  it('a small withdrawal needs one person; a rejection ends a pending approval and refunds at once', async () => {
    const [support, other, player] = await Promise.all([
      kit.member('support'),
      kit.member('support'),
      kit.member('player'),
    ]);
    const small = await kit.heldWithdrawal(player, 15);
    const approved = await kit.call(support, 'POST', `/api/admin/withdrawals/${small}/approve`, { reason: 'Small' });
    expect(approved.json<AdminWithdrawalDto>()).toMatchObject({ review_state: 'approved', pending_approval: null });

    const large = await kit.heldWithdrawal(player, 40);
    await kit.call(support, 'POST', `/api/admin/withdrawals/${large}/approve`, { reason: 'Looks fine to me' });
    const before = await balanceCents(testApp.databaseUrl, player.user.id);
    const rejected = await kit.call(other, 'POST', `/api/admin/withdrawals/${large}/reject`, { reason: 'Stolen card' });
    expect(rejected.json<AdminWithdrawalDto>()).toMatchObject({ review_state: 'rejected', pending_approval: null });
    expect(await balanceCents(testApp.databaseUrl, player.user.id)).toBe(before + 4_000n);
    const audit = (await kit.call(other, 'GET', `/api/admin/audit?target_id=${large}`)).json<AdminAuditEntryDto[]>();
    expect(audit[0]).toMatchObject({
      action: 'withdrawal.reject',
      after: expect.objectContaining({ superseded_proposal: { decision: 'approve', proposed_by: support.user.id } }),
    });
  });

  it('voiding a disputed round above the limit waits for a second staff member; then both wallets are restored once', async () => {
    const [first, second, alice, bob] = await Promise.all([
      kit.member('support'),
      kit.member('admin'),
      kit.member('player'),
      kit.member('player'),
    ]);
    const { roomId } = await kit.round(alice, bob, 15);
    const disputeId = await kit.dispute(bob, roomId);
    const wonCents = await balanceCents(testApp.databaseUrl, alice.user.id);
    const decideUrl = `/api/admin/disputes/${disputeId}/decide`;

    const proposed = await kit.call(first, 'POST', decideUrl, { decision: 'void', note: 'Lag on our side' });
    expect(proposed.statusCode).toBe(200);
    expect(proposed.json<AdminDisputeDto>()).toMatchObject({
      status: 'open',
      pending_approval: { decision: 'void', proposed_by: first.user.id },
    });
    expect(await balanceCents(testApp.databaseUrl, alice.user.id)).toBe(wonCents);
    const queue = (await kit.call(second, 'GET', '/api/admin/disputes')).json<AdminDisputeSummaryDto[]>();
    expect(queue.find((item) => item.id === disputeId)?.pending_approval).toMatchObject({ decision: 'void' });

    const confirmed = await kit.call(second, 'POST', decideUrl, { decision: 'void', note: 'Agreed, lag' });
    expect(confirmed.json<AdminDisputeDto>()).toMatchObject({ status: 'voided', pending_approval: null });
    expect(await balanceCents(testApp.databaseUrl, alice.user.id)).toBe(10_000n);
    expect(await balanceCents(testApp.databaseUrl, bob.user.id)).toBe(10_000n);
    const audit = (await kit.call(second, 'GET', `/api/admin/audit?target_id=${disputeId}`)).json<
      AdminAuditEntryDto[]
    >();
    expect(audit.map((entry) => entry.action)).toEqual(['dispute.void', 'dispute.void_proposed']);
  });
});
