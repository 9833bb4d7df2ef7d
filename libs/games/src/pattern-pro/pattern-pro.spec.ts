import fc from 'fast-check';
import { accept, deepFreeze, rejectOf } from '../testing/test-utils';
import {
  PATTERN_OPTION_COUNT,
  PATTERN_PRO_MIN_ANSWER_MS,
  PATTERN_SEQUENCES,
  patternProEngine as engine,
  patternPuzzle,
} from './pattern-pro';

const choose = (option: string) => ({ type: 'choose', option });
const seed = 'pattern-seed';

describe('pattern-pro content', () => {
  it('has the six fixed sequences', () => {
    expect(PATTERN_SEQUENCES.map((s) => s.id)).toEqual(['circles', 'shapes', 'counting', 'letters', 'evens', 'suits']);
    expect(PATTERN_SEQUENCES.find((s) => s.id === 'counting')?.items).toEqual(['1', '2', '3', '4', '5']);
    expect(PATTERN_SEQUENCES.find((s) => s.id === 'letters')?.items).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(PATTERN_SEQUENCES.find((s) => s.id === 'evens')?.items).toEqual(['2', '4', '6', '8', '10']);
  });

  it('each puzzle hides one item and offers it once among four distinct options', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat({ max: 1000 }), (anySeed, index) => {
        const { puzzle, answer } = patternPuzzle(anySeed, index);
        const sequence = PATTERN_SEQUENCES.find((s) => s.id === puzzle.sequenceId);
        const missing = puzzle.items.indexOf(null);
        expect(puzzle.items.filter((item) => item === null)).toHaveLength(1);
        expect(sequence?.items[missing]).toBe(answer);
        expect(puzzle.items.map((item, i) => item ?? sequence?.items[i])).toEqual(sequence?.items);
        expect(puzzle.options).toHaveLength(PATTERN_OPTION_COUNT);
        expect(new Set(puzzle.options).size).toBe(PATTERN_OPTION_COUNT);
        expect(puzzle.options.filter((o) => o === answer)).toHaveLength(1);
      }),
    );
  });

  it('shows every sequence once per block of six, in a seeded order', () => {
    const order = (anySeed: string, block: number) =>
      Array.from({ length: 6 }, (_, i) => patternPuzzle(anySeed, block * 6 + i).puzzle.sequenceId);
    expect(new Set(order(seed, 0)).size).toBe(6);
    expect(new Set(order(seed, 3)).size).toBe(6);
    const orders = new Set(Array.from({ length: 10 }, (_, i) => order(`s${i}`, 0).join()));
    expect(orders.size).toBeGreaterThan(1);
  });
});

describe('pattern-pro scoring', () => {
  const right = (index: number) => choose(patternPuzzle(seed, index).answer);
  const wrong = (index: number) => {
    const { puzzle, answer } = patternPuzzle(seed, index);
    return choose(puzzle.options.find((o) => o !== answer) as string);
  };

  it('correct = 10 + streak, then the streak grows; wrong resets it; every answer moves on', () => {
    let state = engine.create(seed);
    const points: number[] = [];
    const plan = [right, right, right, wrong, right];
    plan.forEach((make, index) => {
      const applied = engine.applyInput(state, 0, make(index), 1000 * (index + 1));
      if (!applied.ok) throw new Error(applied.reason);
      points.push(applied.outcome.kind === 'scored' ? applied.outcome.points : 0);
      state = applied.state;
    });
    expect(points).toEqual([10, 11, 12, 0, 10]);
    expect(engine.view(state, 0, 6000)).toMatchObject({
      score: 43,
      game: { puzzleIndex: 5, streak: 1, nextCorrectPoints: 11, answered: 5, correct: 4 },
    });
  });

  it('keeps streaks per player', () => {
    let state = accept(engine, engine.create(seed), 0, right(0), 500);
    state = accept(engine, state, 0, right(1), 1000);
    state = accept(engine, state, 1, right(0), 1100);
    expect(state.players.map((p) => [p.score, p.game.streak])).toEqual([
      [21, 2],
      [10, 1],
    ]);
  });

  it('an answer under the floor counts as wrong (streak lost, moves on) and is flagged', () => {
    const state = accept(engine, engine.create(seed), 0, right(0), 1000);
    const early = engine.applyInput(state, 0, right(1), 1000 + PATTERN_PRO_MIN_ANSWER_MS - 1);
    expect(early).toMatchObject({ ok: true, outcome: { kind: 'wrong' } });
    expect(early.state.players[0]).toMatchObject({ score: 10, flags: 1, game: { puzzleIndex: 2, streak: 0 } });
    const onTime = accept(engine, state, 0, right(1), 1000 + PATTERN_PRO_MIN_ANSWER_MS);
    expect(onTime.players[0]).toMatchObject({ score: 21, flags: 0 });
  });

  it('rejects an option that was not offered, or a malformed choice', () => {
    const state = deepFreeze(engine.create(seed));
    const { puzzle } = patternPuzzle(seed, 0);
    const notOffered = ['●', '○', '▲', '■', '1', 'A', '2', '♠', 'Z'].find((o) => !puzzle.options.includes(o)) as string;
    for (const input of [
      choose(notOffered),
      choose(''),
      { type: 'choose', option: 1 },
      { type: 'choose', index: 0 },
      { type: 'choose', option: 'A'.repeat(100) },
    ]) {
      expect(rejectOf(engine, state, 0, input, 100)).toEqual({ ok: false, state, reason: 'invalid_input' });
    }
  });
});
