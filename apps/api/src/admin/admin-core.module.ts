import { Global, Module } from '@nestjs/common';
import { AuditLogRepository } from './audit-log.repository';
import { StaffRolesService } from './staff-roles.service';

/** The audit trail and the role lookup, for every module whose actions operators take (wallet reviews, freezes). */
@Global()
@Module({
  providers: [AuditLogRepository, StaffRolesService],
  exports: [AuditLogRepository, StaffRolesService],
})
export class AdminCoreModule {}
