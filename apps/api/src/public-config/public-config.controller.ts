import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { centsToDollars, LIMITS, PAYMENT_METHODS, PublicConfigDto } from '@skillduel/contracts';
import { OAuthProviderRegistry } from '../auth/oauth/oauth-providers';
import { AppConfig } from '../config/app-config';
import { ApiAnswer } from '../openapi/api-answer.decorator';

/** Public feature flags and limits (docs/product/operations.md#feature-flags). Nothing secret lives here. */
@ApiTags('config')
@Controller('config')
export class PublicConfigController {
  constructor(
    private readonly config: AppConfig,
    private readonly oauthProviders: OAuthProviderRegistry,
  ) {}

  @Get()
  @ApiAnswer('PublicConfigDto')
  get(): PublicConfigDto {
    return {
      features: {
        tournaments: this.config.FEATURE_TOURNAMENTS,
        chat: this.config.FEATURE_CHAT,
        referrals: this.config.FEATURE_REFERRALS,
      },
      limits: {
        deposit_min: centsToDollars(LIMITS.depositMinCents),
        deposit_max: centsToDollars(LIMITS.depositMaxCents),
        withdrawal_min: centsToDollars(LIMITS.withdrawalMinCents),
        room_max_players: LIMITS.roomMaxPlayers,
        request_timeout_ms: LIMITS.requestTimeoutMs,
        chat_message_max_length: LIMITS.chatMessageMaxLength,
      },
      payment_methods: [...PAYMENT_METHODS],
      // Providers with client credentials configured (same list as GET /auth/oauth/providers).
      oauth_providers: this.oauthProviders.configured(),
      support_email: this.config.SUPPORT_EMAIL,
    };
  }
}
