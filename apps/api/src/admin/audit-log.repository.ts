import { Injectable } from '@nestjs/common';
import type { AdminAuditEntryDto } from '@skillduel/contracts';
import { queryRows, SqlRunner } from '../database/sql';

export interface AuditEntry {
  /** null: the system (e.g. ADMIN_EMAILS granting the admin role). */
  actorId: string | null;
  action: string;
  targetType: 'user' | 'withdrawal' | 'match' | 'flag' | 'dispute' | 'tournament';
  targetId: string;
  reason: string | null;
  before: unknown;
  after: unknown;
}

/**
 * The append-only audit trail of operator actions (the database refuses UPDATE and DELETE). Written with the
 * caller's runner, i.e. in the same transaction as the action it records: no action without its entry.
 */
@Injectable()
export class AuditLogRepository {
  async record(runner: SqlRunner, entry: AuditEntry): Promise<void> {
    await runner.query(
      `INSERT INTO admin_audit_log (actor_id, action, target_type, target_id, reason, before, after)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
      [
        entry.actorId,
        entry.action,
        entry.targetType,
        entry.targetId,
        entry.reason,
        JSON.stringify(entry.before ?? null),
        JSON.stringify(entry.after ?? null),
      ],
    );
  }

  /** A staff member's read of a user's personal data: who looked at whom, and when. */
  async recordRead(runner: SqlRunner, read: { actorId: string; action: string; userId: string }): Promise<void> {
    await this.record(runner, {
      actorId: read.actorId,
      action: read.action,
      targetType: 'user',
      targetId: read.userId,
      reason: null,
      before: null,
      after: null,
    });
  }

  /** One read entry per user a staff member's search showed (email and id are personal data too), in one insert. */
  async recordSearchResults(
    runner: SqlRunner,
    read: { actorId: string; query: string; userIds: string[] },
  ): Promise<void> {
    if (read.userIds.length === 0) return;
    await runner.query(
      `INSERT INTO admin_audit_log (actor_id, action, target_type, target_id, reason, before, after)
       SELECT $1, 'user.searched', 'user', target_id, NULL, 'null'::jsonb, $3::jsonb
         FROM unnest($2::text[]) AS target_id`,
      [read.actorId, read.userIds, JSON.stringify({ q: read.query })],
    );
  }

  async list(
    runner: SqlRunner,
    filter: { actorId?: string; targetId?: string; action?: string },
    limit: number,
  ): Promise<AdminAuditEntryDto[]> {
    const rows = await queryRows<{
      id: string;
      actor_id: string | null;
      actor_username: string | null;
      action: string;
      target_type: string;
      target_id: string;
      reason: string | null;
      before: unknown;
      after: unknown;
      created_at: Date;
    }>(
      runner,
      `SELECT l.id::text, l.actor_id, u.username AS actor_username, l.action, l.target_type, l.target_id, l.reason,
              l.before, l.after, l.created_at
         FROM admin_audit_log l LEFT JOIN users u ON u.id = l.actor_id
        WHERE ($1::uuid IS NULL OR l.actor_id = $1) AND ($2::text IS NULL OR l.target_id = $2)
          AND ($3::text IS NULL OR l.action = $3)
        ORDER BY l.id DESC LIMIT $4`,
      [filter.actorId ?? null, filter.targetId ?? null, filter.action ?? null, limit],
    );
    return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
  }
}
