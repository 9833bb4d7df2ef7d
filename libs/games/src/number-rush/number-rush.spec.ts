import fc from 'fast-check';
import { accept, deepFreeze, rejectOf } from '../testing/test-utils';
import { MIN_KEYSTROKE_MS } from '../core/plausibility';
import {
  NUMBER_RUSH_RANGES,
  numberRushEngine as engine,
  numberRushMinAnswerMs,
  numberRushQuestion,
  solveArithmetic,
} from './number-rush';

const answer = (value: number) => ({ type: 'answer', value });

function within(value: number, range: { min: number; max: number }): boolean {
  return Number.isInteger(value) && value >= range.min && value <= range.max;
}

describe('solveArithmetic', () => {
  it('works out each operator', () => {
    expect(solveArithmetic({ left: 47, operator: '+', right: 38 })).toBe(85);
    expect(solveArithmetic({ left: 47, operator: '-', right: 38 })).toBe(9);
    expect(solveArithmetic({ left: 12, operator: '*', right: 7 })).toBe(84);
    expect(solveArithmetic({ left: 84, operator: '/', right: 7 })).toBe(12);
  });

  it('gives every generated question its own answer', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat({ max: 10_000 }), (seed, index) => {
        const { question, answer: result } = numberRushQuestion(seed, index);
        expect(solveArithmetic(question)).toBe(result);
      }),
    );
  });
});

