/**
 * A token bucket (Lichess-style rate limit on every socket action): `burst` tokens at once, one more every
 * `refillMs`. Pure and clock-injected: the caller passes the time.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAtMs: number;

  constructor(
    private readonly burst: number,
    private readonly refillMs: number,
    nowMs: number,
  ) {
    this.tokens = burst;
    this.updatedAtMs = nowMs;
  }

  /** Takes one token; false (and nothing taken) when the bucket is empty. */
  take(nowMs: number): boolean {
    const elapsedMs = Math.max(0, nowMs - this.updatedAtMs);
    this.tokens = Math.min(this.burst, this.tokens + elapsedMs / this.refillMs);
    this.updatedAtMs = nowMs;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
