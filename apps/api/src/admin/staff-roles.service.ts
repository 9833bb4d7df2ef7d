import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { UserRole } from '@skillduel/contracts';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { AuditLogRepository } from './audit-log.repository';
import { StaffRolesRepository } from './staff-roles.repository';

export interface StaffState {
  role: UserRole;
  frozen: boolean;
}

/**
 * The caller's role and frozen state, read from the database on every staff request (a demotion or a freeze applies
 * at once). ADMIN_EMAILS bootstraps the first admins: an account whose verified email is on the list is promoted the
 * first time it is seen signed in, with an audit entry — once. An account whose role was ever set by a person (an
 * audited `user.role_change`, `admin:grant`) or already granted by the list is never promoted again, so the list
 * cannot silently undo an audited demotion (docs/decisions/2310).
 */
@Injectable()
export class StaffRolesService {
  private readonly logger = new Logger('StaffRoles');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly repository: StaffRolesRepository,
    private readonly audit: AuditLogRepository,
    private readonly config: AppConfig,
  ) {}

  async roleOf(userId: string): Promise<UserRole | null> {
    return (await this.stateOf(userId))?.role ?? null;
  }

  async stateOf(userId: string): Promise<StaffState | null> {
    const row = await this.repository.staffState(this.dataSource.manager, userId);
    if (!row) return null;
    const listed = row.verified && row.email !== null && this.config.ADMIN_EMAILS.includes(row.email);
    if (row.role === 'admin' || !listed || row.role_decided) return { role: row.role, frozen: row.frozen };
    const granted = await this.dataSource.transaction(async (manager) => {
      if (!(await this.repository.promoteToAdmin(manager, userId))) return false;
      await this.audit.record(manager, {
        actorId: null,
        action: 'user.role_granted_by_config',
        targetType: 'user',
        targetId: userId,
        reason: 'ADMIN_EMAILS',
        before: { role: row.role },
        after: { role: 'admin' },
      });
      return true;
    });
    if (granted) this.logger.warn({ userId }, 'Admin role granted from ADMIN_EMAILS');
    return { role: 'admin', frozen: row.frozen };
  }
}
