import { LIMITS } from '@skillduel/contracts';
import { defineEngine } from '../core/engine';
import { answeredTooFast, MIN_ARITHMETIC_STEP_MS, MIN_HUMAN_REACTION_MS, MIN_KEYSTROKE_MS } from '../core/plausibility';
import { rngFor } from '../core/rng';
import { cappedDisplayScore } from '../core/scoring';
import { exactObject, isFiniteNumber } from '../core/validate';

export type ArithmeticOperator = '+' | '-' | '*' | '/';
const ARITHMETIC_OPERATORS: readonly ArithmeticOperator[] = ['+', '-', '*', '/'];

/** Operand ranges per operation, inclusive (docs/product/games.md#number-rush). */
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

/** The right answer to `question`: the one place the arithmetic is worked out (engine, bots, tests, benchmarks). */
export function solveArithmetic({ left, operator, right }: ArithmeticQuestion): number {
  switch (operator) {
    case '+':
      return left + right;
    case '-':
      return left - right;
    case '*':
      return left * right;
    case '/':
      return left / right;
  }
}

/** Question `index` of the match and its answer (always a whole number, never negative). */
export function numberRushQuestion(
  seed: string,
  index: number,
): { readonly question: ArithmeticQuestion; readonly answer: number } {
  const rng = rngFor(seed, 'number-rush', 'question', index);
  const operator = rng.pick(ARITHMETIC_OPERATORS);
  const { addition, subtractionLeft, subtractionRight, factor } = NUMBER_RUSH_RANGES;
  let question: ArithmeticQuestion;
  switch (operator) {
    case '+':
      question = { left: rng.int(addition.min, addition.max), operator, right: rng.int(addition.min, addition.max) };
      break;
    case '-': {
      const left = rng.int(subtractionLeft.min, subtractionLeft.max);
      question = { left, operator, right: rng.int(subtractionRight.min, subtractionRight.max) };
      break;
    }
    case '*':
      question = { left: rng.int(factor.min, factor.max), operator, right: rng.int(factor.min, factor.max) };
      break;
    case '/': {
      // Built backwards from a product so the quotient is whole.
      const divisor = rng.int(factor.min, factor.max);
      const quotient = rng.int(factor.min, factor.max);
      question = { left: divisor * quotient, operator, right: divisor };
      break;
    }
  }
  return { question, answer: solveArithmetic(question) };
}

/**
 * The least time a human needs for `question` from the moment it is shown: see it, solve it, type the answer and
 * press Enter. Solving costs one arithmetic step per column of a sum or difference (47 + 38 is two, 3 + 4 one) and one
 * for a times-table product or quotient. From 350 ms (1 + 2) to 600 ms (50 + 50): about a third of human latencies.
 */
export function numberRushMinAnswerMs(question: ArithmeticQuestion, answer: number): number {
  const digits = (n: number): number => String(Math.abs(n)).length;
  const steps =
    question.operator === '+' || question.operator === '-'
      ? Math.max(digits(question.left), digits(question.right))
      : 1;
  const keystrokes = digits(answer) + 1; // the answer, then Enter
  return MIN_HUMAN_REACTION_MS + steps * MIN_ARITHMETIC_STEP_MS + keystrokes * MIN_KEYSTROKE_MS;
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
  step: ({ seed, game, atMs, shownAtMs, input }) => {
    const { question, answer } = numberRushQuestion(seed, game.questionIndex);
    // Faster than a human could read, solve and type it: it counts as wrong (and is flagged), not as a free retry.
    const tooFast = answeredTooFast(atMs, shownAtMs, numberRushMinAnswerMs(question, answer));
    const isCorrect = !tooFast && input.value === answer;
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
      ...(tooFast && { tooFast }),
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
