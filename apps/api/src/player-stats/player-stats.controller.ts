import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MatchHistoryQueryDto, type MatchHistoryPageDto, type PlayerStatisticsDto } from '@skillduel/contracts';
import { AuthUser, CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { PlayerStatsService } from './player-stats.service';
import { ApiAnswer } from '../openapi/api-answer.decorator';

/** The signed-in user's Statistics and History tabs (docs/product/leaderboard.md#profile-statistics-and-history). */
@ApiTags('users')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('users/me')
export class PlayerStatsController {
  constructor(private readonly stats: PlayerStatsService) {}

  @Get('statistics')
  @ApiOperation({ summary: 'Games played, wins, losses, win rate, earnings, best game, per-game and daily figures' })
  @ApiAnswer('PlayerStatisticsDto')
  statistics(@CurrentUser() user: AuthUser): Promise<PlayerStatisticsDto> {
    return this.stats.statistics(user.userId);
  }

  @Get('matches')
  @ApiOperation({ summary: 'The user’s matches, newest first, paginated' })
  @ApiAnswer('MatchHistoryPageDto')
  history(@CurrentUser() user: AuthUser, @Query() query: MatchHistoryQueryDto): Promise<MatchHistoryPageDto> {
    return this.stats.history(user.userId, query);
  }
}
