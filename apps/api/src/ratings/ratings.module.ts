import { Module } from '@nestjs/common';
import { RatingsController } from './ratings.controller';
import { RatingsRepository } from './ratings.repository';
import { RatingsService } from './ratings.service';

/**
 * Glicko-2 skill ratings per player and game (docs/product/matchmaking.md#ratings, decision 1701); RoomsModule's
 * settlement writes them.
 */
@Module({
  controllers: [RatingsController],
  providers: [RatingsService, RatingsRepository],
  exports: [RatingsService],
})
export class RatingsModule {}
