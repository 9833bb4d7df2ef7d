import { answerStep } from './answer-step';

describe('answerStep: one answer of a one-question-at-a-time game', () => {
  const streakGame = { index: 4, streak: 2, answered: 5, correct: 3 };
  const flatGame = { index: 1, answered: 1, correct: 0 };
  const timing = { atMs: 2_000, shownAtMs: 1_000, minAnswerMs: 300 };

  it('a right answer in a streak game pays 10 + the streak, grows the streak and moves to the next question', () => {
    const result = answerStep({ game: streakGame, next: { index: 5 }, ...timing, matches: true });
    expect(result).toEqual({
      ok: true,
      game: { index: 5, streak: 3, answered: 6, correct: 4 },
      points: 12,
      status: 'playing',
      outcome: { kind: 'scored', points: 12 },
    });
  });

  it('a wrong answer resets the streak, pays nothing and still moves on', () => {
    const result = answerStep({ game: streakGame, next: { index: 5 }, ...timing, matches: false });
    expect(result).toMatchObject({ game: { index: 5, streak: 0, answered: 6, correct: 3 }, points: 0 });
    expect(result).toMatchObject({ outcome: { kind: 'wrong' } });
  });

  it('a right answer under the human floor counts as wrong and is flagged, never a free retry', () => {
    const result = answerStep({ game: streakGame, next: { index: 5 }, ...timing, atMs: 1_299, matches: true });
    expect(result).toMatchObject({ tooFast: true, points: 0, game: { index: 5, streak: 0, answered: 6, correct: 3 } });
  });

  it('a game without a streak pays its flat points and gains no streak field', () => {
    const result = answerStep({ game: flatGame, next: { index: 2 }, ...timing, matches: true, flatPoints: 10 });
    expect(result).toMatchObject({ points: 10, game: { index: 2, answered: 2, correct: 1 } });
    expect(result.ok && 'streak' in result.game).toBe(false);
  });
});
