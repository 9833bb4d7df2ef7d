import { Controller, Get, Param, ParseUUIDPipe, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PlayerRatingsResponse } from '@skillduel/contracts';
import { AppError } from '../common/app-error';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { RatingsService } from './ratings.service';
import { ApiAnswer } from '../openapi/api-answer.decorator';

/**
 * A player's skill ratings per game (docs/product/matchmaking.md#ratings, decision 1701): the profile and the match
 * player panel.
 */
@ApiTags('users')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('users')
export class RatingsController {
  constructor(private readonly ratings: RatingsService) {}

  @Get(':id/ratings')
  @ApiOperation({ summary: 'Glicko-2 rating, deviation and volatility per game the user has played for money' })
  @ApiAnswer('PlayerRatingsResponse', { description: 'PlayerRatingsResponse; 404 for an unknown user' })
  get(
    @Param('id', new ParseUUIDPipe({ exceptionFactory: () => AppError.notFound() })) userId: string,
  ): Promise<PlayerRatingsResponse> {
    return this.ratings.forUser(userId);
  }
}
