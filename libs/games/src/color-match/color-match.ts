import { answerStep } from '../core/answer-step';
import { defineEngine } from '../core/engine';
import { rngFor } from '../core/rng';
import { exactObject, isOneOf } from '../core/validate';
import { cappedDisplayScore, streakPoints } from '../core/scoring';

export const MATCH_COLORS = ['red', 'blue', 'green', 'yellow', 'purple', 'orange'] as const;
export type MatchColor = (typeof MATCH_COLORS)[number];

export const COLOR_OPTION_COUNT = 4;

/**
 * 'name_color': a swatch is shown, pick its name.
 * 'match_word': a colour word is shown (printed in a different ink, Stroop-style), pick the swatch the word names.
 */
export type ColorChallenge =
  | { readonly mode: 'name_color'; readonly shownColor: MatchColor; readonly options: readonly MatchColor[] }
  | {
      readonly mode: 'match_word';
      readonly word: MatchColor;
      readonly inkColor: MatchColor;
      readonly options: readonly MatchColor[];
    };

export type ColorMatchInput = { readonly type: 'choose'; readonly option: MatchColor };

export interface ColorMatchGame {
  readonly challengeIndex: number;
  readonly streak: number;
  readonly answered: number;
  readonly correct: number;
}

export interface ColorMatchView {
  readonly challengeIndex: number;
  readonly challenge: ColorChallenge;
  readonly streak: number;
  readonly nextCorrectPoints: number;
  readonly answered: number;
  readonly correct: number;
  readonly active: boolean;
}

/**
 * The least time a human needs to answer a challenge from the moment it is shown: recognise the swatch or read the
 * word, then find and press one of four options. Reading a word past a conflicting ink (Stroop) takes longer. About
 * half of Stroop's per-item times (~410 ms reading a word, ~630 ms naming a colour patch).
 */
export const COLOR_MATCH_MIN_ANSWER_MS = { name_color: 300, match_word: 350 } as const satisfies Record<
  ColorChallenge['mode'],
  number
>;

/** Challenge `index` (mode picked at random, seeded) and its answer; the same for both players. */
export function colorChallenge(
  seed: string,
  index: number,
): { readonly challenge: ColorChallenge; readonly answer: MatchColor } {
  const rng = rngFor(seed, 'color-match', 'challenge', index);
  const mode = rng.chance(0.5) ? 'name_color' : 'match_word';
  const answer = rng.pick(MATCH_COLORS);
  const others = MATCH_COLORS.filter((color) => color !== answer);
  const options = rng.shuffle([answer, ...rng.shuffle(others).slice(0, COLOR_OPTION_COUNT - 1)]);
  const challenge: ColorChallenge =
    mode === 'name_color'
      ? { mode, shownColor: answer, options }
      : { mode, word: answer, inkColor: rng.pick(others), options };
  return { challenge, answer };
}

export const colorMatchEngine = defineEngine<ColorMatchGame, ColorMatchInput, ColorMatchView>({
  id: 'color-match',
  completion: 'wins_at_once', // never used: color-match has no completion, only time-up
  parseInput: (raw) => {
    const input = exactObject(raw, ['type', 'option']);
    if (input === null || input['type'] !== 'choose' || !isOneOf(input['option'], MATCH_COLORS)) return null;
    return { type: 'choose', option: input['option'] };
  },
  initialGame: () => ({ challengeIndex: 0, streak: 0, answered: 0, correct: 0 }),
  step: ({ seed, game, atMs, shownAtMs, input }) => {
    const { challenge, answer } = colorChallenge(seed, game.challengeIndex);
    if (!challenge.options.includes(input.option)) return { ok: false, reason: 'invalid_input' };
    // Faster than a human could recognise it and choose: it counts as wrong (and is flagged), not as a free retry.
    return answerStep({
      game,
      next: { challengeIndex: game.challengeIndex + 1 },
      atMs,
      shownAtMs,
      minAnswerMs: COLOR_MATCH_MIN_ANSWER_MS[challenge.mode],
      matches: input.option === answer,
    });
  },
  displayScore: cappedDisplayScore,
  gameView: ({ seed, game, active }) => ({
    challengeIndex: game.challengeIndex,
    challenge: colorChallenge(seed, game.challengeIndex).challenge,
    streak: game.streak,
    nextCorrectPoints: streakPoints(game.streak),
    answered: game.answered,
    correct: game.correct,
    active,
  }),
});
