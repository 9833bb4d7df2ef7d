/** Pure rules of responsible gaming (docs/decisions/1501-responsible-gaming.md), kept apart for unit tests. */

/** Whole years between a date of birth and today (both YYYY-MM-DD, UTC). */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age;
}

/** A real calendar date (rejects 2025-02-30), not in the future, and not more than 120 years ago. */
export function isPlausibleDateOfBirth(dateOfBirth: string, today: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  if (dateOfBirth > today) return false;
  return ageOn(dateOfBirth, today) <= 120;
}

/** `US:21,PE:18` → minimum age for `country`, else the default. */
export function minimumAgeFor(country: string, byCountry: readonly string[], defaultAge: number): number {
  for (const pair of byCountry) {
    const [code, age] = pair.split(':');
    if (code === country) return Number(age);
  }
  return defaultAge;
}

/**
 * What a requested limit does, given the one in force (null = none):
 * - setting a limit where there is none, lowering one, or keeping it: at once, and any pending raise is dropped;
 * - raising or removing one: waits for the delay (the one in force stays until then).
 */
export function limitChange(
  currentCents: bigint | null,
  requestedCents: bigint | null,
): { kind: 'immediate'; amountCents: bigint | null } | { kind: 'delayed'; amountCents: bigint | null } {
  if (requestedCents === null) {
    return currentCents === null ? { kind: 'immediate', amountCents: null } : { kind: 'delayed', amountCents: null };
  }
  if (currentCents === null || requestedCents <= currentCents)
    return { kind: 'immediate', amountCents: requestedCents };
  return { kind: 'delayed', amountCents: requestedCents };
}

/** What is left under a limit after `usedCents` (never negative). */
export function leftUnder(limitCents: bigint, usedCents: bigint): bigint {
  return usedCents >= limitCents ? 0n : limitCents - usedCents;
}

/**
 * The current play session from the player's money matches since the last reality check (oldest first): the run of
 * matches that ends with the latest one, where each starts within `gapMs` of the previous one's end. Null when the
 * player has not played within `gapMs` of now.
 */
export function currentSession(
  matches: readonly { startsAt: Date; endedAt: Date | null }[],
  now: Date,
  gapMs: number,
): { startedAt: Date; matches: number } | null {
  if (matches.length === 0) return null;
  const last = matches[matches.length - 1];
  const lastActivity = last.endedAt ?? now;
  if (now.getTime() - lastActivity.getTime() > gapMs) return null;
  let start = matches.length - 1;
  while (start > 0) {
    const previousEnd = matches[start - 1].endedAt ?? matches[start - 1].startsAt;
    if (matches[start].startsAt.getTime() - previousEnd.getTime() > gapMs) break;
    start -= 1;
  }
  return { startedAt: matches[start].startsAt, matches: matches.length - start };
}
