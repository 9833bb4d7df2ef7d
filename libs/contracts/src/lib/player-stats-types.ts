/**
 * The profile's Statistics and History tabs: real figures, not sample data
 * (docs/product/leaderboard.md#profile-statistics-and-history). Money in dollars.
 * GET /users/me/statistics and GET /users/me/matches?page=&page_size=.
 */
export interface PlayerGameStatsDto {
  game_id: string;
  name: string;
  icon: string;
  played: number;
  wins: number;
  /** Percentage 0–100 with one decimal. */
  win_rate: number;
}

export interface EarningsPointDto {
  /** UTC day, YYYY-MM-DD. */
  date: string;
  /** Net winnings of that day. */
  earnings: number;
  /** All-time net winnings at the end of that day. */
  cumulative: number;
}

export interface PlayerStatisticsDto {
  /** Decided matches (void rounds, whose stakes were refunded, do not count). */
  games_played: number;
  wins: number;
  losses: number;
  ties: number;
  win_rate: number;
  total_earnings: number;
  /** The game with the most wins (then the best win rate); null before the first win. */
  best_game: PlayerGameStatsDto | null;
  per_game: PlayerGameStatsDto[];
  /** The last EARNINGS_CHART_DAYS days the user played, oldest first. */
  earnings_over_time: EarningsPointDto[];
}

export const EARNINGS_CHART_DAYS = 30;

/** 'held': the round's payout waits for a fair-play review (decision 1802); nothing was paid or lost yet. */
export type MatchHistoryResult = 'win' | 'loss' | 'tie' | 'void' | 'held';

export interface MatchHistoryItemDto {
  /** Match id; its details (seed hash, revealed seed, scores) are at GET /rooms/{room_id}/rounds/{round}. */
  id: string;
  room_id: string;
  round: number;
  game_id: string;
  game_name: string;
  game_icon: string;
  opponent: { id: string; username: string };
  bet: number;
  result: MatchHistoryResult;
  /** Display scores out of 100. */
  score: number | null;
  opponent_score: number | null;
  /** Net money of this match for the user: +winnings, −bet on a loss, 0 on a tie, a void or while held. */
  earnings: number;
  ended_at: string;
}

export interface MatchHistoryPageDto {
  matches: MatchHistoryItemDto[];
  page: number;
  page_size: number;
  total: number;
}

export const MATCH_HISTORY_LIMITS = { pageSizeDefault: 10, pageSizeMax: 50, pageMax: 10_000 } as const;
