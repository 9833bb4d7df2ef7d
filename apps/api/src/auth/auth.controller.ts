import { Body, Controller, Get, HttpCode, Param, Post, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import {
  AUTH_MESSAGES,
  AuthResponse,
  ChangePasswordDto,
  ForgotPasswordDto,
  LoginDto,
  MessageResponse,
  RefreshResponse,
  RefreshTokenDto,
  RegisterDto,
  ResendVerificationDto,
  ResetPasswordDto,
  RevokedSessionsResponse,
  SecurityOverviewDto,
  SessionDto,
  TOAST_MESSAGES,
  VerifyEmailDto,
} from '@skillduel/contracts';
import { AccountEmailService } from './account-email.service';
import { AuthService } from './auth.service';
import { AuthUser, CurrentUser } from './current-user.decorator';
import { DeviceIdInterceptor, IssuesDeviceId } from './devices/device-id.interceptor';
import { JwtAuthGuard } from './jwt-auth.guard';
import { AuthRateLimit, AuthRateLimitGuard } from './rate-limit/auth-rate-limit.guard';
import { Client, ClientContext } from './request-context';
import { SessionsService } from './sessions.service';
import { ApiAnswer } from '../openapi/api-answer.decorator';

/**
 * Sign-up, sign-in, tokens, sessions and the email flows, /auth/* (docs/product/accounts.md). Registration, sign-in
 * and refresh hand the client its server-issued device id in an HttpOnly cookie (decision 2330).
 */
@ApiTags('auth')
@ApiTooManyRequestsResponse({ description: "'Too many requests. Please try again later.'" })
@UseGuards(AuthRateLimitGuard)
@UseInterceptors(DeviceIdInterceptor)
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionsService,
    private readonly accountEmail: AccountEmailService,
  ) {}

  @Post('register')
  @AuthRateLimit('register')
  @IssuesDeviceId()
  @ApiOperation({ summary: 'Create an account and sign in' })
  @ApiAnswer('AuthResponse', { status: 201 })
  register(@Body() body: RegisterDto, @Client() client: ClientContext): Promise<AuthResponse> {
    return this.auth.register(body, client);
  }

  @Post('login')
  @HttpCode(200)
  @AuthRateLimit('login')
  @IssuesDeviceId()
  @ApiOperation({
    summary: 'Sign in; with 2FA on, also send totp_code or recovery_code (else 401 TWO_FACTOR_REQUIRED)',
  })
  @ApiAnswer('AuthResponse')
  login(@Body() body: LoginDto, @Client() client: ClientContext): Promise<AuthResponse> {
    return this.auth.login(body, client);
  }

  @Post('refresh')
  @HttpCode(200)
  @AuthRateLimit('refresh')
  @IssuesDeviceId()
  @ApiOperation({ summary: 'Rotate the refresh token; a spent one revokes its session' })
  @ApiAnswer('RefreshResponse')
  refresh(@Body() body: RefreshTokenDto, @Client() client: ClientContext): Promise<RefreshResponse> {
    return this.auth.refresh(body.refresh_token, client);
  }

  @Post('logout')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiAnswer('MessageResponse')
  async logout(@CurrentUser() user: AuthUser): Promise<MessageResponse> {
    await this.auth.logout(user);
    return { success: true, message: TOAST_MESSAGES.loggedOut };
  }

  @Post('logout-all')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiOperation({ summary: 'End every session, including this one' })
  @ApiAnswer('MessageResponse')
  async logoutAll(@CurrentUser() user: AuthUser): Promise<MessageResponse> {
    await this.auth.logoutAll(user);
    return { success: true, message: AUTH_MESSAGES.loggedOutEverywhere };
  }

  @Get('sessions')
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiOperation({ summary: 'Signed-in devices; `current` marks this one' })
  @ApiAnswer('SessionDto', { list: true })
  listSessions(@CurrentUser() user: AuthUser): Promise<SessionDto[]> {
    return this.sessions.list(user);
  }

  @Post('sessions/revoke-all')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiOperation({ summary: 'End every session except this one' })
  @ApiAnswer('RevokedSessionsResponse')
  async revokeOtherSessions(@CurrentUser() user: AuthUser): Promise<RevokedSessionsResponse> {
    const revoked = await this.sessions.revokeOthers(user);
    return { success: true, message: AUTH_MESSAGES.otherSessionsRevoked, revoked };
  }

  @Post('sessions/:id/revoke')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiOperation({ summary: "End one of the caller's sessions (someone else's id answers 404)" })
  @ApiAnswer('MessageResponse')
  async revokeSession(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<MessageResponse> {
    await this.sessions.revoke(user, id);
    return { success: true, message: AUTH_MESSAGES.sessionRevoked };
  }

  @Get('security')
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiOperation({ summary: 'Email verified, password set, 2FA state and linked social accounts (Security tab)' })
  @ApiAnswer('SecurityOverviewDto')
  security(@CurrentUser() user: AuthUser): Promise<SecurityOverviewDto> {
    return this.auth.securityOverview(user);
  }

  @Post('verify-email')
  @HttpCode(200)
  @AuthRateLimit('email-verification')
  @ApiAnswer('MessageResponse')
  verifyEmail(@Body() body: VerifyEmailDto): Promise<MessageResponse> {
    return this.accountEmail.verifyEmail(body.token);
  }

  @Post('resend-verification')
  @HttpCode(200)
  @AuthRateLimit('email-verification')
  @ApiOperation({ summary: 'Answers the same whether or not the address has an account' })
  @ApiAnswer('MessageResponse')
  resendVerification(@Body() body: ResendVerificationDto): Promise<MessageResponse> {
    return this.accountEmail.resendVerification(body.email);
  }

  @Post('forgot-password')
  @HttpCode(200)
  @AuthRateLimit('password-reset')
  @ApiOperation({ summary: 'Mails a reset link; answers the same whether or not the address has an account' })
  @ApiAnswer('MessageResponse')
  forgotPassword(@Body() body: ForgotPasswordDto): Promise<MessageResponse> {
    return this.accountEmail.forgotPassword(body.email);
  }

  @Post('reset-password')
  @HttpCode(200)
  @AuthRateLimit('password-reset')
  @ApiOperation({ summary: 'Set a new password with the mailed token; ends every session' })
  @ApiAnswer('MessageResponse')
  resetPassword(@Body() body: ResetPasswordDto): Promise<MessageResponse> {
    return this.accountEmail.resetPassword(body.token, body.password);
  }

  @Post('change-password')
  @HttpCode(200)
  @AuthRateLimit('change-password')
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiOperation({
    summary: 'Needs the current password (and two_factor_code when 2FA is on: else 403); ends every other session',
  })
  @ApiAnswer('MessageResponse')
  changePassword(@CurrentUser() user: AuthUser, @Body() body: ChangePasswordDto): Promise<MessageResponse> {
    return this.accountEmail.changePassword(
      user,
      { current_password: body.current_password, two_factor_code: body.two_factor_code },
      body.new_password,
    );
  }
}
