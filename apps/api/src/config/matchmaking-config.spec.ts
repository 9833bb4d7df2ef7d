import { ConfigError, loadConfig } from './app-config';

const base = { DATABASE_URL: 'postgres://u:p@localhost:5432/db' };

describe('MatchmakingConfig (composed into AppConfig)', () => {
  it('has the documented defaults', () => {
    const config = loadConfig(base);
    expect(config.MATCHMAKING_INTERVAL_MS).toBe(500);
    expect(config.MATCHMAKING_MAX_WAIT_SECONDS).toBe(120);
    expect(config.MATCHMAKING_DISTINCT_IPS).toBe(false);
    expect(config.MATCHED_ROOM_OPEN_WINDOW_SECONDS).toBe(60);
  });

  it('parses the variables', () => {
    const config = loadConfig({
      ...base,
      MATCHMAKING_INTERVAL_MS: '250',
      MATCHMAKING_MAX_WAIT_SECONDS: '30',
      MATCHMAKING_DISTINCT_IPS: 'true',
      MATCHED_ROOM_OPEN_WINDOW_SECONDS: '20',
    });
    expect(config.MATCHED_ROOM_OPEN_WINDOW_SECONDS).toBe(20);
    expect(config.MATCHMAKING_INTERVAL_MS).toBe(250);
    expect(config.MATCHMAKING_MAX_WAIT_SECONDS).toBe(30);
    expect(config.MATCHMAKING_DISTINCT_IPS).toBe(true);
  });

  it.each([
    ['MATCHMAKING_DISTINCT_IPS', 'yes'],
    ['MATCHMAKING_INTERVAL_MS', '5'],
    ['MATCHMAKING_MAX_WAIT_SECONDS', '0'],
    ['MATCHED_ROOM_OPEN_WINDOW_SECONDS', '1'],
  ])('refuses %s=%s at boot, naming the variable', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(name);
  });
});
