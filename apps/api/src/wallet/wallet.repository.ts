import { Injectable } from '@nestjs/common';
import type { PaymentMethod, TransactionStatus, TransactionType } from '@skillduel/contracts';
import { queryRows, SqlRunner } from '../database/sql';

type PaymentDirection = 'deposit' | 'withdrawal';

export interface NewPayment {
  id: string;
  userId: string;
  direction: PaymentDirection;
  amountCents: bigint;
  method: PaymentMethod;
  provider: string;
  status: TransactionStatus;
  providerReference: string | null;
  failureReason: string | null;
  ledgerTransactionId: string | null;
  /** Withdrawals only: when the processor may pay it out. */
  processAfterSeconds: number | null;
  /** Withdrawals only: why it is held for review (then the processor skips it until support approves it). */
  heldForReview?: string | null;
  /** Withdrawals only: the 24-hour total the review rule saw, this withdrawal included (decision 2320). */
  rolling24hTotalCents?: bigint | null;
}

export interface DueWithdrawal {
  id: string;
  userId: string;
  amountCents: bigint;
  method: PaymentMethod;
  attempts: number;
}

export interface HistoryRow {
  id: string;
  type: TransactionType;
  amountCents: bigint;
  status: TransactionStatus;
  method: PaymentMethod | null;
  createdAt: Date;
  balanceAfterCents: bigint | null;
  /** Withdrawals only: held for review, approved or rejected by support; null otherwise. */
  reviewState: 'held' | 'approved' | 'rejected' | null;
}

export interface WalletTotals {
  balanceCents: bigint;
  depositedCents: bigint;
  withdrawnCents: bigint;
}

/** SQL of deposits, withdrawals and the history. Money moves only through LedgerService. */
/**
 * Open `rejected_inputs` flags (rounds with 3+ inputs under a floor or over a rate cap) it takes to hold an account's
 * withdrawals when it has no other open flag (decision 2702): one or two are a fast person's slips; three open rounds
 * are a pattern worth a look.
 */
const FLOOR_FLAGS_THAT_HOLD_WITHDRAWALS = 3;

/** The last gate before money leaves (decision 2703): its knobs, from the validated config. */
export interface WithdrawalGate {
  /** Accounts younger than this many days (0: none) with net winnings above the next figure wait for review. */
  newAccountDays: number;
  newAccountWinningsAboveCents: bigint;
  /** Held when more than this percentage of net winnings come from released-after-hold or flagged pots (100: off). */
  suspectWinningsPercent: number;
}

/** Net winnings mostly from pots that were held and released, or flagged and not dismissed. */
function suspectWinnings(
  row: { winnings_cents: string; suspect_winnings_cents: string },
  gate: WithdrawalGate,
): boolean {
  const suspect = BigInt(row.suspect_winnings_cents);
  const total = BigInt(row.winnings_cents);
  return suspect > 0n && suspect * 100n > total * BigInt(gate.suspectWinningsPercent);
}

@Injectable()
export class WalletRepository {
  async userPermissions(
    runner: SqlRunner,
    userId: string,
  ): Promise<{ canDeposit: boolean; canWithdraw: boolean; frozen: boolean } | null> {
    const rows = await queryRows<{ can_deposit: boolean; can_withdraw: boolean; frozen: boolean }>(
      runner,
      `SELECT can_deposit, can_withdraw, frozen_at IS NOT NULL AS frozen FROM users WHERE id = $1`,
      [userId],
    );
    return rows[0]
      ? { canDeposit: rows[0].can_deposit, canWithdraw: rows[0].can_withdraw, frozen: rows[0].frozen }
      : null;
  }

