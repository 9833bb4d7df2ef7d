import { Body, Controller, Delete, Get, Headers, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  DEVICE_ID_HEADER,
  EnterQueueDto,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  MatchmakingEntryDto,
} from '@skillduel/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator';
import { clientContextOf } from '../auth/request-context';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { MatchmakingService } from './matchmaking.service';

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
  @ApiHeader({
    name: DEVICE_ID_HEADER,
    required: false,
    description: "The browser's device id (8–64 letters, digits, dashes): two accounts of one device are never paired.",
  })
  @ApiResponse({ status: 201, description: 'The entry; the stake is in escrow.' })
  @ApiResponse({ status: 400, description: 'Bet amount, balance, game limits, device id' })
  @ApiResponse({ status: 403, description: 'Betting not allowed (eligibility, break, freeze, limits)' })
  @ApiResponse({ status: 409, description: 'Already in the queue, or too many open rooms' })
  async enter(
    @CurrentUser() user: AuthUser,
    @Body() body: EnterQueueDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Headers('x-device-id') deviceId: string | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    const answer = await this.matchmaking.enter(
      {
        userId: user.userId,
        idempotencyKey,
        requestId: String(request.id),
        deviceId,
        ip: clientContextOf(request).ip,
      },
      body,
    );
    void reply.status(answer.statusCode);
    if (answer.replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return answer.body;
  }

  /** The player's waiting entry, or `null` (200). */
  @Get()
  @ApiResponse({ status: 200, description: 'MatchmakingEntry, or null when not searching' })
  async current(@CurrentUser() user: AuthUser, @Res() reply: FastifyReply): Promise<void> {
    const entry: MatchmakingEntryDto | null = await this.matchmaking.current(user.userId);
    // A bare null body needs an explicit JSON answer (Fastify would send an empty one).
    void reply.status(200).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(entry));
  }

  @Delete()
  @ApiResponse({ status: 200, description: 'The cancelled entry; the stake is refunded.' })
  @ApiResponse({ status: 404, description: 'Not searching' })
  @ApiResponse({ status: 409, description: 'Already matched (params.room_id)' })
  leave(@CurrentUser() user: AuthUser): Promise<MatchmakingEntryDto> {
    return this.matchmaking.leave(user.userId);
  }
}
