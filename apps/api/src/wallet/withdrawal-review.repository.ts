import { Injectable } from '@nestjs/common';
import { queryRows, SqlRunner } from '../database/sql';

type ReviewState = 'held' | 'approved' | 'rejected';

/** A withdrawal as support's queue shows it. */
export interface ReviewedWithdrawal {
  id: string;
  userId: string;
  username: string;
  amountCents: bigint;
  paymentMethod: string;
  status: string;
  reviewState: ReviewState | null;
  reviewReason: string | null;
  /** The 24-hour total the review rule saw when it was requested (decision 2320); null for older withdrawals. */
  rolling24hTotalCents: bigint | null;
  createdAt: Date;
}

interface WithdrawalRow {
  id: string;
  user_id: string;
  username: string;
  amount_cents: string;
  payment_method: string;
  status: string;
  review_state: ReviewState | null;
  review_reason: string | null;
  rolling_24h_total_cents: string | null;
  created_at: Date;
}

const WITHDRAWAL_COLUMNS = `p.id, p.user_id, u.username, p.amount_cents::text, p.payment_method, p.status, p.review_state,
  p.review_reason, p.rolling_24h_total_cents::text, p.created_at`;

function toWithdrawal(row: WithdrawalRow): ReviewedWithdrawal {
  return {
    id: row.id,
    userId: row.user_id,
    username: row.username,
    amountCents: BigInt(row.amount_cents),
    paymentMethod: row.payment_method,
    status: row.status,
    reviewState: row.review_state,
    reviewReason: row.review_reason,
    rolling24hTotalCents: row.rolling_24h_total_cents === null ? null : BigInt(row.rolling_24h_total_cents),
    createdAt: row.created_at,
  };
}

/** SQL of support's withdrawal review (the queue and the decisions); the money moves through LedgerService. */
@Injectable()
export class WithdrawalReviewRepository {
  /** Held withdrawals (or all of them), of one user or everyone, newest first, at most `limit`. */
  async list(
    runner: SqlRunner,
    filter: { state: 'held' | 'all'; userId: string | null; limit: number },
  ): Promise<ReviewedWithdrawal[]> {
    const rows = await queryRows<WithdrawalRow>(
      runner,
      `SELECT ${WITHDRAWAL_COLUMNS} FROM wallet_payments p JOIN users u ON u.id = p.user_id
        WHERE p.direction = 'withdrawal' AND ($1::text = 'all' OR p.review_state = 'held')
          AND ($2::uuid IS NULL OR p.user_id = $2)
        ORDER BY p.created_at DESC LIMIT $3`,
      [filter.state, filter.userId, filter.limit],
    );
    return rows.map(toWithdrawal);
  }

  /** The withdrawal, its row locked until the caller's transaction ends; null when there is no such withdrawal. */
  async lock(runner: SqlRunner, paymentId: string): Promise<ReviewedWithdrawal | null> {
    const rows = await queryRows<WithdrawalRow>(
      runner,
      `SELECT ${WITHDRAWAL_COLUMNS} FROM wallet_payments p JOIN users u ON u.id = p.user_id
        WHERE p.id = $1 AND p.direction = 'withdrawal' FOR UPDATE OF p`,
      [paymentId],
    );
    return rows[0] ? toWithdrawal(rows[0]) : null;
  }

  /** Approved: due for the processor at once. */
  async markApproved(runner: SqlRunner, paymentId: string, actorId: string, reason: string): Promise<void> {
    await queryRows(
      runner,
      `UPDATE wallet_payments SET review_state = 'approved', review_reason = $2, reviewed_by = $3,
              reviewed_at = now(), process_after = now(), updated_at = now()
        WHERE id = $1`,
      [paymentId, reason, actorId],
    );
  }

  /** Rejected (the refund and the failed status are written by the caller in the same transaction). */
  async markRejected(runner: SqlRunner, paymentId: string, actorId: string, reason: string): Promise<void> {
    await queryRows(
      runner,
      `UPDATE wallet_payments SET review_state = 'rejected', review_reason = $2, reviewed_by = $3, reviewed_at = now()
        WHERE id = $1`,
      [paymentId, reason, actorId],
    );
  }
}
