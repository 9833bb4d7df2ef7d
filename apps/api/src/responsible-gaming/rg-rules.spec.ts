import { ageOn, currentSession, isPlausibleDateOfBirth, leftUnder, limitChange, minimumAgeFor } from './rg-rules';

describe('responsible gaming rules', () => {
  it('counts whole years, turning a year older on the birthday itself', () => {
    expect(ageOn('2008-11-24', '2026-11-23')).toBe(17);
    expect(ageOn('2008-11-24', '2026-11-24')).toBe(18);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('accepts only real past dates of birth', () => {
    expect(isPlausibleDateOfBirth('1990-05-17', '2026-11-24')).toBe(true);
    expect(isPlausibleDateOfBirth('1990-02-30', '2026-11-24')).toBe(false);
    expect(isPlausibleDateOfBirth('2027-01-01', '2026-11-24')).toBe(false);
    expect(isPlausibleDateOfBirth('1890-01-01', '2026-11-24')).toBe(false);
  });

  it('reads per-country minimum ages from the config table', () => {
    expect(minimumAgeFor('US', ['US:21', 'PE:19'], 18)).toBe(21);
    expect(minimumAgeFor('PE', ['US:21', 'PE:19'], 18)).toBe(19);
    expect(minimumAgeFor('MX', ['US:21'], 18)).toBe(18);
  });

  it('applies setting and lowering at once, delays raising and removing', () => {
    expect(limitChange(null, 2000n)).toEqual({ kind: 'immediate', amountCents: 2000n });
    expect(limitChange(2000n, 1000n)).toEqual({ kind: 'immediate', amountCents: 1000n });
    expect(limitChange(2000n, 2000n)).toEqual({ kind: 'immediate', amountCents: 2000n });
    expect(limitChange(2000n, 5000n)).toEqual({ kind: 'delayed', amountCents: 5000n });
    expect(limitChange(2000n, null)).toEqual({ kind: 'delayed', amountCents: null });
    expect(limitChange(null, null)).toEqual({ kind: 'immediate', amountCents: null });
  });

  it('never reports a negative amount left', () => {
    expect(leftUnder(2000n, 1500n)).toBe(500n);
    expect(leftUnder(2000n, 2500n)).toBe(0n);
  });

  it('finds the current session as the last run of matches without a long gap', () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 24, 10, minutes));
    const gapMs = 30 * 60_000;
    const matches = [
      { startsAt: at(0), endedAt: at(1) },
      { startsAt: at(50), endedAt: at(51) }, // 49 minutes after the previous end: a new session
      { startsAt: at(55), endedAt: at(56) },
      { startsAt: at(80), endedAt: at(81) },
    ];
    expect(currentSession(matches, at(90), gapMs)).toEqual({ startedAt: at(50), matches: 3 });
    expect(currentSession(matches, at(200), gapMs)).toBeNull();
    expect(currentSession([], at(0), gapMs)).toBeNull();
  });
});
