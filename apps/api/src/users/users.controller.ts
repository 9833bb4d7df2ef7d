import { Body, Controller, Get, HttpCode, Post, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AddXpDto,
  AddXpResponse,
  OnlineStatusResponse,
  UpdateOnlineStatusDto,
  UpdateProfileDto,
  type UserDto,
} from '@skillduel/contracts';
import { AuthUser, CurrentUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { UsersService } from './users.service';
import { ApiAnswer } from '../openapi/api-answer.decorator';

/**
 * The signed-in user's own profile, /users/me/* (docs/product/accounts.md#profile). Served with and without the
 * trailing slash.
 */
@ApiTags('users')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('users/me')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @ApiOperation({ summary: 'The current user' })
  @ApiAnswer('UserDto')
  me(@CurrentUser() user: AuthUser): Promise<UserDto> {
    return this.users.me(user.userId);
  }

  @Put()
  @ApiOperation({ summary: 'Edit username, email and country; any other field is refused with 400' })
  @ApiAnswer('UserDto')
  update(@CurrentUser() user: AuthUser, @Body() body: UpdateProfileDto): Promise<UserDto> {
    return this.users.updateProfile(user.userId, body);
  }

  @Post('add-xp')
  @HttpCode(200)
  @ApiOperation({ summary: 'Self-reported XP, capped server-side per call and per day' })
  @ApiAnswer('AddXpResponse', { description: 'XP actually granted and the new progress' })
  addXp(@CurrentUser() user: AuthUser, @Body() body: AddXpDto): Promise<AddXpResponse> {
    return this.users.addSelfReportedXp(user.userId, body.xp_amount);
  }

  @Post('update-online-status')
  @HttpCode(200)
  @ApiAnswer('OnlineStatusResponse')
  async updateOnlineStatus(
    @CurrentUser() user: AuthUser,
    @Body() body: UpdateOnlineStatusDto,
  ): Promise<OnlineStatusResponse> {
    await this.users.setOnline(user.userId, body.is_online);
    return { success: true, is_online: body.is_online };
  }
}
