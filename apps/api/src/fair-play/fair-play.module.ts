import { Module } from '@nestjs/common';
import { StaffGuard } from '../admin/staff.guard';
import { RoomsModule } from '../rooms/rooms.module';
import { FairPlayCoreModule } from './fair-play-core.module';
import { FairPlayReviewService } from './fair-play-review.service';
import { FairPlayController } from './fair-play.controller';

/**
 * Fair play (docs/product/fair-play.md, decision 1802): support's queue of payouts held for review. The signals are
 * computed in the settlement transaction (rooms/match-settlement.service.ts); their SQL (FairPlayReviewsRepository)
 * comes from FairPlayCoreModule, which RoomsModule imports too.
 */
@Module({
  imports: [RoomsModule, FairPlayCoreModule],
  controllers: [FairPlayController],
  providers: [FairPlayReviewService, StaffGuard],
})
export class FairPlayModule {}