  /**
   * Whether a withdrawal of `amountCents` must be held for review (docs/decisions/1601, 2320), and the 24-hour total
   * the rule saw. Held when the total is above the threshold, when the account has open fair-play flags, or within 24
   * hours of a password or email change. A `rejected_inputs` flag (a few answers under an engine floor) does not hold
   * withdrawals on its own: the engine already cost those answers, and strong players meet a floor now and then
   * (decision 2702); only `FLOOR_FLAGS_THAT_HOLD_WITHDRAWALS` open ones (a pattern) do. The total is this withdrawal plus the user's withdrawals of the last
   * `windowHours` that were not failed or rejected (pending, held, approved and paid ones count), so splitting a large
   * amount into small ones is held like the large one. The caller holds the wallet's row lock: every withdrawal of
   * the user takes it first, so the withdrawals counted here are all the committed ones and none can commit in
   * between (two concurrent requests cannot both stay under the threshold).
   */
  async withdrawalReview(
    runner: SqlRunner,
    review: {
      userId: string;
      amountCents: bigint;
      thresholdCents: bigint;
      windowHours: number;
      gate: WithdrawalGate;
    },
  ): Promise<{ heldBecause: string | null; rolling24hTotalCents: bigint }> {
    const rows = await queryRows<{
      recent: boolean;
      flagged: boolean;
      earlier_cents: string;
      young: boolean;
      winnings_cents: string;
      suspect_winnings_cents: string;
    }>(
      runner,
      `SELECT coalesce(credentials_changed_at > now() - interval '24 hours', false) AS recent,
              (EXISTS (SELECT 1 FROM fair_play_flags f
                        WHERE f.user_id = users.id AND f.status = 'open' AND f.kind <> 'rejected_inputs')
               OR (SELECT count(*) FROM fair_play_flags f
                    WHERE f.user_id = users.id AND f.status = 'open' AND f.kind = 'rejected_inputs') >= $3) AS flagged,
              (SELECT coalesce(sum(p.amount_cents), 0) FROM wallet_payments p
                WHERE p.user_id = users.id AND p.direction = 'withdrawal'
                  AND p.created_at > now() - make_interval(hours => $2::integer)
                  AND p.status <> 'failed' AND p.review_state IS DISTINCT FROM 'rejected')::text AS earlier_cents,
              created_at > now() - make_interval(days => $4::integer) AS young,
              won.winnings_cents::text, won.suspect_winnings_cents::text
         FROM users,
              LATERAL (
                SELECT coalesce(sum(m.payout_cents - m.bet_cents), 0) AS winnings_cents,
                       coalesce(sum(m.payout_cents - m.bet_cents) FILTER (WHERE
                         EXISTS (SELECT 1 FROM fair_play_reviews r WHERE r.match_id = m.id)
                         OR EXISTS (SELECT 1 FROM fair_play_flags f
                                     WHERE f.match_id = m.id AND f.kind <> 'rejected_inputs'
                                       AND f.status <> 'dismissed')), 0) AS suspect_winnings_cents
                  FROM matches m WHERE m.winner_id = users.id AND m.status = 'finished' AND m.payout_cents IS NOT NULL
              ) AS won
        WHERE id = $1`,
      [review.userId, review.windowHours, FLOOR_FLAGS_THAT_HOLD_WITHDRAWALS, review.gate.newAccountDays],
    );
    const row = rows[0];
    const rolling24hTotalCents = review.amountCents + BigInt(row?.earlier_cents ?? '0');
    let heldBecause: string | null = null;
    if (rolling24hTotalCents > review.thresholdCents) heldBecause = 'above_threshold';
    else if (row?.flagged) heldBecause = 'open_flags';
    else if (row && suspectWinnings(row, review.gate)) heldBecause = 'suspect_winnings';
    else if (row?.young && BigInt(row.winnings_cents) > review.gate.newAccountWinningsAboveCents) {
      heldBecause = 'new_account_winnings';
    } else if (row?.recent) heldBecause = 'recent_credentials_change';
    return { heldBecause, rolling24hTotalCents };
  }

