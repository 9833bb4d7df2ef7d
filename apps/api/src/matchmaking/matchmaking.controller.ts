import { Body, Controller, Delete, Get, Headers, Post, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  DEVICE_ID_COOKIE,
  EnterQueueDto,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  MatchmakingEntryDto,
} from '@skillduel/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator';
import { DeviceIdInterceptor } from '../auth/devices/device-id.interceptor';
import { clientContextOf } from '../auth/request-context';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { MatchmakingService } from './matchmaking.service';
import { ApiAnswer } from '../openapi/api-answer.decorator';

/**
 * /matchmaking/queue (docs/product/matchmaking.md#queue): thin; the rules live in MatchmakingService and
 * MatchmakingMatcher.
 */
@ApiTags('matchmaking')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('matchmaking/queue')
export class MatchmakingController {
  constructor(private readonly matchmaking: MatchmakingService) {}

  @Post()
  @ApiHeader({
    name: IDEMPOTENCY_KEY_HEADER,
    required: false,
    description: 'A unique string per intended entry: a retry returns the first answer and escrows nothing again.',
  })
  @ApiOperation({
    description:
      `The server-issued device id (cookie ${DEVICE_ID_COOKIE}, set at sign-in and refresh) is read: two accounts of ` +
      'one device are never paired; without a validly signed one the entry is an unknown device.',
  })
  @UseInterceptors(DeviceIdInterceptor)
  @ApiAnswer('MatchmakingEntryDto', { status: 201, description: 'The entry; the stake is in escrow.' })
  @ApiResponse({ status: 400, description: 'Bet amount, balance, game limits' })
  @ApiResponse({ status: 403, description: 'Betting not allowed (eligibility, break, freeze, limits)' })
  @ApiResponse({ status: 409, description: 'Already in the queue, or too many open rooms' })
  async enter(
    @CurrentUser() user: AuthUser,
    @Body() body: EnterQueueDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    const client = clientContextOf(request);
    const answer = await this.matchmaking.enter(
      {
        userId: user.userId,
        sessionId: user.sessionId,
        idempotencyKey,
        requestId: String(request.id),
        device: client.device,
        ip: client.ip,
      },
      body,
    );
    void reply.status(answer.statusCode);
    if (answer.replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return answer.body;
  }

  /** The player's waiting entry, or their matched entry until its room is played or left, or `null` (200). */
  @Get()
  @ApiAnswer('MatchmakingEntryDto', {
    nullable: true,
    description:
      'MatchmakingEntry: waiting, or matched (room_id) until that room finishes, closes or the player leaves it; ' +
      'null otherwise',
  })
  async current(@CurrentUser() user: AuthUser, @Res() reply: FastifyReply): Promise<void> {
    const entry: MatchmakingEntryDto | null = await this.matchmaking.current(user.userId);
    // A bare null body needs an explicit JSON answer (Fastify would send an empty one).
    void reply.status(200).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(entry));
  }

  @Delete()
  @ApiAnswer('MatchmakingEntryDto', { description: 'The cancelled entry; the stake is refunded.' })
  @ApiResponse({ status: 404, description: 'Not searching' })
  @ApiResponse({ status: 409, description: 'Already matched (params.room_id)' })
  leave(@CurrentUser() user: AuthUser): Promise<MatchmakingEntryDto> {
    return this.matchmaking.leave(user.userId);
  }
}
