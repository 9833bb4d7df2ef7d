import { lockFigures, RankedPlayer, splitPrizes } from './tournament-payouts';

const player = (userId: string, score: number, reachedKey = `t-${userId}`): RankedPlayer => ({
  userId,
  score: BigInt(score),
  reachedKey,
});
const total = (awards: { amountCents: bigint }[]) => awards.reduce((sum, award) => sum + award.amountCents, 0n);

describe('lockFigures', () => {
  it('pooled: takes the rake, splits the rest by percent, floors leave their cents to first place', () => {
    // 7 entries × $3.33 = $23.31; 10 % rake = 233 cents (floor of 233.1); pool 2098.
    const figures = lockFigures('pooled', 2_331n, 1_000, [5_000n, 3_333n, 1_667n]);
    expect(figures).toMatchObject({ rakeCents: 233n, topupCents: 0n, prizePoolCents: 2_098n });
    expect(figures.placePrizesCents).toEqual([1_049n + 1n, 699n, 349n]);
    expect(figures.placePrizesCents.reduce((a, b) => a + b, 0n)).toBe(2_098n);
  });

  it('guaranteed: tops up what the entries miss, keeps what they bring above the table', () => {
    expect(lockFigures('guaranteed', 1_500n, 1_000, [5_000n, 2_000n])).toMatchObject({
      rakeCents: 0n,
      topupCents: 5_500n,
      prizePoolCents: 7_000n,
      placePrizesCents: [5_000n, 2_000n],
    });
    expect(lockFigures('guaranteed', 9_000n, 1_000, [5_000n, 2_000n])).toMatchObject({
      rakeCents: 2_000n,
      topupCents: 0n,
      prizePoolCents: 7_000n,
    });
  });
});

describe('splitPrizes', () => {
  it('pays the table in order when nobody ties', () => {
    expect(splitPrizes([500n, 300n, 200n], [player('a', 9), player('b', 8), player('c', 7), player('d', 6)])).toEqual([
      { userId: 'a', place: 1, amountCents: 500n },
      { userId: 'b', place: 2, amountCents: 300n },
      { userId: 'c', place: 3, amountCents: 200n },
    ]);
  });

  it('a tie on paid places shares those places equally; leftover cents go to who entered first', () => {
    // b, c, d tie for 2nd: places 2, 3 and 4 (unpaid) pay 301 + 200 + 0 = 501, i.e. 167 each.
    const awards = splitPrizes(
      [500n, 301n, 200n],
      [player('a', 9), player('b', 8, 'same'), player('c', 8, 'same'), player('d', 8, 'same'), player('e', 1)],
    );
    expect(awards).toEqual([
      { userId: 'a', place: 1, amountCents: 500n },
      { userId: 'b', place: 2, amountCents: 167n },
      { userId: 'c', place: 2, amountCents: 167n },
      { userId: 'd', place: 2, amountCents: 167n },
    ]);
    const uneven = splitPrizes([500n, 300n], [player('x', 5, 's'), player('y', 5, 's'), player('z', 5, 's')]);
    expect(uneven.map((award) => award.amountCents)).toEqual([267n, 267n, 266n]);
    expect(total(uneven)).toBe(800n);
  });

  it('the same score reached later ranks lower (time breaks the tie, never the user id)', () => {
    const awards = splitPrizes([500n, 300n], [player('late-but-first-listed', 8, 't1'), player('b', 8, 't2')]);
    expect(awards.map((award) => award.amountCents)).toEqual([500n, 300n]);
  });

  it('places nobody reached go to first place, so the whole pool is paid', () => {
    expect(splitPrizes([500n, 300n, 200n], [player('a', 3)])).toEqual([{ userId: 'a', place: 1, amountCents: 1_000n }]);
    expect(splitPrizes([500n], [])).toEqual([]);
  });
});
