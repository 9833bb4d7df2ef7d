import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { LeaderboardQueryDto, type LeaderboardResponse } from '@skillduel/contracts';
import { AuthUser, CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { LeaderboardService } from './leaderboard.service';
import { ApiAnswer } from '../openapi/api-answer.decorator';

/**
 * GET /users/leaderboard/ with its period and region (docs/product/leaderboard.md#leaderboard-api). No guests (401).
 */
@ApiTags('leaderboard')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('users/leaderboard')
export class LeaderboardController {
  constructor(private readonly leaderboard: LeaderboardService) {}

  @Get()
  @ApiOperation({ summary: 'Top players of the current period and region, and the caller’s own rank' })
  @ApiAnswer('LeaderboardResponse', {
    description: 'LeaderboardResponse; 400 with a clear message for a bad metric/period/region/limit',
  })
  get(@CurrentUser() user: AuthUser, @Query() query: LeaderboardQueryDto): Promise<LeaderboardResponse> {
    return this.leaderboard.get(user.userId, query);
  }
}
