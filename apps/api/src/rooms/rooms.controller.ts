import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Param,
  ParseIntPipe,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  CreateRoomDto,
  GameRoomViewDto,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  JoinRoomDto,
  MatchReplayDto,
  QuickMatchDto,
  RoomDto,
  RoomsQueryDto,
} from '@skillduel/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, OptionalUser, type AuthUser } from '../auth/current-user.decorator';
import { clientContextOf } from '../auth/request-context';
import { JwtAuthGuard, OptionalJwtAuthGuard } from '../auth/jwt-auth.guard';
import { AppError } from '../common/app-error';
import { RoomAnswer, RoomsService } from './rooms.service';
import { ApiAnswer } from '../openapi/api-answer.decorator';

const idempotencyHeaderDoc = {
  name: IDEMPOTENCY_KEY_HEADER,
  required: false,
  description:
    'Any unique string (a UUID) per intended operation. A retry with the same key returns the first answer and escrows nothing again; the same key with a different request answers 422.',
};

/**
 * /rooms* (docs/product/rooms-and-matches.md): thin; the rules live in RoomsService. Dollars on the wire, cents inside.
 */
@ApiTags('rooms')
@Controller('rooms')
export class RoomsController {
  constructor(private readonly rooms: RoomsService) {}

  /** `?game=<id>&status=<status>`; without status the active rooms (waiting, ready, playing), newest first, ≤ 100. */
  @Get()
  @ApiAnswer('RoomDto', { list: true })
  list(@Query() query: RoomsQueryDto): Promise<RoomDto[]> {
    return this.rooms.list(query);
  }

  @Post()
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiHeader(idempotencyHeaderDoc)
  @ApiAnswer('RoomDto', { status: 201, description: 'The new room (Room); the bet is in escrow.' })
  @ApiResponse({
    status: 400,
    description: "'Please enter a valid bet amount', 'Insufficient balance', the game's min/max",
  })
  @ApiResponse({ status: 401, description: 'Guests and anonymous callers' })
  @ApiResponse({ status: 403, description: 'Betting not enabled for the account' })
  @ApiResponse({ status: 409, description: 'Too many open rooms' })
  async create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateRoomDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return send(
      reply,
      await this.rooms.create(
        { userId: user.userId, idempotencyKey, requestId: String(request.id), ip: clientContextOf(request).ip },
        body,
      ),
    );
  }

  /** The featured duel, or `null` (200) when there is no public room at all. */
  @Get('featured')
  @ApiAnswer('RoomDto', { nullable: true, description: 'Room, or null when no room is open' })
  async featured(@Res() reply: FastifyReply): Promise<void> {
    const room = await this.rooms.featured();
    void reply.status(200).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(room));
  }

  @Post('quick-match')
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiHeader(idempotencyHeaderDoc)
  @ApiAnswer('QuickMatchResponseDto', { description: '{ room, matched: true }: joined a waiting room' })
  @ApiAnswer('QuickMatchResponseDto', { status: 201, description: '{ room, matched: false }: created a room' })
  async quickMatch(
    @CurrentUser() user: AuthUser,
    @Body() body: QuickMatchDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return send(
      reply,
      await this.rooms.quickMatch(
        { userId: user.userId, idempotencyKey, requestId: String(request.id), ip: clientContextOf(request).ip },
        body,
      ),
    );
  }

  /** The game room view (docs/product/rooms-and-matches.md#room-answers) with status and settings. */
  @Get(':id')
  @UseGuards(OptionalJwtAuthGuard)
  @ApiAnswer('GameRoomViewDto')
  view(@Param('id') roomId: string, @OptionalUser() user: AuthUser | undefined): Promise<GameRoomViewDto> {
    return this.rooms.view(roomId, user?.userId ?? null);
  }

  /** A finished round's result, revealed seed and input log: anyone can recompute both scores. */
  @Get(':id/rounds/:round')
  @ApiAnswer('MatchReplayDto')
  replay(
    @Param('id') roomId: string,
    @Param('round', new ParseIntPipe({ exceptionFactory: () => AppError.notFound() })) round: number,
  ): Promise<MatchReplayDto> {
    return this.rooms.replay(roomId, round);
  }

  @Post(':id/join')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiHeader(idempotencyHeaderDoc)
  @ApiAnswer('RoomDto', { description: 'Joined (Room); the bet is in escrow' })
  @ApiResponse({ status: 403, description: 'Wrong password of a private room' })
  @ApiResponse({ status: 409, description: 'The room is not waiting any more, or too many open rooms' })
  async join(
    @CurrentUser() user: AuthUser,
    @Param('id') roomId: string,
    @Body() body: JoinRoomDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return send(
      reply,
      await this.rooms.join(
        { userId: user.userId, idempotencyKey, requestId: String(request.id), ip: clientContextOf(request).ip },
        roomId,
        body ?? {},
      ),
    );
  }

  /** Anyone, guests included: the room view to watch (live data comes over the socket). */
  @Post(':id/spectate')
  @HttpCode(200)
  @UseGuards(OptionalJwtAuthGuard)
  @ApiAnswer('GameRoomViewDto')
  spectate(@Param('id') roomId: string, @OptionalUser() user: AuthUser | undefined): Promise<GameRoomViewDto> {
    return this.rooms.spectate(roomId, user?.userId ?? null);
  }

  @Post(':id/leave')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiAnswer('RoomDto')
  leave(@CurrentUser() user: AuthUser, @Param('id') roomId: string): Promise<RoomDto> {
    return this.rooms.leave(user.userId, roomId);
  }
}

/** Sends an answer as first produced (a stored refusal too, so replays are identical). */
function send(reply: FastifyReply, answer: RoomAnswer): unknown {
  void reply.status(answer.statusCode);
  if (answer.replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  return answer.body;
}
