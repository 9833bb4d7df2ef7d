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
    const config = loadConfig({ ...base, PORT: '3101', FEATURE_REFERRALS: 'false', CORS_ORIGINS: 'http://a, http://b' });
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
  ])('names the variable when %s=%s is bad', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(new RegExp(`${name}=`));
  });

  it('requires DATABASE_URL', () => {
    expect(() => loadConfig({})).toThrow(/DATABASE_URL/);
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
  });
});
