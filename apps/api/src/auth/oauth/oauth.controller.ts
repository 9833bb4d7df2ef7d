import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import {
  MessageResponse,
  OAuthAuthorizationResponse,
  OAuthAuthorizeQueryDto,
  OAuthCallbackDto,
  OAuthCallbackResponse,
  OAuthProvidersResponse,
} from '@skillduel/contracts';
import { AuthUser, CurrentUser, OptionalUser } from '../current-user.decorator';
import { DeviceIdInterceptor, IssuesDeviceId } from '../devices/device-id.interceptor';
import { JwtAuthGuard, OptionalJwtAuthGuard } from '../jwt-auth.guard';
import { AuthRateLimit, AuthRateLimitGuard } from '../rate-limit/auth-rate-limit.guard';
import { Client, ClientContext } from '../request-context';
import { OAuthService } from './oauth.service';
import { ApiAnswer } from '../../openapi/api-answer.decorator';

/** Social sign-in: google, facebook, microsoft, /auth/oauth/* (docs/product/accounts.md#social-login). */
@ApiTags('auth')
@ApiTooManyRequestsResponse({ description: "'Too many requests. Please try again later.'" })
@UseGuards(AuthRateLimitGuard)
@Controller('auth/oauth')
export class OAuthController {
  constructor(private readonly oauth: OAuthService) {}

  @Get('providers')
  @ApiOperation({ summary: 'The configured providers' })
  @ApiAnswer('OAuthProvidersResponse')
  providers(): OAuthProvidersResponse {
    return this.oauth.list();
  }

  @Post('callback')
  @HttpCode(200)
  @AuthRateLimit('oauth')
  @UseInterceptors(DeviceIdInterceptor)
  @IssuesDeviceId()
  @ApiOperation({ summary: 'Finish a social sign-in: checks state, exchanges the code, verifies the ID token' })
  @ApiAnswer('OAuthCallbackResponse')
  callback(@Body() body: OAuthCallbackDto, @Client() client: ClientContext): Promise<OAuthCallbackResponse> {
    return this.oauth.callback(body, client);
  }

  @Get(':provider')
  @AuthRateLimit('oauth')
  @UseGuards(OptionalJwtAuthGuard)
  @ApiOperation({
    summary: 'Authorization URL (state, PKCE S256, nonce kept server side); mode=link needs a Bearer token',
  })
  @ApiAnswer('OAuthAuthorizationResponse')
  authorize(
    @Param('provider') provider: string,
    @Query() query: OAuthAuthorizeQueryDto,
    @OptionalUser() user: AuthUser | undefined,
  ): Promise<OAuthAuthorizationResponse> {
    return this.oauth.authorize(
      this.oauth.parseProvider(provider),
      { redirectUri: query.redirect_uri, mode: query.mode },
      user,
    );
  }

  @Post(':provider/unlink')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiOperation({ summary: 'Remove a linked provider (refused when it is the only way to sign in)' })
  @ApiAnswer('MessageResponse')
  unlink(@CurrentUser() user: AuthUser, @Param('provider') provider: string): Promise<MessageResponse> {
    return this.oauth.unlink(user, this.oauth.parseProvider(provider));
  }
}
