import { periodStart } from './leaderboard-periods';

describe('periodStart (UTC borders)', () => {
  it.each([
    ['day', '2026-11-22T23:59:59.999Z', '2026-11-22'],
    ['day', '2026-11-23T00:00:00.000Z', '2026-11-23'],
    ['week', '2026-11-22T23:59:59.999Z', '2026-11-16'], // a Sunday belongs to the week that began on Monday
    ['week', '2026-11-23T00:00:00.000Z', '2026-11-23'], // Monday starts a new week
    ['week', '2027-01-01T12:00:00.000Z', '2026-12-28'], // weeks cross years
    ['month', '2026-11-30T23:59:59.999Z', '2026-11-01'],
    ['month', '2026-12-01T00:00:00.000Z', '2026-12-01'],
    ['all', '2026-12-01T00:00:00.000Z', '1970-01-01'],
  ] as const)('%s of %s starts %s', (kind, at, expected) => {
    expect(periodStart(kind, new Date(at))).toBe(expected);
  });
});
