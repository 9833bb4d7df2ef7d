import { Injectable, Logger } from '@nestjs/common';
import {
  AUTH_ERROR_CODES,
  AUTH_MESSAGES,
  AuthResponse,
  LoginDto,
  RefreshResponse,
  RegisterDto,
  SecurityOverviewDto,
} from '@skillduel/contracts';
import { AppError } from '../common/app-error';
import { UsersService } from '../users/users.service';
import { AccountEmailService } from './account-email.service';
import type { AuthUser } from './current-user.decorator';
import { OAuthRepository } from './oauth/oauth.repository';
import { PasswordHasher } from './password-hasher';
import { AuthRateLimitService } from './rate-limit/rate-limit.service';
import type { ClientContext } from './request-context';
import { SessionsService } from './sessions.service';
import { TwoFactorService } from './two-factor/two-factor.service';

/** Sign-up, password sign-in (with its second factor), refresh and sign-out. */
@Injectable()
export class AuthService {
  private readonly logger = new Logger('Auth');

  constructor(
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly twoFactor: TwoFactorService,
    private readonly limits: AuthRateLimitService,
    private readonly accountEmail: AccountEmailService,
    private readonly oauth: OAuthRepository,
  ) {}

  async register(body: RegisterDto, client: ClientContext): Promise<AuthResponse> {
    const passwordHash = await this.hasher.hash(body.password);
    const user = await this.users.create({
      username: body.username,
      email: body.email.trim().toLowerCase(),
      passwordHash,
      emailVerified: false,
    });
    await this.accountEmail.sendVerification(user);
    const tokens = await this.sessions.start(user.id, 'password', client);
    return { user: await this.users.toDto(user), ...tokens };
  }

  /**
   * Email + password, then the second factor when 2FA is on. Unknown email and wrong password answer alike
   * (same message, same argon2 work). No tokens are issued before every check has passed.
   */
  async login(body: LoginDto, client: ClientContext): Promise<AuthResponse> {
    const email = body.email.trim().toLowerCase();
    const user = await this.users.findByEmail(email);
    await this.limits.assertLoginAllowed(email, client.ip, user?.id ?? null);
    const passwordOk = await this.hasher.verify(user?.passwordHash ?? null, body.password);
    if (!user || !passwordOk) {
      await this.limits.recordLoginFailure(email, client.ip, user?.id ?? null);
      throw new AppError(401, AUTH_ERROR_CODES.invalidCredentials, AUTH_MESSAGES.invalidCredentials);
    }
    if (await this.twoFactor.isEnabled(user.id)) {
      await this.twoFactor.assertSecondFactor(
        user.id,
        { totp_code: body.totp_code, recovery_code: body.recovery_code },
        client.ip,
      );
    }
    await this.limits.recordLoginSuccess(email, client.ip);
    const tokens = await this.sessions.start(user.id, 'password', client);
    return { user: await this.users.toDto(user), ...tokens };
  }

  refresh(refreshToken: string, client: ClientContext): Promise<RefreshResponse> {
    return this.sessions.refresh(refreshToken, client.device);
  }

  async logout(caller: AuthUser): Promise<void> {
    await this.sessions.revoke(caller, caller.sessionId, 'logout');
  }

  async logoutAll(caller: AuthUser): Promise<void> {
    const revoked = await this.sessions.revokeAll(caller.userId, 'logout_all');
    this.logger.log({ userId: caller.userId, revoked }, 'Signed out everywhere');
  }

  async securityOverview(caller: AuthUser): Promise<SecurityOverviewDto> {
    const user = await this.users.getById(caller.userId);
    const [twoFactorEnabled, remaining, identities] = await Promise.all([
      this.twoFactor.isEnabled(user.id),
      this.twoFactor.remainingRecoveryCodes(user.id),
      this.oauth.identitiesOf(user.id),
    ]);
    return {
      email_verified: user.emailVerifiedAt !== null,
      pending_email: user.pendingEmail,
      has_password: user.passwordHash !== null,
      two_factor_enabled: twoFactorEnabled,
      recovery_codes_remaining: twoFactorEnabled ? remaining : 0,
      linked_providers: identities.map((identity) => ({
        provider: identity.provider,
        email: identity.email,
        linked_at: identity.createdAt.toISOString(),
      })),
    };
  }
}
