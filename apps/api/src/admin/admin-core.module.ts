import { Global, Module } from '@nestjs/common';
import { AuditLogRepository } from './audit-log.repository';
import { FairPlayReviewsRepository } from '../fair-play/fair-play-reviews.repository';
import { FairPlayFlagsRepository } from './fair-play-flags.repository';
import { StaffRolesService } from './staff-roles.service';

/**
 * The audit trail, the role lookup and fair-play flags, for every module operators act on or that raises flags
 * (wallet reviews, freezes, match settlement), and fair-play evidence and reviews (written by settlement).
 */
@Global()
@Module({
  providers: [AuditLogRepository, StaffRolesService, FairPlayFlagsRepository, FairPlayReviewsRepository],
  exports: [AuditLogRepository, StaffRolesService, FairPlayFlagsRepository, FairPlayReviewsRepository],
})
export class AdminCoreModule {}
