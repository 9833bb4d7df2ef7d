import { Injectable } from '@nestjs/common';
import {
  VERIFICATION_HOLD_REASON,
  type KycReviewKind,
  type KycStatus,
  type SourceOfFundsKind,
} from '@skillduel/contracts';
import { queryRows, SqlRunner } from '../database/sql';

/** One item of support's verification queue, as read. */
export interface KycReviewItem {
  kind: KycReviewKind;
  userId: string;
  username: string;
  status: KycStatus;
  reference: string | null;
  declaredDateOfBirth: string | null;
  verifiedName: string | null;
  verifiedDateOfBirth: string | null;
  reasons: string[];
  sourceOfFunds: { source: SourceOfFundsKind; details: string } | null;
  heldWithdrawalsCents: bigint;
  since: Date;
}

/** A profile as support's decision sees it, locked until the decision's transaction ends. */
export interface LockedReviewProfile {
  status: KycStatus;
  currentReference: string | null;
  sourceOfFundsWaiting: boolean;
  sourceOfFunds: { source: string; details: string } | null;
}

/** The SQL of support's verification queue and decisions. */
@Injectable()
export class KycReviewRepository {
  /** Identities in `needs_review` and source-of-funds declarations waiting for support, oldest first. */
  async queue(runner: SqlRunner, limit: number): Promise<KycReviewItem[]> {
    const rows = await queryRows<{
      kind: KycReviewKind;
      user_id: string;
      username: string;
      status: KycStatus;
      reference: string | null;
      declared_date_of_birth: string | null;
      verified_name: string | null;
      verified_date_of_birth: string | null;
      reasons: string[] | null;
      sof_source: SourceOfFundsKind | null;
      sof_details: string | null;
      held_cents: string;
      since: Date;
    }>(
      runner,
      `SELECT q.kind, k.user_id, u.username, k.status, k.current_reference AS reference,
              to_char(el.date_of_birth, 'YYYY-MM-DD') AS declared_date_of_birth,
              i.verified_name, to_char(i.verified_date_of_birth, 'YYYY-MM-DD') AS verified_date_of_birth, i.reasons,
              CASE WHEN q.kind = 'source_of_funds' THEN k.source_of_funds_source END AS sof_source,
              CASE WHEN q.kind = 'source_of_funds' THEN k.source_of_funds_details END AS sof_details,
              (SELECT coalesce(sum(p.amount_cents), 0) FROM wallet_payments p
                WHERE p.user_id = k.user_id AND p.direction = 'withdrawal' AND p.status = 'pending'
                  AND p.review_state = 'held' AND p.review_reason = $2)::text AS held_cents,
              q.since
         FROM kyc_profiles k
         JOIN users u ON u.id = k.user_id
         LEFT JOIN rg_eligibility el ON el.user_id = k.user_id
         LEFT JOIN kyc_inquiries i ON i.reference = k.current_reference
         CROSS JOIN LATERAL (
           SELECT 'identity'::text AS kind, k.updated_at AS since WHERE k.status = 'needs_review'
           UNION ALL
           SELECT 'source_of_funds', k.source_of_funds_submitted_at
            WHERE k.source_of_funds_submitted_at IS NOT NULL AND k.source_of_funds_reviewed_at IS NULL
         ) q
        ORDER BY q.since, k.user_id, q.kind
        LIMIT $1`,
      [limit, VERIFICATION_HOLD_REASON],
    );
    return rows.map((row) => ({
      kind: row.kind,
      userId: row.user_id,
      username: row.username,
      status: row.status,
      reference: row.reference,
      declaredDateOfBirth: row.declared_date_of_birth,
      verifiedName: row.verified_name,
      verifiedDateOfBirth: row.verified_date_of_birth,
      reasons: row.reasons ?? [],
      sourceOfFunds:
        row.sof_source !== null && row.sof_details !== null
          ? { source: row.sof_source, details: row.sof_details }
          : null,
      heldWithdrawalsCents: BigInt(row.held_cents),
      since: row.since,
    }));
  }

  /** The player's profile, locked (the same lock webhooks and new inquiries take); null when there is none. */
  async lockProfile(runner: SqlRunner, userId: string): Promise<LockedReviewProfile | null> {
    const rows = await queryRows<{
      status: KycStatus;
      current_reference: string | null;
      sof_waiting: boolean;
      sof_source: string | null;
      sof_details: string | null;
    }>(
      runner,
      `SELECT status, current_reference,
              source_of_funds_submitted_at IS NOT NULL AND source_of_funds_reviewed_at IS NULL AS sof_waiting,
              source_of_funds_source AS sof_source, source_of_funds_details AS sof_details
         FROM kyc_profiles WHERE user_id = $1 FOR UPDATE`,
      [userId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      status: row.status,
      currentReference: row.current_reference,
      sourceOfFundsWaiting: row.sof_waiting,
      sourceOfFunds:
        row.sof_source !== null && row.sof_details !== null
          ? { source: row.sof_source, details: row.sof_details }
          : null,
    };
  }

  /** Support's identity decision: the profile and its current inquiry take the status support chose. */
  async setIdentityStatus(
    runner: SqlRunner,
    userId: string,
    reference: string | null,
    status: 'approved' | 'rejected_retry',
  ): Promise<void> {
    await queryRows(
      runner,
      `UPDATE kyc_profiles SET status = $2::varchar, updated_at = now(),
              verified_at = CASE WHEN $2::varchar = 'approved' THEN now() ELSE verified_at END
        WHERE user_id = $1`,
      [userId, status],
    );
    if (reference !== null) {
      await queryRows(runner, `UPDATE kyc_inquiries SET status = $2, updated_at = now() WHERE reference = $1`, [
        reference,
        status,
      ]);
    }
  }

  /** A verified player's declaration, waiting for support; a new one replaces a waiting or rejected one. */
  async submitSourceOfFunds(
    runner: SqlRunner,
    userId: string,
    declaration: { source: SourceOfFundsKind; details: string },
  ): Promise<void> {
    await queryRows(
      runner,
      `UPDATE kyc_profiles SET source_of_funds_source = $2, source_of_funds_details = $3,
              source_of_funds_submitted_at = now(), source_of_funds_rejection = NULL, updated_at = now()
        WHERE user_id = $1`,
      [userId, declaration.source, declaration.details],
    );
  }

  /** Approved: the enhanced tier (reviewed at/by). Rejected: the declaration is cleared, the reason kept. */
  async decideSourceOfFunds(
    runner: SqlRunner,
    userId: string,
    decision: { approved: boolean; actorId: string; reason: string },
  ): Promise<void> {
    if (decision.approved) {
      await queryRows(
        runner,
        `UPDATE kyc_profiles SET source_of_funds_reviewed_at = now(), source_of_funds_reviewed_by = $2,
                updated_at = now() WHERE user_id = $1`,
        [userId, decision.actorId],
      );
      return;
    }
    await queryRows(
      runner,
      `UPDATE kyc_profiles SET source_of_funds_source = NULL, source_of_funds_details = NULL,
              source_of_funds_submitted_at = NULL, source_of_funds_rejection = $2, updated_at = now()
        WHERE user_id = $1`,
      [userId, decision.reason],
    );
  }
}
