import { LIMITS } from '@skillduel/contracts';
import { defineEngine } from '../core/engine';
import { rngFor } from '../core/rng';
import { cappedDisplayScore } from '../core/scoring';
import { exactObject, isFiniteNumber } from '../core/validate';

export type ArithmeticOperator = '+' | '-' | '*' | '/';
export const ARITHMETIC_OPERATORS: readonly ArithmeticOperator[] = ['+', '-', '*', '/'];

/** SPEC §4 operand ranges, inclusive. */
export const NUMBER_RUSH_RANGES = {
  addition: { min: 1, max: 50 },
  subtractionLeft: { min: 25, max: 74 },
  subtractionRight: { min: 1, max: 25 },
  factor: { min: 1, max: 12 },
} as const;

export interface ArithmeticQuestion {
  readonly left: number;
  readonly operator: ArithmeticOperator;
  readonly right: number;
}

export type NumberRushInput = { readonly type: 'answer'; readonly value: number };

export interface NumberRushGame {
  /** Index into the shared question sequence: question i is the same for both players. */
  readonly questionIndex: number;
  readonly answered: number;
  readonly correct: number;
}

export interface NumberRushView {
  readonly questionIndex: number;
  /** The question only; the answer never leaves the engine. */
  readonly question: ArithmeticQuestion;
  readonly answered: number;
  readonly correct: number;
  readonly active: boolean;
}

/** Question `index` of the match and its answer (always a whole number, never negative). */
export function numberRushQuestion(
  seed: string,
  index: number,
): { readonly question: ArithmeticQuestion; readonly answer: number } {
  const rng = rngFor(seed, 'number-rush', 'question', index);
  const operator = rng.pick(ARITHMETIC_OPERATORS);
  const { addition, subtractionLeft, subtractionRight, factor } = NUMBER_RUSH_RANGES;
  switch (operator) {
    case '+': {
      const left = rng.int(addition.min, addition.max);
      const right = rng.int(addition.min, addition.max);
      return { question: { left, operator, right }, answer: left + right };
    }
    case '-': {
      const left = rng.int(subtractionLeft.min, subtractionLeft.max);
      const right = rng.int(subtractionRight.min, subtractionRight.max);
      return { question: { left, operator, right }, answer: left - right };
    }
    case '*': {
      const left = rng.int(factor.min, factor.max);
      const right = rng.int(factor.min, factor.max);
      return { question: { left, operator, right }, answer: left * right };
    }
    case '/': {
      // Built backwards from a product so the quotient is whole.
      const divisor = rng.int(factor.min, factor.max);
      const quotient = rng.int(factor.min, factor.max);
      return { question: { left: divisor * quotient, operator, right: divisor }, answer: quotient };
    }
  }
}

export const numberRushEngine = defineEngine<NumberRushGame, NumberRushInput, NumberRushView>({
  id: 'number-rush',
  completion: 'wins_at_once', // never used: number-rush has no completion, only time-up
  parseInput: (raw) => {
    const input = exactObject(raw, ['type', 'value']);
    if (input === null || input['type'] !== 'answer' || !isFiniteNumber(input['value'])) return null;
    return { type: 'answer', value: input['value'] };
  },
  initialGame: () => ({ questionIndex: 0, answered: 0, correct: 0 }),
  step: ({ seed, game, input }) => {
    const isCorrect = input.value === numberRushQuestion(seed, game.questionIndex).answer;
    // A wrong answer moves on too: otherwise a player could brute-force one question by guessing.
    const next: NumberRushGame = {
      questionIndex: game.questionIndex + 1,
      answered: game.answered + 1,
      correct: game.correct + (isCorrect ? 1 : 0),
    };
    const points = isCorrect ? LIMITS.pointsPerCorrectAnswer : 0;
    return {
      ok: true,
      game: next,
      points,
      status: 'playing',
      outcome: isCorrect ? { kind: 'scored', points } : { kind: 'wrong' },
    };
  },
  displayScore: cappedDisplayScore,
  gameView: ({ seed, game, active }) => ({
    questionIndex: game.questionIndex,
    question: numberRushQuestion(seed, game.questionIndex).question,
    answered: game.answered,
    correct: game.correct,
    active,
  }),
});
