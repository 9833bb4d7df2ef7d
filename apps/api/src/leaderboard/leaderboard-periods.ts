import type { LeaderboardPeriod } from '@skillduel/contracts';

export const PERIOD_KINDS: readonly LeaderboardPeriod[] = ['all', 'month', 'week', 'day'];

/** The 'all' aggregate row's period_start (a fixed date, so one key shape serves every period kind). */
export const ALL_TIME_START = '1970-01-01';

/**
 * The UTC start (as a `YYYY-MM-DD` date) of the period of `kind` that contains `at`: the calendar day, the ISO week
 * (Monday) or the calendar month. The same function keys the aggregates at settlement and picks the current period
 * on read, so both always agree on the borders.
 */
export function periodStart(kind: LeaderboardPeriod, at: Date): string {
  if (kind === 'all') return ALL_TIME_START;
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth();
  const day = at.getUTCDate();
  if (kind === 'month') return isoDate(Date.UTC(year, month, 1));
  if (kind === 'day') return isoDate(Date.UTC(year, month, day));
  const daysSinceMonday = (at.getUTCDay() + 6) % 7;
  return isoDate(Date.UTC(year, month, day - daysSinceMonday));
}

function isoDate(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}
