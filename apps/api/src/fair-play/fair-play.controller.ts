import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DecideReviewDto, type AdminFairPlayEvidenceDto, type AdminReviewDto } from '@skillduel/contracts';
import { StaffGuard, StaffOnly } from '../admin/staff.guard';
import { AuthUser, CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { AppError } from '../common/app-error';
import { FairPlayReviewService } from './fair-play-review.service';
import { ApiAnswer } from '../openapi/api-answer.decorator';

/** The fair-play review queue of held payouts (decision 1802): support and admin only, every decision audited. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, StaffGuard)
@StaffOnly('support')
@Controller('admin')
export class FairPlayController {
  constructor(private readonly reviews: FairPlayReviewService) {}

  @Get('reviews')
  @ApiOperation({ summary: 'Rounds whose payout is held for fair-play review (?status=all for decided ones too)' })
  @ApiAnswer('AdminReviewDto', { list: true })
  list(@Query('status') status?: string): Promise<AdminReviewDto[]> {
    return this.reviews.list(status === 'all' ? 'all' : 'held');
  }

  @Get('reviews/:matchId')
  @ApiOperation({
    summary: 'A held round with both seats’ signals and evidence (the replay: GET /rooms/{id}/rounds/{n})',
  })
  @ApiAnswer('AdminReviewDto')
  detail(@Param('matchId') matchId: string): Promise<AdminReviewDto> {
    return this.reviews.detail(matchId);
  }

  @Post('reviews/:matchId/decide')
  @HttpCode(200)
  @ApiOperation({ summary: 'Release the held payout as decided, or void the round (both stakes refunded)' })
  @ApiAnswer('AdminReviewDto')
  decide(
    @CurrentUser() user: AuthUser,
    @Param('matchId') matchId: string,
    @Body() body: DecideReviewDto,
  ): Promise<AdminReviewDto> {
    return this.reviews.decide(user.userId, matchId, body.decision, body.note);
  }

  @Get('users/:id/fair-play')
  @ApiOperation({ summary: 'A player’s rounds with fair-play signals and their evidence, newest first' })
  @ApiAnswer('AdminFairPlayEvidenceDto', { list: true })
  evidence(
    @CurrentUser() user: AuthUser,
    // User ids are UUIDs: anything else is nobody (404), as on the user's own page, not a failed query.
    @Param('id', new ParseUUIDPipe({ exceptionFactory: () => AppError.notFound() })) userId: string,
  ): Promise<AdminFairPlayEvidenceDto[]> {
    return this.reviews.evidenceOfUser(user.userId, userId);
  }
}
