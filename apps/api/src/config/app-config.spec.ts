import { loadConfig } from './app-config';

const base = { DATABASE_URL: 'postgres://u:p@localhost:5432/db' };

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig(base);
    expect(config.PORT).toBe(3000);
    expect(config.NODE_ENV).toBe('development');
    expect(config.FEATURE_CHAT).toBe(true);
    expect(config.CORS_ORIGINS).toEqual([]);
  });

  it('parses numbers, booleans and lists', () => {
    const config = loadConfig({
      ...base,
      PORT: '3101',
      FEATURE_REFERRALS: 'false',
      CORS_ORIGINS: 'http://a, http://b',
    });
    expect(config.PORT).toBe(3101);
    expect(config.FEATURE_REFERRALS).toBe(false);
    expect(config.CORS_ORIGINS).toEqual(['http://a', 'http://b']);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['NODE_ENV', 'staging'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'http://x'],
    ['FEATURE_CHAT', 'maybe'],
    ['JWT_SECRET', 'short'],
    // Only the built-in sandbox provider exists: a real provider's name must not boot as if it were wired.
    ['PAYMENT_PROVIDER', 'stripe'],
  ])('names the variable when %s=%s is bad', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(new RegExp(`${name}=`));
  });

  it('requires DATABASE_URL', () => {
    expect(() => loadConfig({})).toThrow(/DATABASE_URL/);
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', APP_BASE_URL: 'https://skillduel.example' })).toThrow(
      /JWT_SECRET/,
    );
  });

  it('requires APP_BASE_URL in production (npm start sets it), not elsewhere', () => {
    const production = { ...base, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) };
    expect(() => loadConfig(production)).toThrow(/APP_BASE_URL must be set when NODE_ENV=production/);
    expect(loadConfig({ ...production, APP_BASE_URL: 'https://skillduel.example' }).APP_BASE_URL).toBe(
      'https://skillduel.example',
    );
    expect(loadConfig(base).APP_BASE_URL).toBe('http://localhost:3000');
  });

  it('serves metrics without a token in production only when METRICS_PUBLIC=true', () => {
    expect(loadConfig(base).METRICS_PUBLIC).toBe(false);
    expect(loadConfig({ ...base, METRICS_PUBLIC: 'true' }).METRICS_PUBLIC).toBe(true);
  });
});

describe('loadConfig (accounts and security)', () => {
  it('applies the auth defaults', () => {
    const config = loadConfig(base);
    expect(config.ACCESS_TOKEN_TTL_SECONDS).toBe(900);
    expect(config.REFRESH_TOKEN_TTL_DAYS).toBe(30);
    expect(config.APP_BASE_URL).toBe('http://localhost:3000');
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.OAUTH_GOOGLE_ISSUER).toBe('https://accounts.google.com');
    expect(config.OAUTH_GOOGLE_CLIENT_ID).toBeUndefined();
  });

  it('reads the optional provider credentials and SMTP URL', () => {
    const config = loadConfig({
      ...base,
      OAUTH_GOOGLE_CLIENT_ID: 'id',
      OAUTH_GOOGLE_CLIENT_SECRET: 'secret',
      SMTP_URL: 'smtp://localhost:2525',
    });
    expect(config.OAUTH_GOOGLE_CLIENT_ID).toBe('id');
    expect(config.OAUTH_GOOGLE_CLIENT_SECRET).toBe('secret');
    expect(config.SMTP_URL).toBe('smtp://localhost:2525');
  });

  it.each([
    ['SMTP_URL', 'http://mail'],
    ['APP_BASE_URL', 'https://x.example/path'],
    ['ACCESS_TOKEN_TTL_SECONDS', '5'],
    ['OAUTH_GOOGLE_ISSUER', 'not a url'],
    ['TOTP_ENCRYPTION_KEY', 'short'],
  ])('names the variable when %s=%s is bad', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(new RegExp(`${name}=`));
  });

  it('refuses insecure OAuth issuers in production', () => {
    expect(() =>
      loadConfig({
        ...base,
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        APP_BASE_URL: 'https://skillduel.example',
        OAUTH_ALLOW_INSECURE_HTTP: 'true',
      }),
    ).toThrow(/OAUTH_ALLOW_INSECURE_HTTP/);
  });
});

describe('loadConfig (rooms and live matches)', () => {
  it('applies the rooms defaults', () => {
    const config = loadConfig(base);
    expect(config.ROOM_WAITING_EXPIRY_SECONDS).toBe(600);
    expect(config.RECONNECT_GRACE_SECONDS).toBe(15);
    expect(config.PLATFORM_FEE_BPS).toBe(0);
    expect(config.MAX_OPEN_ROOMS_PER_PLAYER).toBe(3);
    expect(config.MATCH_COUNTDOWN_MS).toBe(3000);
    expect(config.MATCH_TIME_LIMIT_OVERRIDE_MS).toBe(0);
  });

  it.each([
    ['PLATFORM_FEE_BPS', '-1'],
    ['PLATFORM_FEE_BPS', '9000'],
    ['MAX_OPEN_ROOMS_PER_PLAYER', '0'],
    ['RECONNECT_GRACE_SECONDS', 'soon'],
  ])('names the variable when %s=%s is bad', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(new RegExp(`${name}=`));
  });

  it('refuses a stale threshold that a live heartbeat could miss', () => {
    expect(() =>
      loadConfig({ ...base, MATCH_HEARTBEAT_INTERVAL_MS: '20000', MATCH_STALE_AFTER_SECONDS: '30' }),
    ).toThrow(/MATCH_STALE_AFTER_SECONDS/);
  });
});
