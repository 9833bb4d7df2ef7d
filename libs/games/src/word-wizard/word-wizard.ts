import { LIMITS } from '@skillduel/contracts';
import { answerStep } from '../core/answer-step';
import { defineEngine } from '../core/engine';
import { MIN_HUMAN_REACTION_MS, MIN_KEYSTROKE_MS } from '../core/plausibility';
import { rngFor } from '../core/rng';
import { cappedDisplayScore } from '../core/scoring';
import { exactObject } from '../core/validate';

export const WIZARD_WORDS = [
  'JAVASCRIPT',
  'REACT',
  'PYTHON',
  'COMPUTER',
  'GAMING',
  'PATTERN',
  'VICTORY',
  'CHALLENGE',
] as const;

/** Generous bound on a guess; longer strings are not attempts, just payload. */
export const MAX_GUESS_LENGTH = 64;

export type WordWizardInput = { readonly type: 'guess'; readonly word: string };

export interface WordWizardGame {
  readonly wordIndex: number;
  readonly answered: number;
  readonly correct: number;
}

export interface WordWizardView {
  readonly wordIndex: number;
  readonly scrambled: string;
  readonly answered: number;
  readonly correct: number;
  readonly active: boolean;
}

// Shuffling a word of distinct-enough letters returns it unchanged rarely; a few redraws, then a rotation.
const MAX_SCRAMBLE_DRAWS = 10;

/**
 * Word `index` and its scramble. Words come in seeded blocks of eight (each a permutation); the scramble is never
 * the word itself.
 */
export function wizardWord(seed: string, index: number): { readonly word: string; readonly scrambled: string } {
  const block = Math.floor(index / WIZARD_WORDS.length);
  const order = rngFor(seed, 'word-wizard', 'order', block).shuffle(WIZARD_WORDS);
  const word = order[index % WIZARD_WORDS.length] as string;
  const rng = rngFor(seed, 'word-wizard', 'scramble', index);
  for (let draw = 0; draw < MAX_SCRAMBLE_DRAWS; draw++) {
    const scrambled = rng.shuffle([...word]).join('');
    if (scrambled !== word) return { word, scrambled };
  }
  // No list word is periodic, so a one-letter rotation always differs from it.
  return { word, scrambled: word.slice(1) + word.slice(0, 1) };
}

/**
 * Recognising a scramble as one of the eight list words: a "pop-out" anagram solution is one found within ~2 s; the
 * list is short and repeats, so a practised player may be much quicker. 300 ms is a floor, not a typical time.
 */
const WORD_WIZARD_MIN_SOLVE_MS = 300;

/** The least time a human needs to unscramble `word` and type it (each letter, then Enter) from when it is shown. */
export function wordWizardMinAnswerMs(word: string): number {
  return MIN_HUMAN_REACTION_MS + WORD_WIZARD_MIN_SOLVE_MS + (word.length + 1) * MIN_KEYSTROKE_MS;
}

function normalizeGuess(guess: string): string {
  return guess.trim().toUpperCase();
}

export const wordWizardEngine = defineEngine<WordWizardGame, WordWizardInput, WordWizardView>({
  id: 'word-wizard',
  completion: 'wins_at_once', // never used: word-wizard has no completion, only time-up
  parseInput: (raw) => {
    const input = exactObject(raw, ['type', 'word']);
    const word = input?.['word'];
    if (input === null || input['type'] !== 'guess' || typeof word !== 'string') return null;
    // An empty answer cannot be submitted (docs/product/games.md#answer-input).
    if (word.length > MAX_GUESS_LENGTH || normalizeGuess(word).length === 0) return null;
    return { type: 'guess', word };
  },
  initialGame: () => ({ wordIndex: 0, answered: 0, correct: 0 }),
  step: ({ seed, game, atMs, shownAtMs, input }) => {
    const { word } = wizardWord(seed, game.wordIndex);
    // Faster than a human could unscramble and type it: it counts as wrong (and is flagged), not as a free retry.
    return answerStep({
      game,
      next: { wordIndex: game.wordIndex + 1 },
      atMs,
      shownAtMs,
      minAnswerMs: wordWizardMinAnswerMs(word),
      matches: normalizeGuess(input.word) === word,
      flatPoints: LIMITS.pointsPerCorrectAnswer,
    });
  },
  displayScore: cappedDisplayScore,
  gameView: ({ seed, game, active }) => ({
    wordIndex: game.wordIndex,
    scrambled: wizardWord(seed, game.wordIndex).scrambled,
    answered: game.answered,
    correct: game.correct,
    active,
  }),
});
