import type { Rank } from './constants';

/**
 * Levels, XP and ranks (docs/product/leaderboard.md#levels-and-ranks), defined once: the server applies them, the web
 * only displays them.
 *
 * A user is at `level` with `xp` points into that level; reaching `xpToNextLevel(level)` points moves them up one
 * level and the remainder carries over. The profile's XP bar is `xp / xpToNext`.
 */

/** XP needed to go from `level` to `level + 1`; grows by 100 per level (100, 200, 300, …). */
export function xpToNextLevel(level: number): number {
  return 100 * Math.max(1, Math.floor(level));
}

/** Rank thresholds by level (inclusive lower bounds), highest first. Guests are always 'Guest'. */
export const RANK_LEVEL_THRESHOLDS: ReadonlyArray<{ minLevel: number; rank: Exclude<Rank, 'Guest'> }> = [
  { minLevel: 35, rank: 'Legendary' },
  { minLevel: 20, rank: 'Diamond' },
  { minLevel: 10, rank: 'Gold' },
  { minLevel: 5, rank: 'Silver' },
  { minLevel: 1, rank: 'Bronze' },
];

/** Bronze 1–4, Silver 5–9, Gold 10–19, Diamond 20–34, Legendary 35+. */
export function rankForLevel(level: number): Exclude<Rank, 'Guest'> {
  for (const threshold of RANK_LEVEL_THRESHOLDS) {
    if (level >= threshold.minLevel) return threshold.rank;
  }
  return 'Bronze';
}

export interface LevelProgress {
  level: number;
  /** Points into the current level, always below xpToNextLevel(level). */
  xp: number;
}

/** Adds `gainedXp` (≥ 0) to a progress, carrying over into as many levels as it covers. */
export function applyXp(progress: LevelProgress, gainedXp: number): LevelProgress & { levelsGained: number } {
  if (!Number.isInteger(gainedXp) || gainedXp < 0)
    throw new RangeError(`gainedXp must be a non-negative integer, got ${gainedXp}`);
  let level = Math.max(1, Math.floor(progress.level));
  let xp = Math.max(0, Math.floor(progress.xp)) + gainedXp;
  let levelsGained = 0;
  while (xp >= xpToNextLevel(level)) {
    xp -= xpToNextLevel(level);
    level += 1;
    levelsGained += 1;
  }
  return { level, xp, levelsGained };
}

/** XP the server awards for match outcomes (used by the matches module). */
export const XP_REWARDS = { win: 50, tie: 20, loss: 10, practiceFinish: 5 } as const;

/**
 * POST /users/me/add-xp/ is self-reported by the browser, so it is capped: at most `perCall` per request
 * (larger amounts are reduced to it) and `perDay` per UTC day. Real XP comes from server-decided matches.
 */
export const SELF_REPORTED_XP_LIMITS = { perCall: 50, perDay: 200 } as const;
