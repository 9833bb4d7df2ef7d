import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { LeaderboardController } from './leaderboard.controller';
import { LeaderboardMaintenanceService } from './leaderboard-maintenance.service';
import { LeaderboardRepository } from './leaderboard.repository';
import { LeaderboardService } from './leaderboard.service';

/**
 * Leaderboard reads. The aggregates it reads are written at settlement by `recordRoundResult` (round-results.ts),
 * a plain function the rooms module calls inside its settlement transaction. AuthModule provides the app's one
 * Clock (tests move it with `jest.spyOn(app.get(Clock), 'now')`).
 */
@Module({
  imports: [AuthModule],
  controllers: [LeaderboardController],
  providers: [LeaderboardService, LeaderboardRepository, LeaderboardMaintenanceService],
})
export class LeaderboardModule {}
