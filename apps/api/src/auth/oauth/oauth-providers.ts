import { Injectable, Logger } from '@nestjs/common';
import {
  AUTH_ERROR_CODES,
  providerNotConfiguredMessage,
  SOCIAL_PROVIDERS,
  type SocialProvider,
} from '@skillduel/contracts';
import * as oidc from 'openid-client';
import { AppError } from '../../common/app-error';
import { AppConfig } from '../../config/app-config';

export interface ProviderSettings {
  provider: SocialProvider;
  clientId: string;
  clientSecret: string;
  issuer: string;
  scope: string;
  /**
   * Whether the provider's `email` claim proves the user owns the address. Google says so per token
   * (email_verified); Facebook only releases confirmed addresses; Microsoft's email claim is not verified.
   */
  emailTrust: 'email_verified_claim' | 'always' | 'never';
}

const PROVIDER_DEFAULTS: Record<SocialProvider, Pick<ProviderSettings, 'scope' | 'emailTrust'>> = {
  google: { scope: 'openid email profile', emailTrust: 'email_verified_claim' },
  facebook: { scope: 'openid email public_profile', emailTrust: 'always' },
  microsoft: { scope: 'openid email profile', emailTrust: 'never' },
};

const DISCOVERY_TIMEOUT_SECONDS = 10;

/**
 * The configured social providers (client id + secret set) and their OpenID Connect client configuration,
 * discovered from the issuer on first use and cached (a failed discovery is retried on the next call).
 */
@Injectable()
export class OAuthProviderRegistry {
  private readonly logger = new Logger('OAuthProviders');
  private readonly configurations = new Map<SocialProvider, Promise<oidc.Configuration>>();

  constructor(private readonly config: AppConfig) {}

  configured(): SocialProvider[] {
    return SOCIAL_PROVIDERS.filter((provider) => this.settings(provider) !== null);
  }

  settings(provider: SocialProvider): ProviderSettings | null {
    const prefix = provider.toUpperCase() as 'GOOGLE' | 'FACEBOOK' | 'MICROSOFT';
    const clientId = this.config[`OAUTH_${prefix}_CLIENT_ID`];
    const clientSecret = this.config[`OAUTH_${prefix}_CLIENT_SECRET`];
    if (!clientId || !clientSecret) return null;
    return {
      provider,
      clientId,
      clientSecret,
      issuer: this.config[`OAUTH_${prefix}_ISSUER`],
      ...PROVIDER_DEFAULTS[provider],
    };
  }

  /** 400 '{provider} authentication is not configured' unless the provider has credentials. */
  require(provider: SocialProvider): ProviderSettings {
    const settings = this.settings(provider);
    if (!settings) {
      throw AppError.badRequest(AUTH_ERROR_CODES.providerNotConfigured, providerNotConfiguredMessage(provider));
    }
    return settings;
  }

  async configuration(settings: ProviderSettings): Promise<oidc.Configuration> {
    let configuration = this.configurations.get(settings.provider);
    if (!configuration) {
      configuration = this.discover(settings);
      this.configurations.set(settings.provider, configuration);
      configuration.catch(() => this.configurations.delete(settings.provider));
    }
    try {
      return await configuration;
    } catch (error) {
      this.logger.error(
        { err: error, provider: settings.provider, issuer: settings.issuer },
        'OpenID discovery failed',
      );
      throw new AppError(
        503,
        AUTH_ERROR_CODES.providerUnavailable,
        `${settings.provider} sign-in is unavailable right now`,
      );
    }
  }

  private discover(settings: ProviderSettings): Promise<oidc.Configuration> {
    const execute: Array<(configuration: oidc.Configuration) => void> = [
      // Verify ID token signatures against the provider's JWKS too, not only TLS to the token endpoint.
      oidc.enableNonRepudiationChecks,
    ];
    if (this.config.OAUTH_ALLOW_INSECURE_HTTP) execute.push(oidc.allowInsecureRequests);
    return oidc.discovery(
      new URL(settings.issuer),
      settings.clientId,
      undefined,
      oidc.ClientSecretPost(settings.clientSecret),
      { execute, timeout: DISCOVERY_TIMEOUT_SECONDS },
    );
  }
}
