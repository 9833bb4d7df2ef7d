import { answerStep } from '../core/answer-step';
import { defineEngine } from '../core/engine';
import { rngFor } from '../core/rng';
import { cappedDisplayScore, streakPoints } from '../core/scoring';
import { exactObject } from '../core/validate';

export interface PatternSequence {
  readonly id: 'circles' | 'shapes' | 'counting' | 'letters' | 'evens' | 'suits';
  readonly items: readonly string[];
  /** Wrong options that fit the sequence's look, so the answer is not the odd one out. */
  readonly decoys: readonly string[];
}

/** The six fixed sequences (docs/product/games.md#pattern-pro). */
export const PATTERN_SEQUENCES: readonly PatternSequence[] = [
  { id: 'circles', items: ['●', '○', '●', '○', '●', '○'], decoys: ['◐', '◑', '◉'] },
  { id: 'shapes', items: ['▲', '■', '▲', '■', '▲', '■'], decoys: ['●', '◆', '▼'] },
  { id: 'counting', items: ['1', '2', '3', '4', '5'], decoys: ['0', '6', '7'] },
  { id: 'letters', items: ['A', 'B', 'C', 'D', 'E'], decoys: ['F', 'G', 'H'] },
  { id: 'evens', items: ['2', '4', '6', '8', '10'], decoys: ['3', '5', '7', '9', '12'] },
  { id: 'suits', items: ['♠', '♥', '♠', '♥', '♠', '♥'], decoys: ['♦', '♣'] },
];

export const PATTERN_OPTION_COUNT = 4;

export interface PatternPuzzle {
  readonly sequenceId: PatternSequence['id'];
  /** The sequence with the missing item as null. */
  readonly items: readonly (string | null)[];
  readonly options: readonly string[];
}

export type PatternProInput = { readonly type: 'choose'; readonly option: string };

export interface PatternProGame {
  readonly puzzleIndex: number;
  readonly streak: number;
  readonly answered: number;
  readonly correct: number;
}

export interface PatternProView {
  readonly puzzleIndex: number;
  readonly puzzle: PatternPuzzle;
  readonly streak: number;
  /** Points a correct answer earns now (10 + streak). */
  readonly nextCorrectPoints: number;
  readonly answered: number;
  readonly correct: number;
  readonly active: boolean;
}

/**
 * Puzzle `index` and its answer. Sequences come in seeded blocks of six (each block a permutation), so a player
 * sees every sequence before any repeats; which item is missing and the option order are seeded per puzzle.
 */
export function patternPuzzle(
  seed: string,
  index: number,
): { readonly puzzle: PatternPuzzle; readonly answer: string } {
  const block = Math.floor(index / PATTERN_SEQUENCES.length);
  const order = rngFor(seed, 'pattern-pro', 'order', block).shuffle(PATTERN_SEQUENCES);
  const sequence = order[index % PATTERN_SEQUENCES.length] as PatternSequence;
  const rng = rngFor(seed, 'pattern-pro', 'puzzle', index);
  const missingIndex = rng.int(0, sequence.items.length - 1);
  const answer = sequence.items[missingIndex] as string;
  const wrongPool = [...new Set([...sequence.items, ...sequence.decoys])].filter((item) => item !== answer);
  const wrong = rng.shuffle(wrongPool).slice(0, PATTERN_OPTION_COUNT - 1);
  return {
    puzzle: {
      sequenceId: sequence.id,
      items: sequence.items.map((item, i) => (i === missingIndex ? null : item)),
      options: rng.shuffle([answer, ...wrong]),
    },
    answer,
  };
}

/**
 * The least time a human needs from the moment a puzzle is shown: scan a five- or six-item sequence for the gap,
 * infer the missing item and pick it among four options (a four-way choice alone averages ~400-500 ms).
 */
export const PATTERN_PRO_MIN_ANSWER_MS = 400;

// Longer than any option; anything longer cannot be one.
const MAX_OPTION_LENGTH = 8;

export const patternProEngine = defineEngine<PatternProGame, PatternProInput, PatternProView>({
  id: 'pattern-pro',
  completion: 'wins_at_once', // never used: pattern-pro has no completion, only time-up
  parseInput: (raw) => {
    const input = exactObject(raw, ['type', 'option']);
    const option = input?.['option'];
    if (input === null || input['type'] !== 'choose' || typeof option !== 'string') return null;
    if (option.length === 0 || option.length > MAX_OPTION_LENGTH) return null;
    return { type: 'choose', option };
  },
  initialGame: () => ({ puzzleIndex: 0, streak: 0, answered: 0, correct: 0 }),
  step: ({ seed, game, atMs, shownAtMs, input }) => {
    const { puzzle, answer } = patternPuzzle(seed, game.puzzleIndex);
    // Only an offered option is a real choice; anything else is a forged input.
    if (!puzzle.options.includes(input.option)) return { ok: false, reason: 'invalid_input' };
    // Faster than a human could read the sequence and choose: it counts as wrong (and is flagged).
    return answerStep({
      game,
      next: { puzzleIndex: game.puzzleIndex + 1 },
      atMs,
      shownAtMs,
      minAnswerMs: PATTERN_PRO_MIN_ANSWER_MS,
      matches: input.option === answer,
    });
  },
  displayScore: cappedDisplayScore,
  gameView: ({ seed, game, active }) => ({
    puzzleIndex: game.puzzleIndex,
    puzzle: patternPuzzle(seed, game.puzzleIndex).puzzle,
    streak: game.streak,
    nextCorrectPoints: streakPoints(game.streak),
    answered: game.answered,
    correct: game.correct,
    active,
  }),
});
