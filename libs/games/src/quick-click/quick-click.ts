import { defineEngine } from '../core/engine';
import { rngFor } from '../core/rng';
import { isBareCommand } from '../core/validate';

export const QUICK_CLICK_TARGET_MIN = 50;
export const QUICK_CLICK_TARGET_MAX = 149;

export type QuickClickInput = { readonly type: 'click' };

/** The target lives in the player state so display scores need no re-hash; it is the same for both players. */
export interface QuickClickGame {
  readonly targetClicks: number;
}

export interface QuickClickView {
  readonly targetClicks: number;
  readonly clicks: number;
  readonly remainingClicks: number;
  readonly active: boolean;
}

export function quickClickTarget(seed: string): number {
  return rngFor(seed, 'quick-click', 'target').int(QUICK_CLICK_TARGET_MIN, QUICK_CLICK_TARGET_MAX);
}

/** Raw score = clicks; display = share of the target, so reaching the target shows 100. */
export function quickClickDisplayScore(clicks: number, targetClicks: number): number {
  return Math.min(100, Math.round((clicks / targetClicks) * 100));
}

export const quickClickEngine = defineEngine<QuickClickGame, QuickClickInput, QuickClickView>({
  id: 'quick-click',
  completion: 'wins_at_once',
  parseInput: (raw) => (isBareCommand(raw, 'click') ? { type: 'click' } : null),
  initialGame: (seed) => ({ targetClicks: quickClickTarget(seed) }),
  step: ({ game, score }) => {
    const reachedTarget = score + 1 >= game.targetClicks;
    return {
      ok: true,
      game,
      points: 1,
      status: reachedTarget ? 'completed' : 'playing',
      outcome: { kind: 'progress' },
    };
  },
  displayScore: (score, game) => quickClickDisplayScore(score, game.targetClicks),
  gameView: ({ game, score, active }) => ({
    targetClicks: game.targetClicks,
    clicks: score,
    remainingClicks: Math.max(0, game.targetClicks - score),
    active,
  }),
});
