import { Controller, Delete, Get, Headers, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  TournamentsQueryDto,
  TournamentStandingsQueryDto,
  type TournamentAttemptDto,
  type TournamentStandingsDto,
  type TournamentDto,
} from '@skillduel/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, OptionalUser, type AuthUser } from '../auth/current-user.decorator';
import { clientContextOf } from '../auth/request-context';
import { JwtAuthGuard, OptionalJwtAuthGuard } from '../auth/jwt-auth.guard';
import { ApiAnswer } from '../openapi/api-answer.decorator';
import { TournamentAttemptsService } from './attempts/tournament-attempts.service';
import { TournamentStandingsService } from './standings/tournament-standings.service';
import { TournamentsEnabledGuard } from './tournaments-enabled.guard';
import { TournamentsService } from './tournaments.service';

/** /tournaments* (docs/product/tournaments.md): thin; the rules live in the services. Dollars on the wire. */
@ApiTags('tournaments')
@UseGuards(TournamentsEnabledGuard)
@Controller('tournaments')
export class TournamentsController {
  constructor(
    private readonly tournaments: TournamentsService,
    private readonly attempts: TournamentAttemptsService,
    private readonly standings: TournamentStandingsService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Tournaments by status and game (at most 100; upcoming and live first)' })
  @ApiAnswer('TournamentDto', { list: true })
  list(@Query() query: TournamentsQueryDto): Promise<TournamentDto[]> {
    return this.tournaments.list(query);
  }

  @Get(':id')
  @UseGuards(OptionalJwtAuthGuard)
  @ApiOperation({ summary: 'A tournament with its rules and prize table; `my_entry` for a signed-in caller' })
  @ApiAnswer('TournamentDto')
  view(@Param('id') id: string, @OptionalUser() user: AuthUser | undefined): Promise<TournamentDto> {
    return this.tournaments.view(id, user?.userId ?? null);
  }

  @Get(':id/standings')
  @UseGuards(OptionalJwtAuthGuard)
  @ApiOperation({
    summary:
      'Ranked players by best attempt (a page from `offset`, or with `around=me` the rows around the caller); `me` is ' +
      "the caller's own row",
  })
  @ApiAnswer('TournamentStandingsDto')
  standingsOf(
    @Param('id') id: string,
    @Query() query: TournamentStandingsQueryDto,
    @OptionalUser() user: AuthUser | undefined,
  ): Promise<TournamentStandingsDto> {
    return this.standings.standingsOf(id, user?.userId ?? null, query);
  }

  @Post(':id/entries')
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiHeader({
    name: IDEMPOTENCY_KEY_HEADER,
    required: false,
    description:
      'A unique string per intended entry: a retry with the same key answers the first entry and pays nothing again.',
  })
  @ApiAnswer('TournamentEntryDto', { status: 201, description: 'The entry; its fee is in the tournament escrow' })
  @ApiResponse({ status: 400, description: "'Insufficient balance'" })
  @ApiResponse({ status: 403, description: 'Player protection (eligibility, freeze, break, max bet, loss limit)' })
  @ApiResponse({ status: 409, description: 'Not taking entries, full, or the entry limit reached' })
  async enter(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    const answer = await this.tournaments.enter(
      { userId: user.userId, idempotencyKey, requestId: String(request.id), ip: clientContextOf(request).ip },
      id,
    );
    void reply.status(answer.statusCode);
    if (answer.replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return answer.body;
  }

  @Delete(':id/entries/me')
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiOperation({ summary: "Before the start: every one of the caller's entries refunded at once" })
  @ApiAnswer('TournamentDto')
  leave(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<TournamentDto> {
    return this.tournaments.leave(user.userId, id);
  }

  @Post(':id/attempts')
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiOperation({
    summary:
      "Arena: reserves the caller's next unused entry for a solo attempt and answers the room to play it in over the " +
      'socket (`tournament:attempt:join`); asked again while one is open, answers that one (200)',
  })
  @ApiAnswer('TournamentAttemptDto', { status: 201, description: 'The attempt to play' })
  @ApiResponse({
    status: 409,
    description: 'Not an arena, not running, the window over, not entered, or no unused entry left',
  })
  async startAttempt(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TournamentAttemptDto> {
    const { created, attempt } = await this.attempts.start(user.userId, id);
    void reply.status(created ? 201 : 200);
    return attempt;
  }
}
