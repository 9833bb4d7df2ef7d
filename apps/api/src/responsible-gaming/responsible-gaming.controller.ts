import { Body, Controller, Get, HttpCode, Post, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type EligibilityDto,
  EligibilityRequestDto,
  RealityCheckAnswerDto,
  type RealityCheckDto,
  type RgLimitsDto,
  type SelfExclusionDto,
  SelfExclusionRequestDto,
  UpdateLimitsDto,
} from '@skillduel/contracts';
import { AuthUser, CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { ResponsibleGamingService } from './responsible-gaming.service';
import { ApiAnswer } from '../openapi/api-answer.decorator';

/** Eligibility, limits, breaks and the reality check of the signed-in player (docs/decisions/1501). */
@ApiTags('responsible gaming')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('users/me')
export class ResponsibleGamingController {
  constructor(private readonly service: ResponsibleGamingService) {}

  @Get('eligibility')
  @ApiOperation({ summary: 'Whether the player confirmed date of birth, country and terms' })
  @ApiAnswer('EligibilityDto')
  eligibility(@CurrentUser() user: AuthUser): Promise<EligibilityDto> {
    return this.service.eligibility(user.userId);
  }

  @Put('eligibility')
  @ApiOperation({ summary: 'Confirm date of birth, country and the terms (once; needed before any money move)' })
  @ApiAnswer('EligibilityDto')
  confirmEligibility(@CurrentUser() user: AuthUser, @Body() body: EligibilityRequestDto): Promise<EligibilityDto> {
    return this.service.confirmEligibility(user.userId, body);
  }

  @Get('limits')
  @ApiOperation({ summary: 'Deposit, loss and bet limits, pending raises, usage and the running break' })
  @ApiAnswer('RgLimitsDto')
  limits(@CurrentUser() user: AuthUser): Promise<RgLimitsDto> {
    return this.service.limits(user.userId);
  }

  @Put('limits')
  @ApiOperation({ summary: 'Set limits: lowering applies at once, raising or removing after the raise delay' })
  @ApiAnswer('RgLimitsDto')
  updateLimits(@CurrentUser() user: AuthUser, @Body() body: UpdateLimitsDto): Promise<RgLimitsDto> {
    return this.service.updateLimits(user.userId, body);
  }

  @Post('self-exclusion')
  @ApiOperation({ summary: 'Start a cool-off or a self-exclusion (cannot be shortened or lifted early)' })
  @ApiAnswer('SelfExclusionDto', { status: 201 })
  startBreak(@CurrentUser() user: AuthUser, @Body() body: SelfExclusionRequestDto): Promise<SelfExclusionDto> {
    return this.service.startBreak(user.userId, body);
  }

  @Get('reality-check')
  @ApiOperation({ summary: 'Time played and net result of the current money session' })
  @ApiAnswer('RealityCheckDto')
  realityCheck(@CurrentUser() user: AuthUser): Promise<RealityCheckDto> {
    return this.service.realityCheck(user.userId);
  }

  @Post('reality-check')
  @HttpCode(200)
  @ApiOperation({ summary: 'The answer to the reality check (continue or stop); restarts its clock' })
  @ApiAnswer('RealityCheckDto')
  answerRealityCheck(@CurrentUser() user: AuthUser, @Body() _body: RealityCheckAnswerDto): Promise<RealityCheckDto> {
    return this.service.answerRealityCheck(user.userId);
  }
}
