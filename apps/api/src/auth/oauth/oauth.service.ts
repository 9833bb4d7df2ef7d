import { Injectable, Logger } from '@nestjs/common';
import {
  AUTH_ERROR_CODES,
  AUTH_MESSAGES,
  GUEST_USERNAME_PREFIX,
  HTTP_ERROR_MESSAGES,
  LIMITS,
  MessageResponse,
  OAuthAuthorizationResponse,
  OAuthCallbackDto,
  OAuthCallbackResponse,
  OAuthProvidersResponse,
  providerEmailInUseMessage,
  providerLinkedElsewhereMessage,
  providerLinkedMessage,
  providerLoginFailedMessage,
  providerNotLinkedMessage,
  providerSignedInMessage,
  providerUnlinkedMessage,
  SOCIAL_PROVIDERS,
  type SocialProvider,
} from '@skillduel/contracts';
import { randomInt } from 'node:crypto';
import * as oidc from 'openid-client';
import { AppError } from '../../common/app-error';
import { AppConfig } from '../../config/app-config';
import { UserEntity } from '../../users/entities/user.entity';
import { UniqueFieldViolation, UsersRepository } from '../../users/users.repository';
import { UsersService } from '../../users/users.service';
import type { AuthUser } from '../current-user.decorator';
import type { ClientContext } from '../request-context';
import { sha256Hex } from '../secrets';
import { SessionsService } from '../sessions.service';
import { TwoFactorService } from '../two-factor/two-factor.service';
import { OAuthStateEntity } from '../entities/oauth-state.entity';
import { OAuthProviderRegistry, ProviderSettings } from './oauth-providers';
import { IdentityConflict, OAuthRepository } from './oauth.repository';

/** What the ID token says about the person, after openid-client verified it (signature, iss, aud, exp, nonce). */
interface VerifiedIdentity {
  subject: string;
  /** Only an address the provider vouches for (see ProviderSettings.emailTrust). */
  verifiedEmail: string | null;
  usernameHint: string;
  picture: string | null;
}

const USERNAME_ATTEMPTS = 6;

function stateInvalid(): AppError {
  return AppError.badRequest(AUTH_ERROR_CODES.oauthStateInvalid, AUTH_MESSAGES.oauthStateInvalid);
}

/**
 * Social sign-in with the authorization-code flow, done by the server (docs/product/accounts.md#social-login): state,
 * PKCE (S256) and nonce are kept server side; the ID token is verified by openid-client; accounts are keyed on
 * (provider, subject) and never joined on email alone.
 */
@Injectable()
export class OAuthService {
  private readonly logger = new Logger('OAuth');

  constructor(
    private readonly config: AppConfig,
    private readonly providers: OAuthProviderRegistry,
    private readonly repository: OAuthRepository,
    private readonly users: UsersService,
    private readonly usersRepository: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly twoFactor: TwoFactorService,
  ) {}

  list(): OAuthProvidersResponse {
    return { providers: this.providers.configured() };
  }

  /** 404 for a name that is not one of the spec's providers. */
  parseProvider(name: string): SocialProvider {
    const provider = SOCIAL_PROVIDERS.find((candidate) => candidate === name);
    if (!provider) throw AppError.notFound();
    return provider;
  }

  async authorize(
    provider: SocialProvider,
    options: { redirectUri?: string; mode?: 'signin' | 'link' },
    caller: AuthUser | undefined,
  ): Promise<OAuthAuthorizationResponse> {
    const settings = this.providers.require(provider);
    const mode = options.mode ?? 'signin';
    if (mode === 'link' && !caller) throw new AppError(401, 'UNAUTHORIZED', HTTP_ERROR_MESSAGES[401]);
    const redirectUri = this.resolveRedirectUri(provider, options.redirectUri);
    const configuration = await this.providers.configuration(settings);

    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const expiresAt = await this.repository.createState({
      stateHash: sha256Hex(state),
      provider,
      mode,
      linkUserId: mode === 'link' && caller ? caller.userId : null,
      codeVerifier,
      nonce,
      redirectUri,
      ttlSeconds: this.config.OAUTH_STATE_TTL_SECONDS,
    });
    const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: settings.scope,
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return {
      provider,
      authorization_url: authorizationUrl.href,
      redirect_uri: redirectUri,
      expires_at: expiresAt.toISOString(),
    };
  }

