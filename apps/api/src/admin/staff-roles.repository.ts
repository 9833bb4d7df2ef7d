import { Injectable } from '@nestjs/common';
import type { UserRole } from '@skillduel/contracts';
import { returningRows } from '../database/returning';
import { queryRows, SqlRunner } from '../database/sql';

export interface StaffStateRow {
  role: UserRole;
  email: string | null;
  verified: boolean;
  frozen: boolean;
  /** A person (an admin in the console, or admin:grant) or ADMIN_EMAILS already set this account's role once. */
  role_decided: boolean;
}

/** The SQL behind the role and frozen state read on every staff request. */
@Injectable()
export class StaffRolesRepository {
  async staffState(runner: SqlRunner, userId: string): Promise<StaffStateRow | null> {
    const rows = await queryRows<StaffStateRow>(
      runner,
      `SELECT u.role, lower(u.email) AS email, u.email_verified_at IS NOT NULL AS verified,
              u.frozen_at IS NOT NULL AS frozen,
              EXISTS (SELECT 1 FROM admin_audit_log l
                       WHERE l.target_type = 'user' AND l.target_id = u.id::text AND l.action LIKE 'user.role\\_%')
                AS role_decided
         FROM users u WHERE u.id = $1`,
      [userId],
    );
    return rows[0] ?? null;
  }

  /** Makes the account admin unless it already is; false when nothing changed. */
  async promoteToAdmin(runner: SqlRunner, userId: string): Promise<boolean> {
    const updated = await returningRows<{ id: string }>(
      runner,
      `UPDATE users SET role = 'admin', updated_at = now() WHERE id = $1 AND role <> 'admin' RETURNING id`,
      [userId],
    );
    return updated.length > 0;
  }
}
