/**
 * The matchmaking queue (docs/product/matchmaking.md#queue, docs/decisions/1702): who may be paired with whom, the
 * wire shapes of /api/matchmaking/queue and the `matchmaking:matched` push. Pure: the matcher and the web app share it.
 */

/** The rating of a player with no rating for the game yet (Glicko-2 start, docs/decisions/1701). */
export const MATCHMAKING_DEFAULT_RATING = 1500;

/** The rating window: ±`startWidth` on entry, growing linearly to ±`maxWidth` after `widenOverMs` of waiting. */
export const MATCHMAKING_WINDOW = { startWidth: 100, maxWidth: 400, widenOverMs: 60_000 } as const;

/** An opponent met in either player's last `recentMatches` matches is avoided while others are available. */
export const MATCHMAKING_RECENT_MATCHES = 5;

/** Half-width of the rating window of an entry that has waited `waitedMs`. */
export function matchmakingWindowWidth(waitedMs: number): number {
  const { startWidth, maxWidth, widenOverMs } = MATCHMAKING_WINDOW;
  const progress = Math.min(1, Math.max(0, waitedMs) / widenOverMs);
  return startWidth + (maxWidth - startWidth) * progress;
}

export const MATCHMAKING_ERROR_CODES = {
  alreadyQueued: 'ALREADY_IN_QUEUE',
  notQueued: 'NOT_IN_QUEUE',
  alreadyMatched: 'ALREADY_MATCHED',
} as const;

export const MATCHMAKING_MESSAGES = {
  alreadyQueued: 'You are already searching for an opponent',
  notQueued: 'You are not searching for an opponent',
  alreadyMatched: 'An opponent was already found: your match is ready',
} as const;

export type MatchmakingEntryStatus = 'waiting' | 'matched' | 'cancelled' | 'expired' | 'refused' | 'closed';

/**
 * GET/POST/DELETE /api/matchmaking/queue: the player's entry. Dollars on the wire. GET answers the waiting entry, else
 * the `matched` one (with `room_id`) while that room is still to be played and the player sits in it, else null.
 */
export interface MatchmakingEntryDto {
  id: string;
  game_id: string;
  bet_amount: number;
  status: MatchmakingEntryStatus;
  /** ISO time of entry. */
  since: string;
  waited_ms: number;
  /** The player's rating for the game when they entered. */
  rating: number;
  /** The ratings this entry may be paired with now. */
  rating_window: { min: number; max: number };
  /** The room of the match, once matched. */
  room_id: string | null;
}

/** `matchmaking:expired`: the entry waited MATCHMAKING_MAX_WAIT_SECONDS unpaired; the stake was refunded in full. */
export interface MatchmakingExpiredDto {
  entry_id: string;
  game_id: string;
  bet_amount: number;
  /** Dollars returned to the wallet (the whole stake). */
  refunded_amount: number;
  /** How long the entry waited, in seconds. */
  waited_seconds: number;
}

/** `matchmaking:matched`: both players of a pair, once their room is ready. */
export interface MatchmakingMatchedDto {
  room_id: string;
  game_id: string;
  bet_amount: number;
}
