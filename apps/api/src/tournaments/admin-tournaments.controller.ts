import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminReasonDto, CreateTournamentDto, type TournamentDto } from '@skillduel/contracts';
import { AuthUser, CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { ApiAnswer } from '../openapi/api-answer.decorator';
import { StaffGuard, StaffOnly } from '../admin/staff.guard';
import { TournamentLifecycleService } from './tournament-lifecycle.service';
import { TournamentsEnabledGuard } from './tournaments-enabled.guard';
import { TournamentsService } from './tournaments.service';

/** /admin/tournaments*: admins only (guests 401, players and support 403); every change is audited. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(TournamentsEnabledGuard, JwtAuthGuard, StaffGuard)
@StaffOnly('admin')
@Controller('admin/tournaments')
export class AdminTournamentsController {
  constructor(
    private readonly tournaments: TournamentsService,
    private readonly lifecycle: TournamentLifecycleService,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create a tournament: its rules and prize table are fixed from now on' })
  @ApiAnswer('TournamentDto', { status: 201 })
  create(@CurrentUser() user: AuthUser, @Body() body: CreateTournamentDto): Promise<TournamentDto> {
    return this.tournaments.create(user.userId, body);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel with a reason: every entry refunded once' })
  @ApiAnswer('TournamentDto')
  async cancel(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body() body: AdminReasonDto,
  ): Promise<TournamentDto> {
    await this.lifecycle.cancelByAdmin(user.userId, id, body.reason);
    return this.tournaments.view(id, null);
  }
}
