import { Module } from '@nestjs/common';
import { FairPlayReviewsRepository } from './fair-play-reviews.repository';
import { PlayerEvidenceRepository } from './player-evidence.repository';
import { PlayerEvidenceService } from './player-evidence.service';

/**
 * Fair-play evidence and reviews (decisions 1802, 2701): written by the rooms' settlement (signals, evidence across
 * rounds, holds) and read and decided by support's review queue (FairPlayModule). Both import this module; flags
 * stay in AdminCoreModule.
 */
@Module({
  providers: [FairPlayReviewsRepository, PlayerEvidenceRepository, PlayerEvidenceService],
  exports: [FairPlayReviewsRepository, PlayerEvidenceService],
})
export class FairPlayCoreModule {}
