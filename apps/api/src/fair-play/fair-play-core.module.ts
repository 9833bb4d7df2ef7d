import { Module } from '@nestjs/common';
import { FairPlayReviewsRepository } from './fair-play-reviews.repository';

/**
 * Fair-play evidence and reviews (decision 1802): written by the rooms' settlement (signals, holds) and read and
 * decided by support's review queue (FairPlayModule). Both import this module; flags stay in AdminCoreModule.
 */
@Module({
  providers: [FairPlayReviewsRepository],
  exports: [FairPlayReviewsRepository],
})
export class FairPlayCoreModule {}
