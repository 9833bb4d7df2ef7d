import { Module } from '@nestjs/common';
import { Clock } from '../common/clock';
import { AccountEmailService } from './account-email.service';
import { AuthCoreModule } from './auth-core.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { EmailTokensRepository } from './email-tokens.repository';
import { DevMailController } from './mail/dev-mail.controller';
import { DevMailbox } from './mail/dev-mailbox';
import { MailService } from './mail/mail.service';
import { OAuthProviderRegistry } from './oauth/oauth-providers';
import { OAuthController } from './oauth/oauth.controller';
import { OAuthRepository } from './oauth/oauth.repository';
import { OAuthService } from './oauth/oauth.service';
import { PasswordHasher } from './password-hasher';
import { AuthRateLimitGuard } from './rate-limit/auth-rate-limit.guard';
import { RateLimitRepository } from './rate-limit/rate-limit.repository';
import { AuthRateLimitService } from './rate-limit/rate-limit.service';
import { ReauthenticationService } from './reauthentication.service';
import { SessionsService } from './sessions.service';
import { TotpService } from './two-factor/totp.service';
import { TwoFactorController } from './two-factor/two-factor.controller';
import { TwoFactorRepository } from './two-factor/two-factor.repository';
import { TwoFactorService } from './two-factor/two-factor.service';

/**
 * Accounts and security (docs/product/accounts.md): sign-up/sign-in, sessions and refresh tokens, email flows, 2FA,
 * social sign-in, auth rate limits. Import it (or rely on the global AuthCoreModule) to `@UseGuards(JwtAuthGuard)`.
 * UsersService/UsersRepository come from the global UsersModule.
 */
@Module({
  imports: [AuthCoreModule],
  controllers: [AuthController, TwoFactorController, OAuthController, DevMailController],
  providers: [
    Clock,
    PasswordHasher,
    SessionsService,
    AuthService,
    AccountEmailService,
    EmailTokensRepository,
    MailService,
    DevMailbox,
    RateLimitRepository,
    AuthRateLimitService,
    AuthRateLimitGuard,
    TotpService,
    TwoFactorRepository,
    TwoFactorService,
    ReauthenticationService,
    OAuthProviderRegistry,
    OAuthRepository,
    OAuthService,
  ],
  // TwoFactorService: withdrawals of a user with 2FA on need a current code (wallet module).
  exports: [AuthCoreModule, SessionsService, OAuthProviderRegistry, Clock, TwoFactorService],
})
export class AuthModule {}
