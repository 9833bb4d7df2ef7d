import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  validateSync,
} from 'class-validator';
import { toBoolean, toInt, toList } from './config-transforms';
import { FairPlayConfig } from './fair-play-config';

/**
 * Every environment variable the server reads, validated once at boot.
 * A bad value stops the server with a message naming the variable (see loadConfig).
 * Defaults here are the documented defaults in the README's configuration table. Feature groups with their own
 * file are composed in by inheritance (FairPlayConfig, which extends MatchmakingConfig).
 */
export class AppConfig extends FairPlayConfig {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  /** postgres://user:pass@host:port/db. Set by the launcher for the embedded PostgreSQL. */
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'must be a postgres:// connection URL' })
  DATABASE_URL = '';

  @IsOptional()
  @Matches(/^rediss?:\/\/.+/, { message: 'must be a redis:// URL' })
  REDIS_URL?: string;

  /** Allowed browser origins for CORS and the socket handshake; empty = same origin only. */
  @Transform(toList)
  @IsString({ each: true })
  CORS_ORIGINS: string[] = [];

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /** Where the built SPA lives; served at / with client-route fallback when the folder exists. */
  @IsString()
  WEB_DIST_DIR = 'dist/apps/web';

  /** Requests per minute per client IP for the global rate limit. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  RATE_LIMIT_PER_MINUTE = 600;

  @Transform(toBoolean)
  @IsBoolean()
  FEATURE_TOURNAMENTS = true;

  @Transform(toBoolean)
  @IsBoolean()
  FEATURE_CHAT = true;

  @Transform(toBoolean)
  @IsBoolean()
  FEATURE_REFERRALS = true;

  /** Secret for signing access tokens. Development gets a per-data-dir random secret from the launcher. */
  @IsOptional()
  @IsString()
  @MinLength(32)
  JWT_SECRET?: string;

  /** Payment provider for deposits and withdrawals. `sandbox` (built in) completes deposits at once. */
  @IsIn(['sandbox'])
  PAYMENT_PROVIDER = 'sandbox' as const;

  /** Seconds between a withdrawal request (money moves to pending) and its payout by the background processor. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(86_400)
  WITHDRAWAL_DELAY_SECONDS = 30;

  /** Runs the withdrawal processor in this instance. Several instances may run it at once (SKIP LOCKED). */
  @Transform(toBoolean)
  @IsBoolean()
  WITHDRAWAL_PROCESSOR_ENABLED = true;

  /** How often the withdrawal processor looks for due withdrawals. */
  @Transform(toInt)
  @IsInt()
  @Min(50)
  @Max(60_000)
  WITHDRAWAL_POLL_INTERVAL_MS = 1000;

  /** Sandbox provider: amounts whose cents part equals this are declined (13: $10.13 fails, $10.00 works); -1 never. */
  @Transform(toInt)
  @IsInt()
  @Min(-1)
  @Max(99)
  SANDBOX_DECLINE_CENTS = 13;

  /** Hours an Idempotency-Key and its stored answer are kept (at least 24). */
  @Transform(toInt)
  @IsInt()
  @Min(24)
  @Max(24 * 30)
  IDEMPOTENCY_KEY_TTL_HOURS = 24;

  /** Trust X-Forwarded-For from a reverse proxy (needed for per-IP rate limits behind one). */
  @Transform(toBoolean)
  @IsBoolean()
  TRUST_PROXY = false;

  /** When set, GET /api/metrics requires `Authorization: Bearer <METRICS_TOKEN>`. */
  @IsOptional()
  @IsString()
  @MinLength(8)
  METRICS_TOKEN?: string;

  /** Without METRICS_TOKEN, production serves /api/metrics only when this says the network is private. */
  @Transform(toBoolean)
  @IsBoolean()
  METRICS_PUBLIC = false;

  // ── Accounts and security (auth module) ──────────────────────────────────────────────────────────────

  /** Public origin of the web app (no path): links in emails and the default OAuth redirect_uri. */
  @Matches(/^https?:\/\/[^/?#]+$/, { message: 'must be an origin such as https://skillduel.example (no path)' })
  APP_BASE_URL = 'http://localhost:3000';

  /** smtp:// or smtps:// URL (credentials included) for outgoing mail. Unset: mail is written to the log outside production. */
  @IsOptional()
  @Matches(/^smtps?:\/\/.+/, { message: 'must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  @IsString()
  @MinLength(3)
  MAIL_FROM = 'SkillDuel <no-reply@skillduel.local>';

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

  // ── Rooms and live matches (rooms and realtime modules, docs/decisions/06xx) ──────────────────────────────────────

  /** A room waiting for an opponent (or for both players to Start) is cancelled and refunded after this long. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(86_400)
  ROOM_WAITING_EXPIRY_SECONDS = 600;

  /** A player disconnected during a match may come back within this many seconds; after it they forfeit. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(600)
  RECONNECT_GRACE_SECONDS = 15;

  /** Platform fee in basis points of the pot (2 × bet) taken from the winner's payout; 0 = none. Ties pay no fee. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(5000)
  PLATFORM_FEE_BPS = 0;

  /** Rooms (waiting, ready or playing) one player may sit in at once, created or joined. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100)
  MAX_OPEN_ROOMS_PER_PLAYER = 3;

  // MATCHMAKING_* variables: MatchmakingConfig (matchmaking-config.ts).

  // ── Operator console (docs/decisions/1601-operator-console.md) ────────────────────────────────────────────

  /** Accounts with these (verified) emails get the admin role when they sign in. */
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((item) => item.trim().toLowerCase())
          .filter(Boolean)
      : value,
  )
  @IsString({ each: true })
  ADMIN_EMAILS: string[] = [];

  /**
   * Flag opponents whose latest sessions share an IP address (decision 1602). Off by default: households, offices,
   * carrier NAT and every local test share addresses.
   */
  @Transform(toBoolean)
  @IsBoolean()
  FLAG_SHARED_IP = false;

  /** Withdrawals above this many dollars wait for support's approval instead of being paid by the processor. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  WITHDRAWAL_REVIEW_THRESHOLD = 1000;

  // ── Responsible gaming (docs/decisions/1501-responsible-gaming.md) ──────────────────────────────────────────

  /** Minimum age for real-money play where RG_MIN_AGE_BY_COUNTRY names no other. */
  @Transform(toInt)
  @IsInt()
  @Min(18)
  @Max(25)
  RG_MIN_AGE_DEFAULT = 18;

  /** Per-country minimum ages, `CC:age` pairs, e.g. `US:21,PE:18`. */
  @Transform(toList)
  @Matches(/^[A-Z]{2}:(1[89]|2[0-5])$/, { each: true, message: 'must be CC:age pairs (age 18–25), e.g. US:21' })
  RG_MIN_AGE_BY_COUNTRY: string[] = [];

  /** ISO 3166-1 alpha-2 countries where real-money play is refused. */
  @Transform(toList)
  @Matches(/^[A-Z]{2}$/, { each: true, message: 'must be a comma-separated list of two-letter country codes' })
  BLOCKED_COUNTRIES: string[] = [];

  /** Raising or removing a deposit/loss/bet limit waits this long; lowering or setting one applies at once. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(24 * 90)
  RG_LIMIT_RAISE_DELAY_HOURS = 168;

  /** Minutes of money play after which the web app shows the reality check. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(24 * 60)
  RG_REALITY_CHECK_MINUTES = 60;

  /** The 3-2-1 countdown between both players pressing Start and play (SPEC §9: 3 s). Smaller only in tests. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(10_000)
  MATCH_COUNTDOWN_MS = 3000;

  /** Overrides every game's time limit (milliseconds) when above 0. For tests and load benchmarks only. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(600_000)
  MATCH_TIME_LIMIT_OVERRIDE_MS = 0;

  /** How often this instance looks for expired rooms and for matches a dead instance left unsettled. */
  @Transform(toInt)
  @IsInt()
  @Min(20)
  @Max(600_000)
  ROOM_SWEEP_INTERVAL_MS = 5000;

  /** How often this instance marks the matches it runs as alive. */
  @Transform(toInt)
  @IsInt()
  @Min(20)
  @Max(600_000)
  MATCH_HEARTBEAT_INTERVAL_MS = 5000;

  /**
   * Socket.IO heartbeat: the server pings every SOCKET_PING_INTERVAL_MS and drops a socket whose pong has not come
   * within SOCKET_PING_TIMEOUT_MS. Shortened only by tests (the chaos soak pauses a process longer than this).
   */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600_000)
  SOCKET_PING_INTERVAL_MS = 20_000;

  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600_000)
  SOCKET_PING_TIMEOUT_MS = 20_000;

  /**
   * After SIGTERM/SIGINT the server exits within this many milliseconds, whatever is still in flight (open HTTP
   * connections are closed half-way). Below the launchers' 10 s grace before SIGKILL.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(120_000)
  SHUTDOWN_TIMEOUT_MS = 8000;

  /** A running match whose instance has not marked it alive for this long is voided and refunded. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3600)
  MATCH_STALE_AFTER_SECONDS = 30;

  /** With REDIS_URL: how long a room's ownership lease lasts in Redis (renewed every third of it while loaded). */
  @Transform(toInt)
  @IsInt()
  @Min(300)
  @Max(600_000)
  ROOM_OWNER_LEASE_MS = 15_000;

  /** With REDIS_URL: how long a socket request forwarded to the room's owning instance may wait for its answer. */
  @Transform(toInt)
  @IsInt()
  @Min(50)
  @Max(60_000)
  ROOM_FORWARD_TIMEOUT_MS = 3000;

  /** How often open sockets' sessions are re-checked; a revoked or expired session's sockets are disconnected. */
  @Transform(toInt)
  @IsInt()
  @Min(20)
  @Max(600_000)
  SOCKET_SESSION_CHECK_INTERVAL_MS = 10_000;

  /** Open sockets one signed-in user may hold on an instance (tabs, devices); more are refused (decision 1002). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  SOCKET_MAX_PER_USER = 10;

  /** Open sockets one client IP may hold on an instance, guests included (decision 1002). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100_000)
  SOCKET_MAX_PER_IP = 50;

  /** Socket handshakes (connection attempts) per client IP per minute; more answer 'Too many requests…'. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  SOCKET_HANDSHAKES_PER_IP_PER_MINUTE = 120;
}

/** Optional variables (no default value, so not found by enumerating a fresh AppConfig). */
const OPTIONAL_VARIABLES = [
  'REDIS_URL',
  'METRICS_TOKEN',
  'JWT_SECRET',
  'SMTP_URL',
  'TOTP_ENCRYPTION_KEY',
  'OAUTH_GOOGLE_CLIENT_ID',
  'OAUTH_GOOGLE_CLIENT_SECRET',
  'OAUTH_FACEBOOK_CLIENT_ID',
  'OAUTH_FACEBOOK_CLIENT_SECRET',
  'OAUTH_MICROSOFT_CLIENT_ID',
  'OAUTH_MICROSOFT_CLIENT_SECRET',
];

export class ConfigError extends Error {}

/** Validates `env` into an AppConfig or throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const known = Object.keys(new AppConfig());
  const raw: Record<string, string> = {};
  for (const key of new Set([...known, ...OPTIONAL_VARIABLES])) {
    const value = env[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const config = plainToInstance(AppConfig, raw, { exposeDefaultValues: true });
  const errors = validateSync(config, { whitelist: true });
  if (errors.length > 0) {
    const lines = errors.map((error) => {
      const reasons = Object.values(error.constraints ?? {}).join('; ');
      return `  ${error.property}=${JSON.stringify(raw[error.property] ?? '')}: ${reasons}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (!config.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_URL is not set (use `npm start`, which starts an embedded PostgreSQL, or set DATABASE_URL)',
    );
  }
  if (config.NODE_ENV === 'production' && !config.JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET must be set (32+ characters) when NODE_ENV=production');
  }
  // `npm start` sets it (http://localhost:PORT); a deployment must say where its users reach it (links in emails).
  if (config.NODE_ENV === 'production' && !raw.APP_BASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  APP_BASE_URL must be set when NODE_ENV=production (the public origin used in emailed links)',
    );
  }
  if (config.NODE_ENV === 'production' && config.OAUTH_ALLOW_INSECURE_HTTP) {
    throw new ConfigError(
      'Invalid configuration:\n  OAUTH_ALLOW_INSECURE_HTTP must not be true when NODE_ENV=production',
    );
  }
  if (config.MATCH_STALE_AFTER_SECONDS * 1000 < 2 * config.MATCH_HEARTBEAT_INTERVAL_MS) {
    throw new ConfigError(
      'Invalid configuration:\n  MATCH_STALE_AFTER_SECONDS must be at least twice MATCH_HEARTBEAT_INTERVAL_MS (a live match would be voided)',
    );
  }
  return config;
}