  /** Inserts a payment and answers its creation time (the transaction's created_at in the history). */
  async insertPayment(runner: SqlRunner, payment: NewPayment): Promise<Date> {
    const rows = await queryRows<{ created_at: Date }>(
      runner,
      `INSERT INTO wallet_payments (id, user_id, direction, amount_cents, payment_method, provider, status,
                                    provider_reference, failure_reason, ledger_transaction_id, process_after, completed_at,
                                    review_state, review_reason, rolling_24h_total_cents)
       VALUES ($1, $2, $3, $4, $5, $6, $7::varchar, $8, $9, $10,
               CASE WHEN $11::integer IS NULL THEN NULL ELSE now() + make_interval(secs => $11::integer) END,
               CASE WHEN $7::varchar = 'pending' THEN NULL ELSE now() END,
               CASE WHEN $12::varchar IS NULL THEN NULL ELSE 'held' END, $12::varchar, $13::bigint)
       RETURNING created_at`,
      [
        payment.id,
        payment.userId,
        payment.direction,
        payment.amountCents.toString(),
        payment.method,
        payment.provider,
        payment.status,
        payment.providerReference,
        payment.failureReason,
        payment.ledgerTransactionId,
        payment.processAfterSeconds,
        payment.heldForReview ?? null,
        payment.rolling24hTotalCents?.toString() ?? null,
      ],
    );
    return rows[0].created_at;
  }

  /**
   * Claims the next due withdrawal: the row stays locked until the caller's transaction ends, and other processors
   * (other instances) skip it instead of waiting, so no two ever work on the same withdrawal.
   */
  async claimDueWithdrawal(runner: SqlRunner): Promise<DueWithdrawal | null> {
    const rows = await queryRows<{
      id: string;
      user_id: string;
      amount_cents: string;
      payment_method: PaymentMethod;
      attempts: number;
    }>(
      runner,
      `SELECT id, user_id, amount_cents, payment_method, attempts FROM wallet_payments
       WHERE direction = 'withdrawal' AND status = 'pending' AND process_after <= now()
         AND review_state IS DISTINCT FROM 'held'
       ORDER BY process_after, id
       LIMIT 1
       FOR UPDATE SKIP LOCKED`,
    );
    const row = rows[0];
    return row
      ? {
          id: row.id,
          userId: row.user_id,
          amountCents: BigInt(row.amount_cents),
          method: row.payment_method,
          attempts: row.attempts,
        }
      : null;
  }

  async settleWithdrawal(
    runner: SqlRunner,
    settlement: {
      id: string;
      status: 'completed' | 'failed';
      settlementTransactionId: string;
      providerReference: string | null;
      failureReason: string | null;
    },
  ): Promise<void> {
    const rows = await queryRows<{ id: string }>(
      runner,
      `WITH settled AS (
         UPDATE wallet_payments
            SET status = $2, settlement_transaction_id = $3, provider_reference = $4, failure_reason = $5,
                attempts = attempts + 1, completed_at = now(), updated_at = now()
          WHERE id = $1 AND direction = 'withdrawal' AND status = 'pending'
          RETURNING id)
       SELECT id FROM settled`,
      [
        settlement.id,
        settlement.status,
        settlement.settlementTransactionId,
        settlement.providerReference,
        settlement.failureReason,
      ],
    );
    if (rows.length !== 1) throw new Error(`withdrawal ${settlement.id} is not pending; refusing to settle it again`);
  }

  /** The provider's outcome is unknown (error, timeout): try again later with the same payment id. */
  async deferWithdrawal(runner: SqlRunner, id: string, error: string, delaySeconds: number): Promise<void> {
    await queryRows(
      runner,
      `WITH deferred AS (
         UPDATE wallet_payments
            SET attempts = attempts + 1, last_error = left($2, 500),
                process_after = now() + make_interval(secs => $3::integer), updated_at = now()
          WHERE id = $1 AND status = 'pending'
          RETURNING id)
       SELECT id FROM deferred`,
      [id, error, delaySeconds],
    );
  }

