import { Injectable } from '@nestjs/common';
import { centsToDollars, type PendingApprovalDto, type UserRole } from '@skillduel/contracts';
import { queryRows, SqlRunner } from '../database/sql';

/** What a four-eyes proposal is about: one queue item (a withdrawal, a disputed round, a held payout). */
export type ApprovalTargetType = 'withdrawal' | 'dispute' | 'fair_play_review';

export interface PendingApprovalRow {
  id: string;
  target_id: string;
  decision: string;
  note: string;
  amount_cents: string;
  proposed_by: string;
  proposed_by_username: string;
  proposer_frozen: boolean;
  proposed_at: Date;
}

/** Sessions this recent count as a shared device or address between a staff member and an account. */
const LINK_WINDOW_DAYS = 90;

export function toPendingApprovalDto(row: PendingApprovalRow): PendingApprovalDto {
  return {
    decision: row.decision,
    proposed_by: row.proposed_by,
    proposed_by_username: row.proposed_by_username,
    note: row.note,
    amount: centsToDollars(BigInt(row.amount_cents)),
    proposed_at: row.proposed_at.toISOString(),
  };
}

const PENDING_SELECT = `SELECT p.id, p.target_id, p.decision, p.note, p.amount_cents::text, p.proposed_by,
  u.username AS proposed_by_username, u.frozen_at IS NOT NULL AS proposer_frozen, p.proposed_at
  FROM staff_decision_approvals p JOIN users u ON u.id = p.proposed_by`;

/** The SQL of separation of duties: who an item concerns, who is linked to whom, and four-eyes proposals. */
@Injectable()
export class SeparationOfDutiesRepository {
  /** The players of these rounds (match ids): a round concerns both of its players. */
  async playersOfMatches(runner: SqlRunner, matchIds: string[]): Promise<string[]> {
    if (matchIds.length === 0) return [];
    const rows = await queryRows<{ user_id: string }>(
      runner,
      `SELECT player1_id AS user_id FROM matches WHERE id = ANY($1::uuid[])
       UNION SELECT player2_id FROM matches WHERE id = ANY($1::uuid[])`,
      [matchIds],
    );
    return rows.map((row) => row.user_id);
  }

  async rolesOf(runner: SqlRunner, userIds: string[]): Promise<Map<string, UserRole>> {
    const rows = await queryRows<{ id: string; role: UserRole }>(
      runner,
      `SELECT id, role FROM users WHERE id = ANY($1::uuid[])`,
      [userIds],
    );
    return new Map(rows.map((row) => [row.id, row.role]));
  }

  /**
   * The accounts among `userIds` that started a session from one of the actor's device ids (always) or IP addresses
   * (when `sameIpCounts`; loopback never counts, it is the server's own machine) within LINK_WINDOW_DAYS days —
   * the signals the `shared_device`/`shared_ip` flags and the matchmaking device rule use.
   */
  async linkedAccounts(
    runner: SqlRunner,
    actorId: string,
    userIds: string[],
    sameIpCounts: boolean,
  ): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows = await queryRows<{ user_id: string }>(
      runner,
      `SELECT DISTINCT other.user_id
         FROM auth_sessions mine
         JOIN auth_sessions other
           ON other.user_id = ANY($2::uuid[]) AND other.user_id <> $1
          AND other.last_used_at > now() - make_interval(days => $4)
          AND ((mine.device_id IS NOT NULL AND other.device_id = mine.device_id)
            OR ($3::boolean AND mine.ip IS NOT NULL AND other.ip = mine.ip
                AND NOT (mine.ip LIKE '127.%' OR mine.ip = '::1' OR mine.ip LIKE '::ffff:127.%')))
        WHERE mine.user_id = $1 AND mine.last_used_at > now() - make_interval(days => $4)`,
      [actorId, userIds, sameIpCounts, LINK_WINDOW_DAYS],
    );
    return rows.map((row) => row.user_id);
  }

  /** The pending proposal of one item, locked (the caller already holds the item's own row lock). */
  async lockPending(
    runner: SqlRunner,
    targetType: ApprovalTargetType,
    targetId: string,
  ): Promise<PendingApprovalRow | null> {
    const rows = await queryRows<PendingApprovalRow>(
      runner,
      `${PENDING_SELECT} WHERE p.target_type = $1 AND p.target_id = $2 AND p.status = 'pending' FOR UPDATE OF p`,
      [targetType, targetId],
    );
    return rows[0] ?? null;
  }

  /** The pending proposals of many items (for the queues), keyed by item id. */
  async pendingFor(
    runner: SqlRunner,
    targetType: ApprovalTargetType,
    targetIds: string[],
  ): Promise<Map<string, PendingApprovalRow>> {
    if (targetIds.length === 0) return new Map();
    const rows = await queryRows<PendingApprovalRow>(
      runner,
      `${PENDING_SELECT} WHERE p.target_type = $1 AND p.target_id = ANY($2::text[]) AND p.status = 'pending'`,
      [targetType, targetIds],
    );
    return new Map(rows.map((row) => [row.target_id, row]));
  }

  async propose(
    runner: SqlRunner,
    proposal: {
      targetType: ApprovalTargetType;
      targetId: string;
      decision: string;
      note: string;
      amountCents: bigint;
      proposedBy: string;
    },
  ): Promise<void> {
    await runner.query(
      `INSERT INTO staff_decision_approvals (target_type, target_id, decision, note, amount_cents, proposed_by)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        proposal.targetType,
        proposal.targetId,
        proposal.decision,
        proposal.note,
        proposal.amountCents.toString(),
        proposal.proposedBy,
      ],
    );
  }

  async close(runner: SqlRunner, id: string, status: 'confirmed' | 'superseded', closedBy: string): Promise<void> {
    await runner.query(
      `UPDATE staff_decision_approvals SET status = $2, closed_by = $3, closed_at = now()
        WHERE id = $1 AND status = 'pending'`,
      [id, status, closedBy],
    );
  }
}
