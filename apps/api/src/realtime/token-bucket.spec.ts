import { TokenBucket } from './token-bucket';

describe('TokenBucket', () => {
  it('allows a burst, then one token per refill interval', () => {
    const bucket = new TokenBucket(3, 100, 0);
    expect([bucket.take(0), bucket.take(0), bucket.take(0), bucket.take(0)]).toEqual([true, true, true, false]);
    expect(bucket.take(50)).toBe(false);
    expect(bucket.take(100)).toBe(true);
    expect(bucket.take(100)).toBe(false);
  });

  it('never holds more than the burst', () => {
    const bucket = new TokenBucket(2, 10, 0);
    expect(bucket.take(10_000)).toBe(true);
    expect(bucket.take(10_000)).toBe(true);
    expect(bucket.take(10_000)).toBe(false);
  });

  it('ignores a clock going backwards', () => {
    const bucket = new TokenBucket(1, 10, 100);
    expect(bucket.take(100)).toBe(true);
    expect(bucket.take(50)).toBe(false);
  });
});