  /**
   * The user's history (docs/product/wallet.md#transaction-history), newest first: one row per deposit and withdrawal
   * (whatever its status), plus every other ledger transaction that touched the wallet (bets, wins, refunds — including
   * the refund of a failed withdrawal). `balance_after` is the wallet's running balance after that transaction.
   */
  async history(runner: SqlRunner, userId: string, limit: number, offset: number): Promise<HistoryRow[]> {
    const rows = await queryRows<{
      id: string;
      type: TransactionType;
      amount_cents: string;
      status: TransactionStatus;
      payment_method: PaymentMethod | null;
      created_at: Date;
      balance_after_cents: string | null;
      review_state: 'held' | 'approved' | 'rejected' | null;
    }>(
      runner,
      `WITH wallet AS (
         SELECT id FROM ledger_accounts WHERE kind = 'user_wallet' AND user_id = $1
       ),
       moves AS (
         SELECT e.transaction_id, sum(e.amount_cents) AS amount_cents, max(e.id) AS last_entry_id
         FROM ledger_entries e WHERE e.account_id = (SELECT id FROM wallet)
         GROUP BY e.transaction_id
       ),
       running AS (
         SELECT transaction_id, amount_cents, sum(amount_cents) OVER (ORDER BY last_entry_id) AS balance_after_cents
         FROM moves
       ),
       items AS (
         SELECT p.id, p.direction AS type, p.amount_cents, p.status, p.payment_method, p.created_at, r.balance_after_cents,
                p.review_state
         FROM wallet_payments p LEFT JOIN running r ON r.transaction_id = p.ledger_transaction_id
         WHERE p.user_id = $1
         UNION ALL
         SELECT t.id,
                CASE
                  WHEN t.kind IN ('bet', 'win', 'refund') THEN t.kind
                  WHEN t.kind = 'withdrawal_refund' THEN 'refund'
                  -- A voided match (decision 1602): the loser's stake comes back, the winner's gain goes back.
                  WHEN t.kind = 'match_reversal' THEN CASE WHEN r.amount_cents > 0 THEN 'refund' ELSE 'bet' END
                  WHEN r.amount_cents > 0 THEN 'deposit'
                  ELSE 'withdrawal'
                END,
                abs(r.amount_cents), 'completed', p.payment_method, t.created_at, r.balance_after_cents, NULL
         FROM running r
         JOIN ledger_transactions t ON t.id = r.transaction_id
         LEFT JOIN wallet_payments p ON p.id = t.payment_id
         WHERE NOT EXISTS (SELECT 1 FROM wallet_payments own WHERE own.ledger_transaction_id = t.id)
       )
       SELECT id, type, amount_cents::text, status, payment_method, created_at, balance_after_cents::text, review_state
       FROM items
       ORDER BY created_at DESC, id DESC
       LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    );
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      amountCents: BigInt(row.amount_cents),
      status: row.status,
      method: row.payment_method,
      createdAt: row.created_at,
      balanceAfterCents: row.balance_after_cents === null ? null : BigInt(row.balance_after_cents),
      reviewState: row.review_state,
    }));
  }

  /**
   * Balance and totals from the ledger. Withdrawn = withdrawals requested minus withdrawals refunded, so a pending
   * withdrawal counts (the money has left the wallet) and a failed one does not.
   */
  async totals(runner: SqlRunner, userId: string): Promise<WalletTotals> {
    const rows = await queryRows<{ balance: string; deposited: string; withdrawn: string }>(
      runner,
      `WITH wallet AS (SELECT id, balance_cents FROM ledger_accounts WHERE kind = 'user_wallet' AND user_id = $1)
       SELECT coalesce((SELECT balance_cents FROM wallet), 0)::text AS balance,
              coalesce(sum(e.amount_cents) FILTER (WHERE t.kind = 'deposit'), 0)::text AS deposited,
              coalesce(-sum(e.amount_cents) FILTER (WHERE t.kind IN ('withdrawal', 'withdrawal_refund')), 0)::text AS withdrawn
       FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
       WHERE e.account_id = (SELECT id FROM wallet)`,
      [userId],
    );
    const row = rows[0];
    return {
      balanceCents: BigInt(row?.balance ?? '0'),
      depositedCents: BigInt(row?.deposited ?? '0'),
      withdrawnCents: BigInt(row?.withdrawn ?? '0'),
    };
  }

  /** Idempotency keys older than their retention are forgotten (in batches, so a backlog never locks for long). */
  async purgeExpiredIdempotencyKeys(runner: SqlRunner): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      runner,
      `WITH gone AS (
         DELETE FROM idempotency_keys WHERE ctid IN (
           SELECT ctid FROM idempotency_keys WHERE expires_at < now() LIMIT 5000)
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
    );
    return rows[0]?.n ?? 0;
  }
}
