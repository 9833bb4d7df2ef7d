import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min, MinLength } from 'class-validator';
import { toBoolean, toInt } from './config-transforms';
import { PlayerProtectionConfig } from './player-protection-config';

/**
 * Accounts and security (auth module): tokens, mail, sign-in limits and OAuth providers. AppConfig extends this
 * class, so they are validated at boot with every other variable.
 */
export class AuthConfig extends PlayerProtectionConfig {
  /** Public origin of the web app (no path): links in emails and the default OAuth redirect_uri. */
  @Matches(/^https?:\/\/[^/?#]+$/, { message: 'must be an origin such as https://skillduel.example (no path)' })
  APP_BASE_URL = 'http://localhost:3000';

  /**
   * smtp:// or smtps:// URL (credentials included) for outgoing mail. Unset: mail goes to the DEV_MAIL outbox when that
   * is on, else to the log outside production (in production it is not sent, and boot says so once).
   */
  @IsOptional()
  @Matches(/^smtps?:\/\/.+/, { message: 'must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  @IsString()
  @MinLength(3)
  MAIL_FROM = 'SkillDuel <no-reply@skillduel.local>';

  /**
   * A local outbox for a machine without a mail server: account mail is kept in memory (the last 50) and shown at
   * /dev/mail and GET /api/dev/mail. `npm start` turns it on for its embedded default (no DATABASE_URL, no SMTP_URL);
   * it is ignored whenever SMTP_URL is set. Never on a public server: the mails carry sign-in links.
   */
  @Transform(toBoolean)
  @IsBoolean()
  DEV_MAIL = false;

  /** Lifetime of a JWT access token. A revoked session's access tokens are refused at once anyway. */
  @Transform(toInt)
  @IsInt()
  @Min(60)
  @Max(3600)
  ACCESS_TOKEN_TTL_SECONDS = 900;

  /** Lifetime of a refresh token; every refresh issues a new one (sliding session). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(365)
  REFRESH_TOKEN_TTL_DAYS = 30;

  /**
   * A refresh token presented again within this many seconds of its rotation is refused without revoking the
   * session (two tabs refreshing at once); later reuse revokes the whole session. See docs/decisions/0101.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(60)
  REFRESH_REUSE_GRACE_SECONDS = 5;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(720)
  EMAIL_VERIFICATION_TTL_HOURS = 48;

  @Transform(toInt)
  @IsInt()
  @Min(5)
  @Max(1440)
  PASSWORD_RESET_TTL_MINUTES = 30;

  /** Key for encrypting TOTP secrets at rest (32+ characters). Unset: derived from JWT_SECRET. */
  @IsOptional()
  @IsString()
  @MinLength(32)
  TOTP_ENCRYPTION_KEY?: string;

  /** Per client IP and per auth route group (login, register, refresh, password reset, 2FA, …), per minute. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  AUTH_RATE_LIMIT_PER_IP_PER_MINUTE = 20;

  /** Failed logins for one account from one IP per 15 minutes before that IP is refused for that account. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  AUTH_MAX_FAILED_LOGINS_PER_ACCOUNT_AND_IP = 10;

  /**
   * Failed logins for one account (all IPs) per 15 minutes before IPs the account has never signed in from are
   * refused for it; addresses with an earlier successful sign-in keep working (docs/decisions/0102).
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  AUTH_MAX_FAILED_LOGINS_PER_ACCOUNT = 50;

  /** Wrong 2FA codes per account per 15 minutes. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  AUTH_MAX_FAILED_2FA_PER_ACCOUNT = 10;

  /** Verification / reset mails per address per hour. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  AUTH_MAX_EMAILS_PER_ADDRESS_PER_HOUR = 5;

  /** How long a social sign-in attempt (state, PKCE verifier, nonce) stays valid. */
  @Transform(toInt)
  @IsInt()
  @Min(60)
  @Max(3600)
  OAUTH_STATE_TTL_SECONDS = 600;

  /** Social providers: a provider is offered when its client id and secret are set. Issuers are discovered (OIDC). */
  @IsOptional()
  @IsString()
  OAUTH_GOOGLE_CLIENT_ID?: string;

  @IsOptional()
  @IsString()
  OAUTH_GOOGLE_CLIENT_SECRET?: string;

  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  OAUTH_GOOGLE_ISSUER = 'https://accounts.google.com';

  @IsOptional()
  @IsString()
  OAUTH_FACEBOOK_CLIENT_ID?: string;

  @IsOptional()
  @IsString()
  OAUTH_FACEBOOK_CLIENT_SECRET?: string;

  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  OAUTH_FACEBOOK_ISSUER = 'https://www.facebook.com';

  @IsOptional()
  @IsString()
  OAUTH_MICROSOFT_CLIENT_ID?: string;

  @IsOptional()
  @IsString()
  OAUTH_MICROSOFT_CLIENT_SECRET?: string;

  /** 'common' accepts work and personal accounts; the tenant-specific issuer is checked per token. */
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  OAUTH_MICROSOFT_ISSUER = 'https://login.microsoftonline.com/common/v2.0';

  /** Allow http:// issuers (a local mock provider in development and tests). Refused in production. */
  @Transform(toBoolean)
  @IsBoolean()
  OAUTH_ALLOW_INSECURE_HTTP = false;
}
