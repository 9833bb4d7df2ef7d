import type { StepResult } from './engine';
import { answeredTooFast } from './plausibility';
import { streakPoints } from './scoring';

/** What every one-question-at-a-time game counts: answers given and answers right. */
export interface AnswerCounts {
  readonly answered: number;
  readonly correct: number;
}

/**
 * One answer of a game that shows one question at a time and moves on after every answer, right or wrong (colour
 * match, pattern pro, word wizard). An answer faster than the question's human floor counts as wrong and is flagged:
 * never a free retry. Streak games (`streak` in the state) pay 10 + the streak for a right answer and reset it on a
 * wrong one; the others pay a flat `flatPoints`.
 */
export function answerStep<Game extends AnswerCounts & { readonly streak?: number }>(answer: {
  readonly game: Game;
  /** The state's own move to the next question (e.g. `{ puzzleIndex: game.puzzleIndex + 1 }`). */
  readonly next: Partial<Game>;
  readonly atMs: number;
  readonly shownAtMs: number;
  readonly minAnswerMs: number;
  readonly matches: boolean;
  /** Points of a right answer in a game without a streak. */
  readonly flatPoints?: number;
}): StepResult<Game> {
  const { game } = answer;
  const tooFast = answeredTooFast(answer.atMs, answer.shownAtMs, answer.minAnswerMs);
  const isCorrect = !tooFast && answer.matches;
  const hasStreak = game.streak !== undefined;
  const rightPoints = hasStreak ? streakPoints(game.streak ?? 0) : (answer.flatPoints ?? 0);
  const points = isCorrect ? rightPoints : 0;
  return {
    ok: true,
    game: {
      ...game,
      ...answer.next,
      answered: game.answered + 1,
      correct: game.correct + (isCorrect ? 1 : 0),
      ...(hasStreak && { streak: isCorrect ? (game.streak ?? 0) + 1 : 0 }),
    },
    points,
    status: 'playing',
    outcome: isCorrect ? { kind: 'scored', points } : { kind: 'wrong' },
    ...(tooFast && { tooFast }),
  };
}
