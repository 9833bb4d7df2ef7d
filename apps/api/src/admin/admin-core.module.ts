import { Global, Module } from '@nestjs/common';
import { AuditLogRepository } from './audit-log.repository';
import { FairPlayFlagsRepository } from './fair-play-flags.repository';
import { SeparationOfDutiesRepository } from './separation-of-duties.repository';
import { SeparationOfDutiesService } from './separation-of-duties.service';
import { StaffRolesRepository } from './staff-roles.repository';
import { StaffRolesService } from './staff-roles.service';

/**
 * The audit trail, the role lookup, separation of duties and fair-play flags, for every module operators act on or
 * that raises flags (wallet reviews, freezes, disputes, fair-play reviews, match settlement). Fair-play evidence and
 * reviews: FairPlayCoreModule.
 */
@Global()
@Module({
  providers: [
    AuditLogRepository,
    StaffRolesRepository,
    StaffRolesService,
    SeparationOfDutiesRepository,
    SeparationOfDutiesService,
    FairPlayFlagsRepository,
  ],
  exports: [AuditLogRepository, StaffRolesService, SeparationOfDutiesService, FairPlayFlagsRepository],
})
export class AdminCoreModule {}
