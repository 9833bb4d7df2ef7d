import { Global, Module } from '@nestjs/common';
import { AuditLogRepository } from './audit-log.repository';
import { FairPlayFlagsRepository } from './fair-play-flags.repository';
import { StaffRolesService } from './staff-roles.service';

/**
 * The audit trail, the role lookup and fair-play flags, for every module operators act on or that raises flags
 * (wallet reviews, freezes, match settlement). Fair-play evidence and reviews: FairPlayCoreModule.
 */
@Global()
@Module({
  providers: [AuditLogRepository, StaffRolesService, FairPlayFlagsRepository],
  exports: [AuditLogRepository, StaffRolesService, FairPlayFlagsRepository],
})
export class AdminCoreModule {}
