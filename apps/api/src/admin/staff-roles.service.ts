import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { UserRole } from '@skillduel/contracts';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { queryRows } from '../database/sql';
import { AuditLogRepository } from './audit-log.repository';

/**
 * The caller's role, read from the database on every staff request (a demotion applies at once). An account whose
 * verified email is in ADMIN_EMAILS is promoted to admin the first time it is seen signed in, with an audit entry.
 */
@Injectable()
export class StaffRolesService {
  private readonly logger = new Logger('StaffRoles');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditLogRepository,
    private readonly config: AppConfig,
  ) {}

  async roleOf(userId: string): Promise<UserRole | null> {
    const rows = await queryRows<{ role: UserRole; email: string | null; verified: boolean }>(
      this.dataSource.manager,
      `SELECT role, lower(email) AS email, email_verified_at IS NOT NULL AS verified FROM users WHERE id = $1`,
      [userId],
    );
    const row = rows[0];
    if (!row) return null;
    if (row.role === 'admin' || !row.verified || !row.email || !this.config.ADMIN_EMAILS.includes(row.email)) {
      return row.role;
    }
    await this.dataSource.transaction(async (manager) => {
      const updated = await queryRows<{ id: string }>(
        manager,
        `UPDATE users SET role = 'admin', updated_at = now() WHERE id = $1 AND role <> 'admin' RETURNING id`,
        [userId],
      );
      if (updated.length === 0) return;
      await this.audit.record(manager, {
        actorId: null,
        action: 'user.role_granted_by_config',
        targetType: 'user',
        targetId: userId,
        reason: 'ADMIN_EMAILS',
        before: { role: row.role },
        after: { role: 'admin' },
      });
    });
    this.logger.warn({ userId }, 'Admin role granted from ADMIN_EMAILS');
    return 'admin';
  }
}
