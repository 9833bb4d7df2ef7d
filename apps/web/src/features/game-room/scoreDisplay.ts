import type { TFunction } from 'i18next';

/**
 * How a game's score reads (docs/product/games.md#scoring). Games with a target (Quick Click's clicks, Memory Master's
 * rounds, Reaction Time's rating) score out of 100; points games (a correct answer is worth points, the engine caps
 * only the display) keep scoring past 100, so their real points are shown: two players above 100 must not both read
 * 100/100.
 */
export type ScoreMode = 'outOf100' | 'points';

const POINTS_GAMES: ReadonlySet<string> = new Set(['number-rush', 'word-wizard', 'pattern-pro', 'color-match']);

export function scoreModeOf(gameId: string): ScoreMode {
  return POINTS_GAMES.has(gameId) ? 'points' : 'outOf100';
}

export function formatScore(t: TFunction, score: number, mode: ScoreMode): string {
  return mode === 'points' ? t('gameRoom.players.points', { count: score }) : t('gameRoom.players.score', { score });
}

/** Who is ahead: the seat index with the higher score, 'tie', or null before anyone scored. */
export function leaderOf(scores: readonly [number, number]): 0 | 1 | 'tie' | null {
  if (scores[0] === 0 && scores[1] === 0) return null;
  if (scores[0] === scores[1]) return 'tie';
  return scores[0] > scores[1] ? 0 : 1;
}
