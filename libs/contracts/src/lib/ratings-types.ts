/**
 * Skill ratings per player and game (docs/product/matchmaking.md#ratings, docs/decisions/1701-glicko2-ratings.md).
 * GET /users/{id}/ratings. Games the player has not finished a money match in are left out (they are at the starting
 * 1500 ± 350).
 */
export interface PlayerRatingDto {
  game_id: string;
  /** Glicko-2 rating on the Glicko scale, unrounded. */
  rating: number;
  /** Rating deviation: the rating is about rating ± 2 × deviation with 95 % confidence. */
  deviation: number;
  volatility: number;
  /** Rated (finished, not void) money matches of this game. */
  games: number;
  updated_at: string;
}

export interface PlayerRatingsResponse {
  user_id: string;
  ratings: PlayerRatingDto[];
}

/** Where every player starts in every game (Glicko-2, docs/decisions/1701): 1500 ± 350, volatility 0.06. */
export const RATING_START = { rating: 1500, deviation: 350, volatility: 0.06 } as const;
