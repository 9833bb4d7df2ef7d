import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import {
  MessageResponse,
  TwoFactorEnabledResponse,
  TwoFactorSetupDto,
  TwoFactorSetupResponse,
  TwoFactorTokenDto,
} from '@skillduel/contracts';
import { UsersService } from '../../users/users.service';
import { AuthUser, CurrentUser } from '../current-user.decorator';
import { JwtAuthGuard } from '../jwt-auth.guard';
import { AuthRateLimit, AuthRateLimitGuard } from '../rate-limit/auth-rate-limit.guard';
import { ReauthenticationService } from '../reauthentication.service';
import { TwoFactorService } from './two-factor.service';
import { ApiAnswer } from '../../openapi/api-answer.decorator';

/**
 * TOTP two-factor authentication of the signed-in user: setup, verify, disable
 * (docs/product/accounts.md#two-factor-authentication). Every step needs the current password, so a stolen access token
 * cannot bind the thief's authenticator or remove the owner's (docs/decisions/1001).
 */
@ApiTags('auth')
@ApiBearerAuth()
@ApiTooManyRequestsResponse({ description: "'Too many requests. Please try again later.'" })
@UseGuards(AuthRateLimitGuard, JwtAuthGuard)
@AuthRateLimit('two-factor')
@Controller('auth')
export class TwoFactorController {
  constructor(
    private readonly twoFactor: TwoFactorService,
    private readonly reauth: ReauthenticationService,
    private readonly users: UsersService,
  ) {}

  @Post('setup-2fa')
  @HttpCode(200)
  @ApiOperation({
    summary: 'With the current password: new secret with otpauth URL and QR code; 2FA stays off until verify-2fa',
  })
  @ApiAnswer('TwoFactorSetupResponse')
  async setup(@CurrentUser() user: AuthUser, @Body() body: TwoFactorSetupDto): Promise<TwoFactorSetupResponse> {
    await this.reauth.assertPassword(await this.users.getById(user.userId), body.current_password);
    return this.twoFactor.setup(user.userId);
  }

  @Post('verify-2fa')
  @HttpCode(200)
  @ApiOperation({
    summary: 'With the current password and a current code: 2FA on, 10 single-use recovery codes returned once',
  })
  @ApiAnswer('TwoFactorEnabledResponse')
  async verify(@CurrentUser() user: AuthUser, @Body() body: TwoFactorTokenDto): Promise<TwoFactorEnabledResponse> {
    await this.reauth.assertPassword(await this.users.getById(user.userId), body.current_password);
    return this.twoFactor.enable(user.userId, body.token);
  }

  @Post('disable-2fa')
  @HttpCode(200)
  @ApiOperation({ summary: 'Turn 2FA off with the current password and a current code or a recovery code' })
  @ApiAnswer('MessageResponse')
  async disable(@CurrentUser() user: AuthUser, @Body() body: TwoFactorTokenDto): Promise<MessageResponse> {
    await this.reauth.assertPassword(await this.users.getById(user.userId), body.current_password);
    return this.twoFactor.disable(user.userId, body.token);
  }
}
