/**
 * GET /users/leaderboard/ (docs/product/leaderboard.md#leaderboard-api). Money on the wire in dollars.
 * Figures are per period: match results whose `ended_at` falls in the current UTC day, ISO week, month, or ever.
 */
export const LEADERBOARD_METRICS = ['total_earnings', 'total_wins', 'level'] as const;
export type LeaderboardMetric = (typeof LEADERBOARD_METRICS)[number];

export const LEADERBOARD_PERIODS = ['all', 'month', 'week', 'day'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

/**
 * The page's Region choices (docs/product/leaderboard.md#regions); the API accepts 'global' or any two-letter country
 * code.
 */
export const LEADERBOARD_REGIONS = ['global', 'mx', 'co', 'do', 'us'] as const;
export type LeaderboardRegion = 'global' | string;

export const LEADERBOARD_LIMITS = { min: 1, max: 100, default: 100 } as const;

export const LEADERBOARD_MESSAGES = {
  metric: `metric must be one of ${LEADERBOARD_METRICS.join(', ')}`,
  period: `period must be one of ${LEADERBOARD_PERIODS.join(', ')}`,
  region: 'region must be global or a two-letter country code',
  limit: `limit must be an integer from ${LEADERBOARD_LIMITS.min} to ${LEADERBOARD_LIMITS.max}`,
} as const;

export interface LeaderboardEntry {
  /** 1-based place in this list (ties ordered by the metric, then by user id). */
  rank: number;
  id: string;
  username: string;
  /** Two-letter code or null. */
  country: string | null;
  level: number;
  /** Net winnings of won matches in the period, in dollars. */
  total_earnings: number;
  total_wins: number;
}

/** The caller's line for the 'Your Ranking' card; `rank` null means Unranked (no result in the period). */
export interface LeaderboardMe extends Omit<LeaderboardEntry, 'rank'> {
  rank: number | null;
}

export interface LeaderboardHolder {
  id: string;
  username: string;
  country: string | null;
}

/** Current holders of the three info cards, for the same period and region (null when nobody qualifies). */
export interface LeaderboardHighlights {
  hot_streak: (LeaderboardHolder & { streak: number }) | null;
  high_roller: (LeaderboardHolder & { bet: number }) | null;
  speed_demon: (LeaderboardHolder & { duration_ms: number }) | null;
}

export interface LeaderboardResponse {
  metric: LeaderboardMetric;
  period: LeaderboardPeriod;
  region: LeaderboardRegion;
  /** Start of the period (UTC ISO timestamp); null for all time. */
  period_start: string | null;
  leaderboard: LeaderboardEntry[];
  me: LeaderboardMe;
  highlights: LeaderboardHighlights;
}