  async callback(body: OAuthCallbackDto, client: ClientContext): Promise<OAuthCallbackResponse> {
    const settings = this.providers.require(body.provider);
    const stateHash = sha256Hex(body.state);
    const state = await this.repository.findLiveState(stateHash, body.provider);
    if (!state || state.redirectUri !== body.redirect_uri) throw stateInvalid();

    if (state.pendingUserId) return this.completePendingSignIn(state, body, client);

    if (!(await this.repository.claimState(stateHash))) throw stateInvalid();
    let identity: VerifiedIdentity;
    try {
      identity = await this.exchange(settings, state, body);
    } catch (error) {
      await this.repository.deleteState(stateHash);
      throw error;
    }

    if (state.mode === 'link' && state.linkUserId) {
      await this.link(state.linkUserId, settings.provider, identity);
      await this.repository.deleteState(stateHash);
      const user = await this.users.getById(state.linkUserId);
      return { success: true, message: providerLinkedMessage(settings.provider), user: await this.users.toDto(user) };
    }

    const user = await this.findOrCreateUser(settings.provider, identity);
    if (await this.twoFactor.isEnabled(user.id)) {
      try {
        await this.twoFactor.assertSecondFactor(
          user.id,
          { totp_code: body.totp_code, recovery_code: body.recovery_code },
          client.ip,
        );
      } catch (error) {
        // Keep the attempt so the same callback can be posted again with the code (no second code exchange).
        await this.repository.markPending(stateHash, user.id, sha256Hex(body.code));
        throw error;
      }
    }
    if (!(await this.repository.deleteState(stateHash))) throw stateInvalid();
    return this.signIn(user, settings.provider, client);
  }

  async unlink(caller: AuthUser, provider: SocialProvider): Promise<MessageResponse> {
    const outcome = await this.repository.unlinkUnlessLast(caller.userId, provider);
    if (outcome === 'not_linked') {
      throw AppError.badRequest(AUTH_ERROR_CODES.oauthNotLinked, providerNotLinkedMessage(provider));
    }
    if (outcome === 'last_method') {
      throw AppError.badRequest(AUTH_ERROR_CODES.lastSignInMethod, AUTH_MESSAGES.oauthLastMethod);
    }
    return { success: true, message: providerUnlinkedMessage(provider) };
  }

  /** `{origin}/auth/{provider}/callback` for the web app's origin (APP_BASE_URL) or one of CORS_ORIGINS. */
  private resolveRedirectUri(provider: SocialProvider, requested: string | undefined): string {
    const path = `/auth/${provider}/callback`;
    if (requested === undefined) return `${this.config.APP_BASE_URL}${path}`;
    let url: URL;
    try {
      url = new URL(requested);
    } catch {
      throw AppError.badRequest(AUTH_ERROR_CODES.invalidRedirectUri, AUTH_MESSAGES.oauthRedirectInvalid);
    }
    const allowedOrigins = new Set([
      new URL(this.config.APP_BASE_URL).origin,
      ...this.config.CORS_ORIGINS.map((origin) => safeOrigin(origin)),
    ]);
    if (!allowedOrigins.has(url.origin) || url.pathname !== path || url.search !== '' || url.hash !== '') {
      throw AppError.badRequest(AUTH_ERROR_CODES.invalidRedirectUri, AUTH_MESSAGES.oauthRedirectInvalid);
    }
    return `${url.origin}${path}`;
  }

