import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AdminKycDecisionRequestDto, type AdminKycDecisionDto, type AdminKycReviewDto } from '@skillduel/contracts';
import { StaffGuard, StaffOnly } from '../admin/staff.guard';
import { AuthUser, CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { ApiAnswer } from '../openapi/api-answer.decorator';
import { KycReviewService } from './kyc-review.service';

/** /api/admin/kyc*: support's verification queue (guests 401, players 403); every decision is audited. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, StaffGuard)
@StaffOnly('support')
@Controller('admin/kyc')
export class KycAdminController {
  constructor(private readonly reviews: KycReviewService) {}

  @Get()
  @ApiOperation({ summary: 'Identities sent to review and source-of-funds declarations waiting, oldest first' })
  @ApiAnswer('AdminKycReviewDto', { list: true })
  queue(): Promise<AdminKycReviewDto[]> {
    return this.reviews.queue();
  }

  @Post(':userId/identity')
  @HttpCode(200)
  @ApiOperation({ summary: 'Approve (verified) or reject (may retry) an identity in needs_review, with a reason' })
  @ApiResponse({ status: 409, description: 'NOTHING_TO_REVIEW' })
  @ApiResponse({ status: 403, description: 'CONFLICT_OF_INTEREST, ADMIN_TARGET' })
  @ApiAnswer('AdminKycDecisionDto')
  decideIdentity(
    @CurrentUser() user: AuthUser,
    @Param('userId') userId: string,
    @Body() body: AdminKycDecisionRequestDto,
  ): Promise<AdminKycDecisionDto> {
    return this.reviews.decideIdentity(user.userId, userId, body);
  }

  @Post(':userId/source-of-funds')
  @HttpCode(200)
  @ApiOperation({ summary: 'Approve (enhanced tier) or reject a source-of-funds declaration, with a reason' })
  @ApiResponse({ status: 409, description: 'NOTHING_TO_REVIEW' })
  @ApiResponse({ status: 403, description: 'CONFLICT_OF_INTEREST, ADMIN_TARGET' })
  @ApiAnswer('AdminKycDecisionDto')
  decideSourceOfFunds(
    @CurrentUser() user: AuthUser,
    @Param('userId') userId: string,
    @Body() body: AdminKycDecisionRequestDto,
  ): Promise<AdminKycDecisionDto> {
    return this.reviews.decideSourceOfFunds(user.userId, userId, body);
  }
}
