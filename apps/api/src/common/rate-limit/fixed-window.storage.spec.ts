import { FixedWindowThrottlerStorage } from './fixed-window.storage';

describe('FixedWindowThrottlerStorage', () => {
  let nowMs = 1_000_000;
  let storage: FixedWindowThrottlerStorage;

  beforeEach(() => {
    nowMs = 1_000_000;
    storage = new FixedWindowThrottlerStorage(() => nowMs);
  });
  afterEach(() => storage.onModuleDestroy());

  it('allows up to the limit in a window, then blocks for the block duration', async () => {
    for (let i = 1; i <= 3; i++) {
      expect((await storage.increment('ip', 60_000, 3, 60_000, 'default')).isBlocked).toBe(false);
    }
    const blocked = await storage.increment('ip', 60_000, 3, 60_000, 'default');
    expect(blocked).toMatchObject({ isBlocked: true, totalHits: 4, timeToBlockExpire: 60 });
    nowMs += 30_000;
    expect((await storage.increment('ip', 60_000, 3, 60_000, 'default')).isBlocked).toBe(true);
    nowMs += 30_001;
    expect(await storage.increment('ip', 60_000, 3, 60_000, 'default')).toMatchObject({
      isBlocked: false,
      totalHits: 1,
    });
  });

  it('keeps keys and throttler names apart', async () => {
    await storage.increment('a', 60_000, 1, 60_000, 'default');
    expect((await storage.increment('a', 60_000, 1, 60_000, 'default')).isBlocked).toBe(true);
    expect((await storage.increment('b', 60_000, 1, 60_000, 'default')).isBlocked).toBe(false);
    expect((await storage.increment('a', 60_000, 1, 60_000, 'login')).isBlocked).toBe(false);
  });

  it('starts a new window after the ttl', async () => {
    await storage.increment('ip', 1_000, 5, 1_000, 'default');
    await storage.increment('ip', 1_000, 5, 1_000, 'default');
    nowMs += 1_001;
    expect((await storage.increment('ip', 1_000, 5, 1_000, 'default')).totalHits).toBe(1);
  });
});
