import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AdminAuditQueryDto,
  AdminReasonDto,
  AdminRoleChangeDto,
  AdminUserSearchDto,
  DecideDisputeDto,
  ResolveFlagDto,
  type AdminAuditEntryDto,
  type AdminDisputeDto,
  type AdminDisputeSummaryDto,
  type AdminFlagDto,
  type AdminUserDetailDto,
  type AdminUserSummaryDto,
  type AdminWithdrawalDto,
  type StaffMeDto,
} from '@skillduel/contracts';
import { AuthUser, CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { WithdrawalReviewService } from '../wallet/withdrawal-review.service';
import { AdminService } from './admin.service';
import { DisputesService } from './disputes.service';
import { StaffGuard, StaffOnly } from './staff.guard';
import { ApiAnswer } from '../openapi/api-answer.decorator';

/**
 * /api/admin/*: support and admin only (guests 401, players 403). Support reads and handles the queues; admin also
 * changes roles. Every change is audited.
 */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, StaffGuard)
@StaffOnly('support')
@Controller('admin')
export class AdminController {
  constructor(
    private readonly admin: AdminService,
    private readonly withdrawals: WithdrawalReviewService,
    private readonly disputes: DisputesService,
  ) {}

  @Get('me')
  @ApiOperation({ summary: 'The signed-in operator and their role' })
  @ApiAnswer('StaffMeDto')
  me(@CurrentUser() user: AuthUser): Promise<StaffMeDto> {
    return this.admin.me(user.userId, user.username);
  }

  @Get('users')
  @ApiOperation({ summary: 'Find users by username, email or id' })
  @ApiAnswer('AdminUserSummaryDto', { list: true })
  search(@CurrentUser() user: AuthUser, @Query() query: AdminUserSearchDto): Promise<AdminUserSummaryDto[]> {
    return this.admin.search(user.userId, query.q);
  }

  @Get('users/:id')
  @ApiOperation({ summary: "A user's page: profile, sessions, ledger entries, matches, withdrawals, limits" })
  @ApiAnswer('AdminUserDetailDto')
  user(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<AdminUserDetailDto> {
    return this.admin.viewUser(user.userId, id);
  }

  @Post('users/:id/freeze')
  @HttpCode(200)
  @ApiOperation({ summary: 'Freeze an account: no deposit, stake or withdrawal; waiting rooms refunded' })
  @ApiAnswer('AdminUserDetailDto')
  freeze(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: AdminReasonDto) {
    return this.admin.freeze(user.userId, id, body.reason);
  }

  @Post('users/:id/unfreeze')
  @HttpCode(200)
  @ApiOperation({ summary: 'Lift a freeze' })
  @ApiAnswer('AdminUserDetailDto')
  unfreeze(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: AdminReasonDto) {
    return this.admin.unfreeze(user.userId, id, body.reason);
  }

  @Put('users/:id/role')
  @StaffOnly('admin')
  @ApiOperation({ summary: 'Change a role (admin only)' })
  @ApiAnswer('AdminUserDetailDto')
  setRole(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: AdminRoleChangeDto) {
    return this.admin.setRole(user.userId, id, body.role, body.reason);
  }

  @Get('withdrawals')
  @ApiOperation({ summary: 'The withdrawal review queue (held withdrawals, newest first)' })
  @ApiAnswer('AdminWithdrawalDto', { list: true })
  heldWithdrawals(): Promise<AdminWithdrawalDto[]> {
    return this.withdrawals.list('held');
  }

  @Post('withdrawals/:id/approve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Approve a held withdrawal: the processor pays it' })
  @ApiAnswer('AdminWithdrawalDto')
  approve(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: AdminReasonDto) {
    return this.withdrawals.approve(user.userId, id, body.reason);
  }

  @Post('withdrawals/:id/reject')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reject a held withdrawal: refunded to the wallet, the player sees the reason' })
  @ApiAnswer('AdminWithdrawalDto')
  reject(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: AdminReasonDto) {
    return this.withdrawals.reject(user.userId, id, body.reason);
  }

  @Get('flags')
  @ApiOperation({ summary: 'Fair-play flags (open ones by default; ?status=all for every flag)' })
  @ApiAnswer('AdminFlagDto', { list: true })
  flags(@Query('status') status?: string): Promise<AdminFlagDto[]> {
    return this.admin.flags(status === 'all' ? 'all' : 'open');
  }

  @Post('flags/:id/resolve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Resolve a flag: dismiss, warn or freeze the account, with a note' })
  @ApiAnswer('AdminFlagDto', { list: true })
  resolveFlag(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: ResolveFlagDto) {
    return this.admin.resolveFlag(user.userId, id, body.action, body.note);
  }

  @Get('disputes')
  @ApiOperation({ summary: 'Disputes (open ones by default; ?status=all for every dispute)' })
  @ApiAnswer('AdminDisputeSummaryDto', { list: true })
  disputeQueue(@Query('status') status?: string): Promise<AdminDisputeSummaryDto[]> {
    return this.disputes.list(status === 'all' ? 'all' : 'open');
  }

  @Get('disputes/:id')
  @ApiOperation({
    summary: 'A dispute with its round and the round’s ledger entries (the replay: GET /rooms/{id}/rounds/{n})',
  })
  @ApiAnswer('AdminDisputeDto')
  dispute(@Param('id') id: string): Promise<AdminDisputeDto> {
    return this.disputes.detail(id);
  }

  @Post('disputes/:id/decide')
  @HttpCode(200)
  @ApiOperation({ summary: 'Uphold the result or void the match (reversed exactly once)' })
  @ApiAnswer('AdminDisputeDto')
  decide(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: DecideDisputeDto) {
    return this.disputes.decide(user.userId, id, body.decision, body.note);
  }

  @Get('audit')
  @ApiOperation({ summary: 'The audit trail of operator actions, newest first' })
  @ApiAnswer('AdminAuditEntryDto', { list: true })
  auditLog(@Query() query: AdminAuditQueryDto): Promise<AdminAuditEntryDto[]> {
    return this.admin.auditLog({ actorId: query.actor_id, targetId: query.target_id, action: query.action });
  }
}
