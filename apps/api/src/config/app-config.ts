import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  validateSync,
} from 'class-validator';
import { toBoolean, toInt, toList } from './config-transforms';
import { AuthConfig } from './auth-config';

/**
 * Every environment variable the server reads, validated once at boot.
 * A bad value stops the server with a message naming the variable (see loadConfig).
 * Defaults here are the documented defaults in the README's configuration table. Feature groups with their own
 * file are composed in by inheritance: AuthConfig ← PlayerProtectionConfig ← RoomsConfig ← FairPlayConfig ←
 * KycConfig ← MatchmakingConfig.
 */
export class AppConfig extends AuthConfig {
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

  /** How often tournaments whose start or end has come are started or settled (docs/decisions/2601); 0: never. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(600_000)
  TOURNAMENT_SCHEDULER_INTERVAL_MS = 5000;

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

  /**
   * With TRUST_PROXY: how many proxies in front of the API append to X-Forwarded-For. 0 takes the first entry (any
   * client can write it, so fine for rate limits only behind a proxy that overwrites the header); n takes the entry
   * the n-th proxy wrote, which a client cannot forge. Location checks at cash actions read this address.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(16)
  TRUST_PROXY_HOPS = 0;

  /** When set, GET /api/metrics requires `Authorization: Bearer <METRICS_TOKEN>`. */
  @IsOptional()
  @IsString()
  @MinLength(8)
  METRICS_TOKEN?: string;

  /** Without METRICS_TOKEN, production serves /api/metrics only when this says the network is private. */
  @Transform(toBoolean)
  @IsBoolean()
  METRICS_PUBLIC = false;
}

/** Optional variables (no default value, so not found by enumerating a fresh AppConfig). */
const OPTIONAL_VARIABLES = [
  'REDIS_URL',
  'METRICS_TOKEN',
  'KYC_WEBHOOK_SECRET',
  'KYC_SANDBOX_WEBHOOK_URL',
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
  if (config.TRUST_PROXY_HOPS > 0 && !config.TRUST_PROXY) {
    throw new ConfigError('Invalid configuration:\n  TRUST_PROXY_HOPS needs TRUST_PROXY=true');
  }
  if (config.MATCH_STALE_AFTER_SECONDS * 1000 < 2 * config.MATCH_HEARTBEAT_INTERVAL_MS) {
    throw new ConfigError(
      'Invalid configuration:\n  MATCH_STALE_AFTER_SECONDS must be at least twice MATCH_HEARTBEAT_INTERVAL_MS (a live match would be voided)',
    );
  }
  return config;
}
