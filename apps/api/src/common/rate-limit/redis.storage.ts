import { Logger, OnApplicationShutdown } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { createClient } from 'redis';
import type { ThrottlerStorageRecord } from './fixed-window.storage';

/**
 * One round trip per check, atomic in Redis: count the hit in the current window, start the block when the limit is
 * passed. KEYS[1] = hits key, KEYS[2] = block key; ARGV = ttlMs, limit, blockDurationMs.
 * Returns { hits, window ms left, block ms left }.
 */
const FIXED_WINDOW_SCRIPT = `
local blockedMs = redis.call('PTTL', KEYS[2])
if blockedMs > 0 then
  local hits = tonumber(redis.call('GET', KEYS[1]) or '0')
  return { hits, math.max(redis.call('PTTL', KEYS[1]), 0), blockedMs }
end
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local windowMs = redis.call('PTTL', KEYS[1])
if hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  return { hits, math.max(windowMs, 0), tonumber(ARGV[3]) }
end
return { hits, math.max(windowMs, 0), 0 }
`;

/**
 * Rate-limit counters shared by every API instance (REDIS_URL set), so a client cannot multiply its allowance by
 * the number of instances behind the proxy. Same fixed-window semantics as FixedWindowThrottlerStorage.
 */
export class RedisThrottlerStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly logger = new Logger(RedisThrottlerStorage.name);
  private readonly client: ReturnType<typeof createClient>;
  private connecting?: Promise<unknown>;

  constructor(
    redisUrl: string,
    private readonly keyPrefix = 'skillduel:rl:',
  ) {
    this.client = createClient({ url: redisUrl });
    this.client.on('error', (error: unknown) => this.logger.warn(`Redis rate-limit storage: ${String(error)}`));
  }

  async increment(
    key: string,
    ttlMs: number,
    limit: number,
    blockDurationMs: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    if (!this.client.isOpen) await (this.connecting ??= this.client.connect());
    const base = `${this.keyPrefix}${throttlerName}:${key}`;
    const reply = (await this.client.eval(FIXED_WINDOW_SCRIPT, {
      keys: [`${base}:hits`, `${base}:block`],
      arguments: [String(ttlMs), String(limit), String(blockDurationMs)],
    })) as [number, number, number];
    const [hits, windowMsLeft, blockMsLeft] = reply.map(Number) as [number, number, number];
    return {
      totalHits: hits,
      timeToExpire: Math.ceil(windowMsLeft / 1000),
      isBlocked: blockMsLeft > 0,
      timeToBlockExpire: blockMsLeft > 0 ? Math.ceil(blockMsLeft / 1000) : 0,
    };
  }

  /** After the HTTP server closed (requests still being answered during the earlier shutdown hooks need it). */
  async onApplicationShutdown(): Promise<void> {
    if (this.client.isOpen) await this.client.quit();
  }
}
