import { Injectable } from '@nestjs/common';
import { VERIFICATION_HOLD_REASON, type KycStatus } from '@skillduel/contracts';
import { queryRows, SqlRunner } from '../database/sql';
import type { KycFacts } from './kyc-rules';

export interface KycPlayer extends KycFacts {
  /** The declared date of birth (YYYY-MM-DD), null before eligibility is confirmed. */
  declaredDateOfBirth: string | null;
  currentReference: string | null;
}

export interface KycInquiry {
  reference: string;
  userId: string;
  provider: string;
  status: KycStatus;
  expiresAt: Date;
}

export interface WebhookEventRecord {
  provider: string;
  eventId: string;
  reference: string;
  status: string;
  appliedStatus: KycStatus;
  body: unknown;
}

/** The SQL of identity verification. Money never moves here; a hold only marks pending withdrawals. */
@Injectable()
export class KycRepository {
  /** Everything the tier rules read about a player, in one query; null for an unknown user. */
  async player(runner: SqlRunner, userId: string): Promise<KycPlayer | null> {
    const rows = await queryRows<{
      email_verified: boolean;
      eligible: boolean;
      date_of_birth: string | null;
      status: KycStatus | null;
      current_reference: string | null;
      sof_reviewed: boolean;
      sof_submitted: boolean;
    }>(
      runner,
      `SELECT u.email_verified_at IS NOT NULL AS email_verified,
              coalesce(el.status = 'eligible', false) AS eligible,
              to_char(el.date_of_birth, 'YYYY-MM-DD') AS date_of_birth,
              k.status, k.current_reference,
              k.source_of_funds_reviewed_at IS NOT NULL AS sof_reviewed,
              k.source_of_funds_submitted_at IS NOT NULL AS sof_submitted
         FROM users u
         LEFT JOIN rg_eligibility el ON el.user_id = u.id
         LEFT JOIN kyc_profiles k ON k.user_id = u.id
        WHERE u.id = $1`,
      [userId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      emailVerified: row.email_verified,
      eligible: row.eligible,
      status: row.status ?? 'none',
      sourceOfFundsReviewed: row.sof_reviewed ?? false,
      sourceOfFundsSubmitted: row.sof_submitted ?? false,
      declaredDateOfBirth: row.date_of_birth,
      currentReference: row.current_reference,
    };
  }

  /**
   * The player's withdrawals so far: pending, held, approved and paid ones count; failed and rejected ones do not.
   * `beforePaymentId`: only those requested before that withdrawal (the processor's re-check of it).
   */
  async cumulativeWithdrawalsCents(runner: SqlRunner, userId: string, beforePaymentId?: string): Promise<bigint> {
    const rows = await queryRows<{ cents: string }>(
      runner,
      `SELECT coalesce(sum(p.amount_cents), 0)::text AS cents FROM wallet_payments p
        WHERE p.user_id = $1 AND p.direction = 'withdrawal'
          AND p.status <> 'failed' AND p.review_state IS DISTINCT FROM 'rejected'
          AND ($2::uuid IS NULL OR (p.id <> $2 AND p.created_at <= (SELECT created_at FROM wallet_payments WHERE id = $2)))`,
      [userId, beforePaymentId ?? null],
    );
    return BigInt(rows[0]?.cents ?? '0');
  }

  /** Completed deposits of the last 30 days (the enhanced tier's threshold). */
  async deposits30dCents(runner: SqlRunner, userId: string): Promise<bigint> {
    const rows = await queryRows<{ cents: string }>(
      runner,
      `SELECT coalesce(sum(amount_cents), 0)::text AS cents FROM wallet_payments
        WHERE user_id = $1 AND direction = 'deposit' AND status = 'completed'
          AND created_at > now() - interval '30 days'`,
      [userId],
    );
    return BigInt(rows[0]?.cents ?? '0');
  }

  /** The player's profile row, created when missing and locked until the caller's transaction ends. */
  async lockProfile(
    runner: SqlRunner,
    userId: string,
  ): Promise<{ status: KycStatus; currentReference: string | null }> {
    await queryRows(runner, `INSERT INTO kyc_profiles (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING`, [
      userId,
    ]);
    const rows = await queryRows<{ status: KycStatus; current_reference: string | null }>(
      runner,
      `SELECT status, current_reference FROM kyc_profiles WHERE user_id = $1 FOR UPDATE`,
      [userId],
    );
    return { status: rows[0].status, currentReference: rows[0].current_reference };
  }

  async setProfile(runner: SqlRunner, userId: string, status: KycStatus, currentReference: string): Promise<void> {
    await queryRows(
      runner,
      `UPDATE kyc_profiles SET status = $2::varchar, current_reference = $3, updated_at = now(),
              verified_at = CASE WHEN $2::varchar = 'approved' THEN now() ELSE verified_at END
        WHERE user_id = $1`,
      [userId, status, currentReference],
    );
  }

  async insertInquiry(runner: SqlRunner, inquiry: KycInquiry): Promise<void> {
    await queryRows(
      runner,
      `INSERT INTO kyc_inquiries (reference, user_id, provider, status, expires_at) VALUES ($1, $2, $3, $4, $5)`,
      [inquiry.reference, inquiry.userId, inquiry.provider, inquiry.status, inquiry.expiresAt],
    );
  }

  async findInquiry(runner: SqlRunner, reference: string, provider: string): Promise<KycInquiry | null> {
    const rows = await queryRows<{
      reference: string;
      user_id: string;
      provider: string;
      status: KycStatus;
      expires_at: Date;
    }>(
      runner,
      `SELECT reference, user_id, provider, status, expires_at FROM kyc_inquiries WHERE reference = $1 AND provider = $2`,
      [reference, provider],
    );
    const row = rows[0];
    return row
      ? {
          reference: row.reference,
          userId: row.user_id,
          provider: row.provider,
          status: row.status,
          expiresAt: row.expires_at,
        }
      : null;
  }

  async updateInquiry(
    runner: SqlRunner,
    update: {
      reference: string;
      status: KycStatus;
      verifiedName: string | null;
      verifiedDateOfBirth: string | null;
      reasons: string[];
    },
  ): Promise<void> {
    await queryRows(
      runner,
      `UPDATE kyc_inquiries SET status = $2, verified_name = coalesce($3, verified_name),
              verified_date_of_birth = coalesce($4::date, verified_date_of_birth), reasons = $5::jsonb, updated_at = now()
        WHERE reference = $1`,
      [
        update.reference,
        update.status,
        update.verifiedName,
        update.verifiedDateOfBirth,
        JSON.stringify(update.reasons),
      ],
    );
  }

  /** Records a webhook event; false when the provider already sent this event id (a redelivery). */
  async recordEvent(runner: SqlRunner, event: WebhookEventRecord): Promise<boolean> {
    const rows = await queryRows<{ event_id: string }>(
      runner,
      `INSERT INTO kyc_webhook_events (provider, event_id, reference, status, applied_status, body)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb)
       ON CONFLICT (provider, event_id) DO NOTHING
       RETURNING event_id`,
      [event.provider, event.eventId, event.reference, event.status, event.appliedStatus, JSON.stringify(event.body)],
    );
    return rows.length === 1;
  }

  /**
   * Holds every withdrawal of the player that is still waiting for its payout, so the processor skips it until
   * support decides; answers how many. A withdrawal the processor is paying right now (row locked) is waited for and
   * then left alone: by then it is no longer pending.
   */
  async holdPendingWithdrawals(runner: SqlRunner, userId: string): Promise<number> {
    const rows = await queryRows<{ id: string }>(
      runner,
      `WITH held AS (
         UPDATE wallet_payments SET review_state = 'held', review_reason = $2, updated_at = now()
          WHERE user_id = $1 AND direction = 'withdrawal' AND status = 'pending'
            AND review_state IS DISTINCT FROM 'held'
          RETURNING id)
       SELECT id FROM held`,
      [userId, VERIFICATION_HOLD_REASON],
    );
    return rows.length;
  }

  /** Holds one pending withdrawal (the processor's re-check found it needs a tier the player lacks). */
  async holdWithdrawal(runner: SqlRunner, paymentId: string): Promise<void> {
    await queryRows(
      runner,
      `UPDATE wallet_payments SET review_state = 'held', review_reason = $2, updated_at = now()
        WHERE id = $1 AND status = 'pending'`,
      [paymentId, VERIFICATION_HOLD_REASON],
    );
  }

  /** Support's decision on a withdrawal ('approved' after a hold), if any. */
  async withdrawalReviewState(runner: SqlRunner, paymentId: string): Promise<string | null> {
    const rows = await queryRows<{ review_state: string | null }>(
      runner,
      `SELECT review_state FROM wallet_payments WHERE id = $1`,
      [paymentId],
    );
    return rows[0]?.review_state ?? null;
  }
}
