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

const toBoolean = ({ value }: { value: unknown }): unknown => {
  if (value === undefined || value === '') return undefined;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return value;
};
const toInt = ({ value }: { value: unknown }): unknown => {
  if (value === undefined || value === '') return undefined;
  return typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
};
const toList = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : value;

/**
 * Every environment variable the server reads, validated once at boot.
 * A bad value stops the server with a message naming the variable (see loadConfig).
 * Defaults here are the documented defaults in the README's configuration table.
 */
export class AppConfig {
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

  /** Trust X-Forwarded-For from a reverse proxy (needed for per-IP rate limits behind one). */
  @Transform(toBoolean)
  @IsBoolean()
  TRUST_PROXY = false;
}

export class ConfigError extends Error {}

/** Validates `env` into an AppConfig or throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const known = Object.keys(new AppConfig());
  const raw: Record<string, string> = {};
  for (const key of [...known, 'REDIS_URL', 'JWT_SECRET']) {
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
  return config;
}
