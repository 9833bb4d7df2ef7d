import { Injectable, OnModuleDestroy } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';

interface WindowRecord {
  hits: number;
  windowEndsAtMs: number;
  blockedUntilMs: number;
}

/** What @nestjs/throttler expects back from a storage (times in seconds). */
export interface ThrottlerStorageRecord {
  totalHits: number;
  timeToExpire: number;
  isBlocked: boolean;
  timeToBlockExpire: number;
}

/**
 * In-memory fixed-window counters for @nestjs/throttler. The library's default storage keeps one timer per hit,
 * which made rate limiting the most expensive part of a cheap request; this keeps one small record per key and
 * sweeps expired keys once a minute. (Several instances share limits through Redis: see the scale-out work.)
 */
@Injectable()
export class FixedWindowThrottlerStorage implements ThrottlerStorage, OnModuleDestroy {
  private readonly records = new Map<string, WindowRecord>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly nowMs: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  async increment(
    key: string,
    ttlMs: number,
    limit: number,
    blockDurationMs: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const now = this.nowMs();
    const recordKey = `${throttlerName}:${key}`;
    let record = this.records.get(recordKey);
    if (!record || (record.windowEndsAtMs <= now && record.blockedUntilMs <= now)) {
      record = { hits: 0, windowEndsAtMs: now + ttlMs, blockedUntilMs: 0 };
      this.records.set(recordKey, record);
    }
    if (record.blockedUntilMs <= now) {
      if (record.windowEndsAtMs <= now) {
        record.hits = 0;
        record.windowEndsAtMs = now + ttlMs;
      }
      record.hits += 1;
      if (record.hits > limit) record.blockedUntilMs = now + blockDurationMs;
    }
    const isBlocked = record.blockedUntilMs > now;
    return {
      totalHits: record.hits,
      timeToExpire: Math.max(0, Math.ceil((record.windowEndsAtMs - now) / 1000)),
      isBlocked,
      timeToBlockExpire: isBlocked ? Math.ceil((record.blockedUntilMs - now) / 1000) : 0,
    };
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  private sweep(): void {
    const now = this.nowMs();
    for (const [key, record] of this.records) {
      if (record.windowEndsAtMs <= now && record.blockedUntilMs <= now) this.records.delete(key);
    }
  }
}
