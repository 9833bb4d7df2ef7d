import { Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { NotificationsResponse } from '@skillduel/contracts';
import { AppError } from '../common/app-error';
import { AuthUser, CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { NotificationsService } from './notifications.service';
import { ApiAnswer } from '../openapi/api-answer.decorator';

/** The signed-in user's notifications; every answer carries the list and the unread count. */
@ApiTags('notifications')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @ApiOperation({ summary: 'Newest notifications and the unread count' })
  @ApiAnswer('NotificationsResponse')
  list(@CurrentUser() user: AuthUser): Promise<NotificationsResponse> {
    return this.notifications.list(user.userId);
  }

  @Post('read-all')
  @HttpCode(200)
  @ApiAnswer('NotificationsResponse')
  markAllRead(@CurrentUser() user: AuthUser): Promise<NotificationsResponse> {
    return this.notifications.markAllRead(user.userId);
  }

  @Post(':id/read')
  @HttpCode(200)
  @ApiAnswer('NotificationsResponse')
  markRead(
    @CurrentUser() user: AuthUser,
    @Param('id', new ParseUUIDPipe({ exceptionFactory: () => AppError.notFound() })) id: string,
  ): Promise<NotificationsResponse> {
    return this.notifications.markRead(user.userId, id);
  }
}
