import { LIMITS } from '@skillduel/contracts';
import { defineEngine } from '../core/engine';
import { answeredTooFast, MIN_HUMAN_REACTION_MS } from '../core/plausibility';
import { rngFor } from '../core/rng';
import { exactObject, isOneOf } from '../core/validate';

export const MEMORY_COLORS = ['red', 'blue', 'green', 'yellow', 'purple', 'orange'] as const;
export type MemoryColor = (typeof MEMORY_COLORS)[number];

export const MEMORY_ROUNDS = 5;
/** Pause before the first colour of each round. */
export const MEMORY_START_DELAY_MS = 1000;
/** Each colour is shown for one second (docs/product/games.md#memory-master). */
export const MEMORY_ITEM_MS = 1000;
/** Finishing round 5 displays as 100 (see `memoryDisplayScore`). */
const MEMORY_MAX_SCORE = MEMORY_ROUNDS * LIMITS.pointsPerCorrectAnswer;

/**
 * Between two presses of a remembered sequence: two fingers alternately tapping reach ~10 taps a second, and each
 * press here also moves to another of six buttons. The first press of a round is a reaction to the input phase
 * opening and has the reaction floor (`MIN_HUMAN_REACTION_MS`).
 */
export const MEMORY_MASTER_MIN_PRESS_MS = 100;

export type MemoryMasterInput = { readonly type: 'press'; readonly color: MemoryColor };

export interface MemoryMasterGame {
  /** 1-based current round. */
  readonly round: number;
  /** This round's display phase starts here (0 for round 1, then the time the previous round was completed). */
  readonly roundStartedAtMs: number;
  /** Correct presses so far in this round. */
  readonly pressed: number;
}

type MemoryPhase =
  /** The 1 s pause before the sequence. */
  | 'get_ready'
  /** One colour at a time; presses are 'not_ready'. */
  | 'showing'
  /** The player repeats the sequence. */
  | 'input'
  | 'done';

export interface MemoryMasterView {
  readonly round: number;
  readonly totalRounds: number;
  readonly sequenceLength: number;
  readonly phase: MemoryPhase;
  /** Only during 'showing': the colour on screen now and its position (colours may repeat back to back). */
  readonly shownColor: MemoryColor | null;
  readonly shownIndex: number | null;
  readonly pressed: number;
  readonly inputOpensAtMs: number;
  readonly colors: readonly MemoryColor[];
}

export function memorySequenceLength(round: number): number {
  return round + 2;
}

/** Round `round`'s sequence, the same for both players; each round draws a fresh sequence. */
export function memorySequence(seed: string, round: number): MemoryColor[] {
  const rng = rngFor(seed, 'memory-master', 'round', round);
  return Array.from({ length: memorySequenceLength(round) }, () => rng.pick(MEMORY_COLORS));
}

export function memoryInputOpensAtMs(game: MemoryMasterGame): number {
  return game.roundStartedAtMs + MEMORY_START_DELAY_MS + memorySequenceLength(game.round) * MEMORY_ITEM_MS;
}

/** Scaled so that finishing all five rounds (raw 50) displays as 100, like quick-click's target. */
export function memoryDisplayScore(score: number): number {
  return Math.min(100, Math.round((score / MEMORY_MAX_SCORE) * 100));
}

export const memoryMasterEngine = defineEngine<MemoryMasterGame, MemoryMasterInput, MemoryMasterView>({
  id: 'memory-master',
  completion: 'wins_at_once',
  parseInput: (raw) => {
    const input = exactObject(raw, ['type', 'color']);
    if (input === null || input['type'] !== 'press' || !isOneOf(input['color'], MEMORY_COLORS)) return null;
    return { type: 'press', color: input['color'] };
  },
  initialGame: () => ({ round: 1, roundStartedAtMs: 0, pressed: 0 }),
  step: ({ seed, game, atMs, shownAtMs, input }) => {
    const inputOpensAtMs = memoryInputOpensAtMs(game);
    if (atMs < inputOpensAtMs) return { ok: false, reason: 'not_ready' };
    const sequence = memorySequence(seed, game.round);
    // Faster than a human press is a wrong press (and is flagged): in this game that ends the player's run.
    const tooFast =
      game.pressed === 0
        ? answeredTooFast(atMs, inputOpensAtMs, MIN_HUMAN_REACTION_MS)
        : answeredTooFast(atMs, shownAtMs, MEMORY_MASTER_MIN_PRESS_MS);
    if (tooFast || input.color !== sequence[game.pressed]) {
      return { ok: true, game, points: 0, status: 'out', outcome: { kind: 'out' }, ...(tooFast && { tooFast }) };
    }
    const pressed = game.pressed + 1;
    if (pressed < sequence.length) {
      return { ok: true, game: { ...game, pressed }, points: 0, status: 'playing', outcome: { kind: 'progress' } };
    }
    const points = LIMITS.pointsPerCorrectAnswer;
    const isLastRound = game.round >= MEMORY_ROUNDS;
    return {
      ok: true,
      // After the last round the game stays on round 5 fully pressed; otherwise the next display starts now.
      game: isLastRound ? { ...game, pressed } : { round: game.round + 1, roundStartedAtMs: atMs, pressed: 0 },
      points,
      status: isLastRound ? 'completed' : 'playing',
      outcome: { kind: 'scored', points },
    };
  },
  displayScore: memoryDisplayScore,
  gameView: ({ seed, game, active, atMs }) => {
    const sequenceLength = memorySequenceLength(game.round);
    const inputOpensAtMs = memoryInputOpensAtMs(game);
    const base = {
      round: game.round,
      totalRounds: MEMORY_ROUNDS,
      sequenceLength,
      pressed: game.pressed,
      inputOpensAtMs,
      colors: MEMORY_COLORS,
    };
    const hidden = { shownColor: null, shownIndex: null };
    if (!active) return { ...base, ...hidden, phase: 'done' };
    const showingFromMs = game.roundStartedAtMs + MEMORY_START_DELAY_MS;
    if (atMs < showingFromMs) return { ...base, ...hidden, phase: 'get_ready' };
    if (atMs >= inputOpensAtMs) return { ...base, ...hidden, phase: 'input' };
    const shownIndex = Math.floor((atMs - showingFromMs) / MEMORY_ITEM_MS);
    const shownColor = memorySequence(seed, game.round)[shownIndex] ?? null;
    return { ...base, phase: 'showing', shownColor, shownIndex };
  },
  nextEventAtMs: (_seed, game, afterMs) => {
    // Phase boundaries: start of showing, each item change, input opening.
    const showingFromMs = game.roundStartedAtMs + MEMORY_START_DELAY_MS;
    const inputOpensAtMs = memoryInputOpensAtMs(game);
    if (afterMs >= inputOpensAtMs) return null;
    if (afterMs < showingFromMs) return showingFromMs;
    return showingFromMs + (Math.floor((afterMs - showingFromMs) / MEMORY_ITEM_MS) + 1) * MEMORY_ITEM_MS;
  },
});
