import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ADMIN_ERROR_CODES, ADMIN_MESSAGES, centsToDollars, type AdminWithdrawalDto } from '@skillduel/contracts';
import { DataSource } from 'typeorm';
import { AuditLogRepository } from '../admin/audit-log.repository';
import { SeparationOfDutiesService } from '../admin/separation-of-duties.service';
import { AppError } from '../common/app-error';
import { queryRows, SqlRunner } from '../database/sql';
import { LedgerService } from './ledger/ledger.service';
import { WalletRepository } from './wallet.repository';

interface HeldWithdrawalRow {
  id: string;
  user_id: string;
  username: string;
  amount_cents: string;
  payment_method: string;
  status: string;
  review_state: 'held' | 'approved' | 'rejected' | null;
  review_reason: string | null;
  created_at: Date;
}

function toDto(row: HeldWithdrawalRow): Omit<AdminWithdrawalDto, 'pending_approval'> {
  return {
    id: row.id,
    user_id: row.user_id,
    username: row.username,
    amount: centsToDollars(BigInt(row.amount_cents)),
    payment_method: row.payment_method,
    status: row.status,
    review_state: row.review_state,
    review_reason: row.review_reason,
    created_at: row.created_at.toISOString(),
  };
}

const WITHDRAWAL_COLUMNS = `p.id, p.user_id, u.username, p.amount_cents::text, p.payment_method, p.status, p.review_state,
  p.review_reason, p.created_at`;

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
    private readonly audit: AuditLogRepository,
    private readonly duties: SeparationOfDutiesService,
  ) {}

  async list(state: 'held' | 'all', userId?: string): Promise<AdminWithdrawalDto[]> {
    const rows = await queryRows<HeldWithdrawalRow>(
      this.dataSource.manager,
      `SELECT ${WITHDRAWAL_COLUMNS} FROM wallet_payments p JOIN users u ON u.id = p.user_id
        WHERE p.direction = 'withdrawal' AND ($1::text = 'all' OR p.review_state = 'held')
          AND ($2::uuid IS NULL OR p.user_id = $2)
        ORDER BY p.created_at DESC LIMIT 200`,
      [state, userId ?? null],
    );
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
        amountCents: BigInt(held.amount_cents),
        movesMoney: true,
        audit: { action: 'withdrawal.approve', targetType: 'withdrawal', targetId: paymentId },
      });
      if (fourEyes.kind === 'proposed') return toDto(held);
      await manager.query(
        `UPDATE wallet_payments SET review_state = 'approved', review_reason = $2, reviewed_by = $3,
                reviewed_at = now(), process_after = now(), updated_at = now()
          WHERE id = $1`,
        [paymentId, reason, actorId],
      );
      await this.audit.record(manager, {
        actorId,
        action: 'withdrawal.approve',
        targetType: 'withdrawal',
        targetId: paymentId,
        reason,
        before: { review_state: 'held' },
        after: { review_state: 'approved', ...fourEyes.auditFields },
      });
      return toDto({ ...held, review_state: 'approved', review_reason: reason });
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
        amountCents: BigInt(held.amount_cents),
        movesMoney: false,
        audit: { action: 'withdrawal.reject', targetType: 'withdrawal', targetId: paymentId },
      });
      if (fourEyes.kind === 'proposed') return toDto(held);
      const amountCents = BigInt(held.amount_cents);
      const pending = await this.ledger.systemAccount('pending_withdrawals');
      const wallet = await this.ledger.ensureWallet(held.user_id, manager);
      const posted = await this.ledger.post(
        {
          kind: 'withdrawal_refund',
          idempotencyKey: `withdrawal:${paymentId}:settle`,
          entries: [
            { accountId: pending, amountCents: -amountCents },
            { accountId: wallet, amountCents },
          ],
          references: { userId: held.user_id, paymentId },
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
      await manager.query(
        `UPDATE wallet_payments SET review_state = 'rejected', review_reason = $2, reviewed_by = $3, reviewed_at = now()
          WHERE id = $1`,
        [paymentId, reason, actorId],
      );
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
      return toDto({ ...held, status: 'failed', review_state: 'rejected', review_reason: reason });
    });
    const [answer] = await this.duties.withPending('withdrawal', [decided], (row) => row.id);
    return answer;
  }

  /**
   * Locks the withdrawal, insists it is still waiting for a decision (409 otherwise, 404 when unknown) and refuses a
   * decision by someone with a conflict of interest (403).
   */
  private async lockHeld(runner: SqlRunner, actorId: string, paymentId: string): Promise<HeldWithdrawalRow> {
    if (!/^[0-9a-f-]{36}$/i.test(paymentId)) throw AppError.notFound();
    const rows = await queryRows<HeldWithdrawalRow>(
      runner,
      `SELECT ${WITHDRAWAL_COLUMNS} FROM wallet_payments p JOIN users u ON u.id = p.user_id
        WHERE p.id = $1 AND p.direction = 'withdrawal' FOR UPDATE OF p`,
      [paymentId],
    );
    const row = rows[0];
    if (!row) throw AppError.notFound();
    // The state first: concurrent calls on one withdrawal queue on its row lock, and all but the first must leave it
    // at once (a decided withdrawal answers 409 to anyone; nothing is left to decide).
    if (row.review_state !== 'held' || row.status !== 'pending') {
      throw AppError.conflict(ADMIN_ERROR_CODES.reviewDecided, ADMIN_MESSAGES.reviewDecided);
    }
    await this.duties.assertMayDecide(runner, actorId, { userIds: [row.user_id] });
    return row;
  }
}
