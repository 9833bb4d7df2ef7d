import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ADMIN_ERROR_CODES, ADMIN_MESSAGES, centsToDollars, type AdminWithdrawalDto } from '@skillduel/contracts';
import { DataSource } from 'typeorm';
import { AuditLogRepository } from '../admin/audit-log.repository';
import { SeparationOfDutiesService } from '../admin/separation-of-duties.service';
import { AppError } from '../common/app-error';
import { SqlRunner } from '../database/sql';
import { LedgerService } from './ledger/ledger.service';
import { WalletRepository } from './wallet.repository';
import { ReviewedWithdrawal, WithdrawalReviewRepository } from './withdrawal-review.repository';

/** The queue shows the newest withdrawals first, this many at most. */
const QUEUE_LIMIT = 200;

function toDto(withdrawal: ReviewedWithdrawal): Omit<AdminWithdrawalDto, 'pending_approval'> {
  return {
    id: withdrawal.id,
    user_id: withdrawal.userId,
    username: withdrawal.username,
    amount: centsToDollars(withdrawal.amountCents),
    payment_method: withdrawal.paymentMethod,
    status: withdrawal.status,
    review_state: withdrawal.reviewState,
    review_reason: withdrawal.reviewReason,
    rolling_24h_total:
      withdrawal.rolling24hTotalCents === null ? null : centsToDollars(withdrawal.rolling24hTotalCents),
    created_at: withdrawal.createdAt.toISOString(),
  };
}

/**
 * Support's decision on a withdrawal held for review (docs/decisions/1601): approve → the processor pays it as any
 * other; reject → refunded by a reversing ledger transaction with the same settle key the processor would use, so a
 * withdrawal is settled exactly once whoever gets there first. The payment row is locked first, so concurrent
 * decisions serialize and only the first one acts; each decision is audited in its own transaction.
 * Separation of duties (docs/decisions/2310): nobody decides on their own or a linked account's withdrawal, and an
 * approval above FOUR_EYES_ABOVE is a proposal until a second staff member confirms it. A rejection needs one person:
 * the money goes back to the player's own wallet and leaves nobody's hands.
 */
@Injectable()
export class WithdrawalReviewService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly repository: WalletRepository,
    private readonly reviews: WithdrawalReviewRepository,
    private readonly audit: AuditLogRepository,
    private readonly duties: SeparationOfDutiesService,
  ) {}

  async list(state: 'held' | 'all', userId?: string): Promise<AdminWithdrawalDto[]> {
    const rows = await this.reviews.list(this.dataSource.manager, {
      state,
      userId: userId ?? null,
      limit: QUEUE_LIMIT,
    });
    return this.duties.withPending('withdrawal', rows.map(toDto), (row) => row.id);
  }

  async approve(actorId: string, paymentId: string, reason: string): Promise<AdminWithdrawalDto> {
    const decided = await this.dataSource.transaction(async (manager) => {
      const held = await this.lockHeld(manager, actorId, paymentId);
      const fourEyes = await this.duties.fourEyes(manager, {
        actorId,
        targetType: 'withdrawal',
        targetId: paymentId,
        decision: 'approve',
        note: reason,
        amountCents: held.amountCents,
        movesMoney: true,
        audit: { action: 'withdrawal.approve', targetType: 'withdrawal', targetId: paymentId },
      });
      if (fourEyes.kind === 'proposed') return toDto(held);
      await this.reviews.markApproved(manager, paymentId, actorId, reason);
      await this.audit.record(manager, {
        actorId,
        action: 'withdrawal.approve',
        targetType: 'withdrawal',
        targetId: paymentId,
        reason,
        before: { review_state: 'held' },
        after: { review_state: 'approved', ...fourEyes.auditFields },
      });
      return toDto({ ...held, reviewState: 'approved', reviewReason: reason });
    });
    const [answer] = await this.duties.withPending('withdrawal', [decided], (row) => row.id);
    return answer;
  }

  async reject(actorId: string, paymentId: string, reason: string): Promise<AdminWithdrawalDto> {
    const decided = await this.dataSource.transaction(async (manager) => {
      const held = await this.lockHeld(manager, actorId, paymentId);
      // Needs no second person (see the class comment), but ends any approval waiting for one.
      const fourEyes = await this.duties.fourEyes(manager, {
        actorId,
        targetType: 'withdrawal',
        targetId: paymentId,
        decision: 'reject',
        note: reason,
        amountCents: held.amountCents,
        movesMoney: false,
        audit: { action: 'withdrawal.reject', targetType: 'withdrawal', targetId: paymentId },
      });
      if (fourEyes.kind === 'proposed') return toDto(held);
      const amountCents = held.amountCents;
      const pending = await this.ledger.systemAccount('pending_withdrawals');
      const wallet = await this.ledger.ensureWallet(held.userId, manager);
      const posted = await this.ledger.post(
        {
          kind: 'withdrawal_refund',
          idempotencyKey: `withdrawal:${paymentId}:settle`,
          entries: [
            { accountId: pending, amountCents: -amountCents },
            { accountId: wallet, amountCents },
          ],
          references: { userId: held.userId, paymentId },
          metadata: { review: 'rejected', reviewed_by: actorId },
        },
        manager,
      );
      await this.repository.settleWithdrawal(manager, {
        id: paymentId,
        status: 'failed',
        settlementTransactionId: posted.transactionId,
        providerReference: null,
        failureReason: ADMIN_MESSAGES.withdrawalRejected(reason),
      });
      await this.reviews.markRejected(manager, paymentId, actorId, reason);
      await this.audit.record(manager, {
        actorId,
        action: 'withdrawal.reject',
        targetType: 'withdrawal',
        targetId: paymentId,
        reason,
        before: { review_state: 'held', status: 'pending' },
        after: {
          review_state: 'rejected',
          status: 'failed',
          refund_transaction_id: posted.transactionId,
          ...fourEyes.auditFields,
        },
      });
      return toDto({ ...held, status: 'failed', reviewState: 'rejected', reviewReason: reason });
    });
    const [answer] = await this.duties.withPending('withdrawal', [decided], (row) => row.id);
    return answer;
  }

  /**
   * Locks the withdrawal, insists it is still waiting for a decision (409 otherwise, 404 when unknown) and refuses a
   * decision by someone with a conflict of interest (403).
   */
  private async lockHeld(runner: SqlRunner, actorId: string, paymentId: string): Promise<ReviewedWithdrawal> {
    if (!/^[0-9a-f-]{36}$/i.test(paymentId)) throw AppError.notFound();
    const withdrawal = await this.reviews.lock(runner, paymentId);
    if (!withdrawal) throw AppError.notFound();
    // The state first: concurrent calls on one withdrawal queue on its row lock, and all but the first must leave it
    // at once (a decided withdrawal answers 409 to anyone; nothing is left to decide).
    if (withdrawal.reviewState !== 'held' || withdrawal.status !== 'pending') {
      throw AppError.conflict(ADMIN_ERROR_CODES.reviewDecided, ADMIN_MESSAGES.reviewDecided);
    }
    await this.duties.assertMayDecide(runner, actorId, { userIds: [withdrawal.userId] });
    return withdrawal;
  }
}
