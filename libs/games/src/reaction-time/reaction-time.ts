import { defineEngine } from '../core/engine';
import { MIN_HUMAN_REACTION_MS } from '../core/plausibility';
import { rngFor } from '../core/rng';
import { isBareCommand } from '../core/validate';

export const REACTION_ROUNDS = 5;
const REACTION_ROUND_MAX_POINTS = 1000;
/**
 * First wait, then a further wait before green (docs/product/games.md#reaction-time), both inclusive and in whole ms.
 */
export const REACTION_FIRST_WAIT_MS = { min: 2000, max: 5000 } as const;
export const REACTION_SECOND_WAIT_MS = { min: 1000, max: 2000 } as const;
/** Display out of 100 = total / 5000 * 100; the human ceiling is 5 x 900 = 4500 -> 90. */
const REACTION_DISPLAY_DIVISOR = REACTION_ROUNDS * REACTION_ROUND_MAX_POINTS;

export type ReactionTimeInput = { readonly type: 'react' };

export interface ReactionTimeGame {
  /** 1-based current round; stays at 5 once done. */
  readonly round: number;
  /** The round's wait started here: round 1 at 0, then at the previous reaction, or at an early click. */
  readonly roundStartedAtMs: number;
  /** Restarts of this round after early clicks; selects the seeded wait so both players share it. */
  readonly attempt: number;
  readonly reactionsMs: readonly number[];
  readonly earlyClicks: number;
}

type ReactionPhase = 'wait' | 'go' | 'done';

export interface ReactionTimeView {
  readonly round: number;
  readonly totalRounds: number;
  /** 'wait' covers both seeded waits so the screen never hints when green comes. */
  readonly phase: ReactionPhase;
  readonly reactionsMs: readonly number[];
  readonly lastReactionMs: number | null;
  readonly earlyClicks: number;
  readonly totalPoints: number;
}

export interface ReactionWait {
  readonly firstWaitMs: number;
  readonly secondWaitMs: number;
}

/** The waits of `round` after `attempt` early clicks; the same for both players. */
export function reactionWait(seed: string, round: number, attempt: number): ReactionWait {
  const rng = rngFor(seed, 'reaction-time', 'wait', round, attempt);
  return {
    firstWaitMs: rng.int(REACTION_FIRST_WAIT_MS.min, REACTION_FIRST_WAIT_MS.max),
    secondWaitMs: rng.int(REACTION_SECOND_WAIT_MS.min, REACTION_SECOND_WAIT_MS.max),
  };
}

export function reactionGreenAtMs(seed: string, game: ReactionTimeGame): number {
  const { firstWaitMs, secondWaitMs } = reactionWait(seed, game.round, game.attempt);
  return game.roundStartedAtMs + firstWaitMs + secondWaitMs;
}

export function reactionRoundPoints(reactionMs: number): number {
  return Math.max(0, REACTION_ROUND_MAX_POINTS - reactionMs);
}

export function reactionDisplayScore(totalPoints: number): number {
  return Math.min(100, Math.round((totalPoints / REACTION_DISPLAY_DIVISOR) * 100));
}

export const reactionTimeEngine = defineEngine<ReactionTimeGame, ReactionTimeInput, ReactionTimeView>({
  id: 'reaction-time',
  // Finishing first is not the skill here (the waits are the same for both); the total is. Decide when both are done.
  completion: 'when_all_done',
  parseInput: (raw) => (isBareCommand(raw, 'react') ? { type: 'react' } : null),
  initialGame: () => ({ round: 1, roundStartedAtMs: 0, attempt: 0, reactionsMs: [], earlyClicks: 0 }),
  step: ({ seed, game, atMs }) => {
    const greenAtMs = reactionGreenAtMs(seed, game);
    // Under the reaction floor after green is anticipation or a script (docs/product/games.md#human-limits). It costs
    // the round like an early click, and is flagged: refusing it would let a script retry every few ms until it is just
    // over the floor.
    const tooFast = atMs >= greenAtMs && atMs - greenAtMs < MIN_HUMAN_REACTION_MS;
    if (atMs < greenAtMs || tooFast) {
      // The round restarts with a fresh seeded wait measured from this click.
      return {
        ok: true,
        game: { ...game, roundStartedAtMs: atMs, attempt: game.attempt + 1, earlyClicks: game.earlyClicks + 1 },
        points: 0,
        status: 'playing',
        outcome: { kind: 'early' },
        ...(tooFast && { tooFast }),
      };
    }
    const reactionMs = atMs - greenAtMs;
    const points = reactionRoundPoints(reactionMs);
    const reactionsMs = [...game.reactionsMs, reactionMs];
    const isLastRound = game.round >= REACTION_ROUNDS;
    return {
      ok: true,
      game: isLastRound
        ? { ...game, reactionsMs }
        : { ...game, round: game.round + 1, roundStartedAtMs: atMs, attempt: 0, reactionsMs },
      points,
      status: isLastRound ? 'completed' : 'playing',
      outcome: { kind: 'scored', points },
    };
  },
  displayScore: reactionDisplayScore,
  gameView: ({ seed, game, score, active, atMs }) => ({
    round: game.round,
    totalRounds: REACTION_ROUNDS,
    phase: !active ? 'done' : atMs < reactionGreenAtMs(seed, game) ? 'wait' : 'go',
    reactionsMs: game.reactionsMs,
    lastReactionMs: game.reactionsMs[game.reactionsMs.length - 1] ?? null,
    earlyClicks: game.earlyClicks,
    totalPoints: score,
  }),
  nextEventAtMs: (seed, game, afterMs) => {
    const greenAtMs = reactionGreenAtMs(seed, game);
    return afterMs < greenAtMs ? greenAtMs : null;
  },
});