  /** Code → tokens at the provider, with the PKCE verifier; openid-client checks state, iss, aud, exp, nonce, signature. */
  private async exchange(
    settings: ProviderSettings,
    state: OAuthStateEntity,
    body: OAuthCallbackDto,
  ): Promise<VerifiedIdentity> {
    const configuration = await this.providers.configuration(settings);
    const currentUrl = new URL(state.redirectUri);
    currentUrl.searchParams.set('code', body.code);
    currentUrl.searchParams.set('state', body.state);
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: state.codeVerifier,
        expectedState: body.state,
        expectedNonce: state.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims?.sub) throw new Error('ID token without subject');
      return {
        subject: claims.sub,
        verifiedEmail: trustedEmail(settings, claims),
        usernameHint:
          firstString(claims['preferred_username'], claims['given_name'], claims['name'], claims['email']) ??
          settings.provider,
        picture: httpsUrl(claims['picture']),
      };
    } catch (error) {
      this.logger.warn({ err: error, provider: settings.provider }, 'Social sign-in could not be verified');
      throw AppError.badRequest(
        AUTH_ERROR_CODES.oauthVerificationFailed,
        providerLoginFailedMessage(settings.provider, 'the sign-in could not be verified'),
      );
    }
  }

  private async link(userId: string, provider: SocialProvider, identity: VerifiedIdentity): Promise<void> {
    const existing = await this.repository.findIdentity(provider, identity.subject);
    if (existing) {
      if (existing.userId === userId) return;
      throw AppError.conflict(AUTH_ERROR_CODES.oauthAccountLinkedElsewhere, providerLinkedElsewhereMessage(provider));
    }
    try {
      await this.repository.insertIdentity({
        userId,
        provider,
        subject: identity.subject,
        email: identity.verifiedEmail,
      });
    } catch (error) {
      if (error instanceof IdentityConflict) {
        throw AppError.conflict(
          AUTH_ERROR_CODES.oauthAccountLinkedElsewhere,
          error.kind === 'subject'
            ? providerLinkedElsewhereMessage(provider)
            : `A ${provider} account is already linked; unlink it first`,
        );
      }
      throw error;
    }
  }

  /** The account of (provider, subject), or a new one. An existing account with the same email is never joined. */
  private async findOrCreateUser(provider: SocialProvider, identity: VerifiedIdentity): Promise<UserEntity> {
    const existing = await this.repository.findIdentity(provider, identity.subject);
    if (existing) {
      await this.repository.touchIdentity(existing.id, identity.verifiedEmail);
      return this.users.getById(existing.userId);
    }
    if (identity.verifiedEmail && (await this.usersRepository.isEmailTaken(identity.verifiedEmail))) {
      throw AppError.conflict(AUTH_ERROR_CODES.oauthEmailInUse, providerEmailInUseMessage(provider));
    }
    const base = usernameBase(identity.usernameHint);
    for (let attempt = 0; attempt < USERNAME_ATTEMPTS; attempt++) {
      const username =
        attempt === 0 ? base : `${base.slice(0, LIMITS.usernameMaxLength - 5)}_${randomInt(1000, 10000)}`;
      try {
        return await this.repository.transaction(async (manager) => {
          const user = await this.usersRepository.create(
            {
              username,
              email: identity.verifiedEmail,
              passwordHash: null,
              emailVerified: identity.verifiedEmail !== null,
              avatar: identity.picture,
            },
            manager,
          );
          await this.repository.insertIdentity(
            { userId: user.id, provider, subject: identity.subject, email: identity.verifiedEmail },
            manager,
          );
          return user;
        });
      } catch (error) {
        if (error instanceof UniqueFieldViolation && error.field === 'username') continue;
        if (error instanceof UniqueFieldViolation && error.field === 'email') {
          throw AppError.conflict(AUTH_ERROR_CODES.oauthEmailInUse, providerEmailInUseMessage(provider));
        }
        if (error instanceof IdentityConflict) {
          // The same person finished a concurrent sign-up a moment ago: use that account.
          const winner = await this.repository.findIdentity(provider, identity.subject);
          if (winner) return this.users.getById(winner.userId);
        }
        throw error;
      }
    }
    throw new Error(`Could not find a free username for ${provider} sign-up`);
  }

  private async completePendingSignIn(
    state: OAuthStateEntity,
    body: OAuthCallbackDto,
    client: ClientContext,
  ): Promise<OAuthCallbackResponse> {
    if (!state.pendingUserId || state.codeHash !== sha256Hex(body.code)) throw stateInvalid();
    await this.twoFactor.assertSecondFactor(
      state.pendingUserId,
      { totp_code: body.totp_code, recovery_code: body.recovery_code },
      client.ip,
    );
    if (!(await this.repository.deleteState(state.stateHash))) throw stateInvalid();
    return this.signIn(await this.users.getById(state.pendingUserId), body.provider, client);
  }

  private async signIn(
    user: UserEntity,
    provider: SocialProvider,
    client: ClientContext,
  ): Promise<OAuthCallbackResponse> {
    const tokens = await this.sessions.start(user.id, `oauth:${provider}`, client);
    return { success: true, message: providerSignedInMessage(provider), user: await this.users.toDto(user), ...tokens };
  }
}

function safeOrigin(value: string): string {
  try {
    return new URL(value).origin;
  } catch {
    return value;
  }
}

function firstString(...values: unknown[]): string | undefined {
  return values.find((value): value is string => typeof value === 'string' && value.trim().length > 0);
}

function httpsUrl(value: unknown): string | null {
  return typeof value === 'string' && value.startsWith('https://') && value.length <= 500 ? value : null;
}

function trustedEmail(settings: ProviderSettings, claims: Record<string, unknown>): string | null {
  const email = claims['email'];
  if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) return null;
  const trusted =
    settings.emailTrust === 'always' ||
    (settings.emailTrust === 'email_verified_claim' && claims['email_verified'] === true);
  return trusted ? email.toLowerCase() : null;
}

/** A username from the provider's name hint: letters, digits and underscores, 3–32 characters, never a guest name. */
function usernameBase(hint: string): string {
  let base = hint
    .split('@')[0]
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_]/g, '');
  if (base.toLowerCase().startsWith(GUEST_USERNAME_PREFIX.toLowerCase())) base = `player${base}`;
  if (base.length < LIMITS.usernameMinLength) base = `player${base}`;
  return base.slice(0, LIMITS.usernameMaxLength - 5);
}