describe('number-rush content', () => {
  it('keeps every operand in its range and every answer whole', () => {
    const { addition, subtractionLeft, subtractionRight, factor } = NUMBER_RUSH_RANGES;
    fc.assert(
      fc.property(fc.string(), fc.nat({ max: 10_000 }), (seed, index) => {
        const { question, answer: result } = numberRushQuestion(seed, index);
        const { left, right } = question;
        switch (question.operator) {
          case '+':
            expect(within(left, addition) && within(right, addition)).toBe(true);
            expect(result).toBe(left + right);
            break;
          case '-':
            expect(within(left, subtractionLeft) && within(right, subtractionRight)).toBe(true);
            expect(result).toBe(left - right);
            expect(result).toBeGreaterThanOrEqual(0);
            break;
          case '*':
            expect(within(left, factor) && within(right, factor)).toBe(true);
            expect(result).toBe(left * right);
            break;
          case '/':
            // Dividend is a product of 1-12 x 1-12, divisor one of its factors: the quotient is whole and in 1-12.
            expect(within(right, factor)).toBe(true);
            expect(Number.isInteger(left / right)).toBe(true);
            expect(within(left / right, factor)).toBe(true);
            expect(result).toBe(left / right);
            break;
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('uses all four operators', () => {
    const operators = new Set(Array.from({ length: 100 }, (_, i) => numberRushQuestion('ops', i).question.operator));
    expect([...operators].sort()).toEqual(['*', '+', '-', '/']);
  });

  it('is the same sequence for the same seed and differs between seeds', () => {
    const sequence = (seed: string) => Array.from({ length: 20 }, (_, i) => numberRushQuestion(seed, i).question);
    expect(sequence('s1')).toEqual(sequence('s1'));
    expect(sequence('s1')).not.toEqual(sequence('s2'));
  });
});

describe('number-rush play', () => {
  const seed = 'rush';
  const correct = (index: number) => answer(numberRushQuestion(seed, index).answer);

  it('gives +10 per correct answer and moves both players through the same questions', () => {
    let state = engine.create(seed);
    const applied = engine.applyInput(state, 0, correct(0), 1000);
    expect(applied).toMatchObject({ ok: true, outcome: { kind: 'scored', points: 10 } });
    state = applied.state;
    state = accept(engine, state, 0, correct(1), 2000);
    expect(engine.view(state, 0, 2000).game).toMatchObject({ questionIndex: 2, answered: 2, correct: 2 });
    expect(engine.view(state, 0, 2000).score).toBe(20);
    // Player 1 has not answered: still on question 0, the same one player 0 saw.
    expect(engine.view(state, 1, 2000).game.question).toEqual(numberRushQuestion(seed, 0).question);
    state = accept(engine, state, 1, correct(0), 2500);
    expect(engine.view(state, 1, 2500).game.question).toEqual(numberRushQuestion(seed, 1).question);
  });

  it('scales the answer floor with the task: more columns and longer answers take longer', () => {
    const floor = (left: number, operator: '+' | '-' | '*' | '/', right: number, result: number) =>
      numberRushMinAnswerMs({ left, operator, right }, result);
    expect(floor(1, '+', 2, 3)).toBe(350);
    expect(floor(3, '*', 4, 12)).toBe(400);
    expect(floor(47, '+', 38, 85)).toBe(550);
    expect(floor(74, '-', 25, 49)).toBe(550);
    expect(floor(50, '+', 50, 100)).toBe(600);
    expect(floor(47, '+', 38, 85)).toBeGreaterThan(floor(3, '*', 4, 12));
    expect(floor(12, '*', 12, 144) - floor(3, '*', 4, 12)).toBe(MIN_KEYSTROKE_MS);
  });

  it('an answer under its floor is not a free retry: it counts as wrong, moves on and is flagged', () => {
    const { question, answer: result } = numberRushQuestion(seed, 0);
    const floorMs = numberRushMinAnswerMs(question, result);
    const early = engine.applyInput(engine.create(seed), 0, correct(0), floorMs - 1);
    expect(early).toMatchObject({ ok: true, outcome: { kind: 'wrong' } });
    expect(early.state.players[0]).toMatchObject({ score: 0, flags: 1, game: { questionIndex: 1, correct: 0 } });
    // The next question's floor runs from this (accepted) answer, not from the start.
    const next = numberRushQuestion(seed, 1);
    const nextFloorMs = numberRushMinAnswerMs(next.question, next.answer);
    const again = engine.applyInput(early.state, 0, correct(1), floorMs - 1 + nextFloorMs - 1);
    expect(again.state.players[0]).toMatchObject({ score: 0, flags: 2 });
    // At the floor exactly it is a human answer.
    const onTime = engine.applyInput(engine.create(seed), 0, correct(0), floorMs);
    expect(onTime).toMatchObject({ ok: true, outcome: { kind: 'scored', points: 10 } });
    expect(onTime.state.players[0].flags).toBe(0);
  });

  it('a script answering correctly every 51 ms (19.5/s) is flagged on every answer it does not lose', () => {
    let state = engine.create(seed);
    let sent = 0;
    for (let atMs = 10; atMs < 30_000; atMs += 51, sent++) {
      state = engine.applyInput(state, 0, correct(state.players[0].game.questionIndex), atMs).state;
    }
    // Only an answer that happens to follow a run of refusals by more than its floor counts: far fewer than the 15 of
    // a human answering every 2 s. Every other one is flagged (refused over the rate caps, or wrong under the floor).
    const { correct: correctCount } = state.players[0].game;
    expect(correctCount).toBeLessThan(15);
    expect(state.players[0].flags).toBe(sent - correctCount);
  });

  it('a wrong answer scores nothing and moves to the next question', () => {
    const wrong = answer(numberRushQuestion(seed, 0).answer + 1);
    const applied = engine.applyInput(engine.create(seed), 0, wrong, 1000);
    expect(applied).toMatchObject({ ok: true, outcome: { kind: 'wrong' } });
    expect(engine.view(applied.state, 0, 1000)).toMatchObject({
      score: 0,
      game: { questionIndex: 1, answered: 1, correct: 0 },
    });
  });

  it('shows the question but never the answer', () => {
    const view = engine.view(engine.create(seed), 0, 0);
    expect(Object.keys(view.game.question).sort()).toEqual(['left', 'operator', 'right']);
    expect(Object.keys(view.game).sort()).toEqual(['active', 'answered', 'correct', 'question', 'questionIndex']);
  });

  it('caps the display at 100 while the raw score keeps counting', () => {
    let state = engine.create(seed, { timeLimitMs: 60_000 });
    for (let i = 0; i < 12; i++) state = accept(engine, state, 0, correct(i), 1000 + i * 1000);
    expect(engine.scoreboard(state)).toMatchObject({ scores: [120, 0], displayScores: [100, 0] });
  });

  it('rejects non-numeric or malformed answers without moving on', () => {
    const state = deepFreeze(engine.create(seed));
    for (const input of [
      answer(Number.NaN),
      answer(Number.POSITIVE_INFINITY),
      { type: 'answer', value: '12' },
      { type: 'answer' },
      { type: 'answer', value: 3, question: 0 },
    ]) {
      expect(rejectOf(engine, state, 0, input, 100)).toEqual({ ok: false, state, reason: 'invalid_input' });
    }
  });
});
