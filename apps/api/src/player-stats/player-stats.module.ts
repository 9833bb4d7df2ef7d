import { Module } from '@nestjs/common';
import { PlayerStatsController } from './player-stats.controller';
import { PlayerStatsRepository } from './player-stats.repository';
import { PlayerStatsService } from './player-stats.service';

/** Profile Statistics and History: reads the leaderboard aggregates and the user's own matches. */
@Module({
  controllers: [PlayerStatsController],
  providers: [PlayerStatsService, PlayerStatsRepository],
})
export class PlayerStatsModule {}
