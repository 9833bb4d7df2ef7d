import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import {
  MessageResponse,
  TwoFactorEnabledResponse,
  TwoFactorSetupResponse,
  TwoFactorTokenDto,
} from '@skillduel/contracts';
import { AuthUser, CurrentUser } from '../current-user.decorator';
import { JwtAuthGuard } from '../jwt-auth.guard';
import { AuthRateLimit, AuthRateLimitGuard } from '../rate-limit/auth-rate-limit.guard';
import { TwoFactorService } from './two-factor.service';

/** TOTP two-factor authentication of the signed-in user (SPEC §7 setup/verify/disable-2fa). */
@ApiTags('auth')
@ApiBearerAuth()
@ApiTooManyRequestsResponse({ description: "'Too many requests. Please try again later.'" })
@UseGuards(AuthRateLimitGuard, JwtAuthGuard)
@AuthRateLimit('two-factor')
@Controller('auth')
export class TwoFactorController {
  constructor(private readonly twoFactor: TwoFactorService) {}

  @Post('setup-2fa')
  @HttpCode(200)
  @ApiOperation({ summary: 'New secret with otpauth URL and QR code; 2FA stays off until verify-2fa' })
  setup(@CurrentUser() user: AuthUser): Promise<TwoFactorSetupResponse> {
    return this.twoFactor.setup(user.userId);
  }

  @Post('verify-2fa')
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirm with a current code: 2FA on, 10 single-use recovery codes returned once' })
  verify(@CurrentUser() user: AuthUser, @Body() body: TwoFactorTokenDto): Promise<TwoFactorEnabledResponse> {
    return this.twoFactor.enable(user.userId, body.token);
  }

  @Post('disable-2fa')
  @HttpCode(200)
  @ApiOperation({ summary: 'Turn 2FA off with a current code or a recovery code' })
  disable(@CurrentUser() user: AuthUser, @Body() body: TwoFactorTokenDto): Promise<MessageResponse> {
    return this.twoFactor.disable(user.userId, body.token);
  }
}
