import { Body, Controller, Get, Param, ParseIntPipe, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DisputeRequestDto, type DisputeDto } from '@skillduel/contracts';
import { AuthUser, CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { DisputesService } from './disputes.service';
import { ApiAnswer } from '../openapi/api-answer.decorator';

/** A player's dispute of a finished round (decision 1602): one per player and round, within 72 hours. */
@ApiTags('rooms')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('rooms/:roomId/rounds/:round/disputes')
export class DisputesController {
  constructor(private readonly disputes: DisputesService) {}

  @Post()
  @ApiOperation({ summary: 'Dispute a finished round you played (within 72 hours)' })
  @ApiAnswer('DisputeDto', { status: 201 })
  open(
    @CurrentUser() user: AuthUser,
    @Param('roomId') roomId: string,
    @Param('round', ParseIntPipe) round: number,
    @Body() body: DisputeRequestDto,
  ): Promise<DisputeDto> {
    return this.disputes.open(user.userId, roomId, round, body.reason);
  }

  @Get()
  @ApiOperation({ summary: 'Your dispute of this round and its decision, if any' })
  @ApiAnswer('DisputeDto', { list: true })
  mine(
    @CurrentUser() user: AuthUser,
    @Param('roomId') roomId: string,
    @Param('round', ParseIntPipe) round: number,
  ): Promise<DisputeDto[]> {
    return this.disputes.mine(user.userId, roomId, round);
  }
}
