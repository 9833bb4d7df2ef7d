import { LIMITS } from '@skillduel/contracts';

/** Point games display their raw score capped at 100: scores display out of 100 (docs/product/games.md#scoring). */
export function cappedDisplayScore(score: number): number {
  return Math.min(100, score);
}

/** pattern-pro and color-match: a correct answer earns 10 plus the current streak; the streak then grows by one. */
export function streakPoints(streak: number): number {
  return LIMITS.pointsPerCorrectAnswer + streak;
}
