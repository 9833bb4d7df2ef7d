import fc from 'fast-check';
import { accept, deepFreeze, rejectOf } from '../testing/test-utils';
import {
  COLOR_OPTION_COUNT,
  COLOR_MATCH_MIN_ANSWER_MS,
  colorChallenge,
  colorMatchEngine as engine,
  MATCH_COLORS,
  type MatchColor,
} from './color-match';

const choose = (option: string) => ({ type: 'choose', option });
const seed = 'color-seed';

describe('color-match content', () => {
  it('offers four distinct colours including the answer once; the ink never gives the word away', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat({ max: 10_000 }), (anySeed, index) => {
        const { challenge, answer } = colorChallenge(anySeed, index);
        expect(challenge.options).toHaveLength(COLOR_OPTION_COUNT);
        expect(new Set(challenge.options).size).toBe(COLOR_OPTION_COUNT);
        expect(challenge.options.filter((o) => o === answer)).toHaveLength(1);
        for (const option of challenge.options) expect(MATCH_COLORS).toContain(option);
        if (challenge.mode === 'name_color') expect(challenge.shownColor).toBe(answer);
        else {
          expect(challenge.word).toBe(answer);
          expect(challenge.inkColor).not.toBe(answer);
        }
      }),
    );
  });

  it('alternates between the two modes at random (seeded)', () => {
    const modes = Array.from({ length: 200 }, (_, i) => colorChallenge(seed, i).challenge.mode);
    const named = modes.filter((m) => m === 'name_color').length;
    expect(named).toBeGreaterThan(60);
    expect(named).toBeLessThan(140);
    expect(modes).toEqual(Array.from({ length: 200 }, (_, i) => colorChallenge(seed, i).challenge.mode));
  });
});

describe('color-match scoring', () => {
  const right = (index: number) => choose(colorChallenge(seed, index).answer);
  const wrong = (index: number) => {
    const { challenge, answer } = colorChallenge(seed, index);
    return choose(challenge.options.find((o) => o !== answer) as MatchColor);
  };

  it('correct = 10 + streak, streak +1; wrong resets the streak and moves on', () => {
    let state = engine.create(seed);
    [right, right, wrong, right, right, right].forEach((make, index) => {
      state = accept(engine, state, 1, make(index), (index + 1) * 700);
    });
    // 10 + 11, then 0, then 10 + 11 + 12
    expect(engine.view(state, 1, state.nowMs)).toMatchObject({
      score: 54,
      game: { challengeIndex: 6, streak: 3, nextCorrectPoints: 13, answered: 6, correct: 5 },
    });
  });

  it('reading a colour word past a conflicting ink (Stroop) has a higher floor than naming a swatch', () => {
    expect(COLOR_MATCH_MIN_ANSWER_MS.match_word).toBeGreaterThan(COLOR_MATCH_MIN_ANSWER_MS.name_color);
  });

  it("an answer under its challenge's floor counts as wrong (streak lost, moves on) and is flagged", () => {
    let state = accept(engine, engine.create(seed), 0, right(0), 1000);
    const floorMs = COLOR_MATCH_MIN_ANSWER_MS[colorChallenge(seed, 1).challenge.mode];
    const early = engine.applyInput(state, 0, right(1), 1000 + floorMs - 1);
    expect(early).toMatchObject({ ok: true, outcome: { kind: 'wrong' } });
    expect(early.state.players[0]).toMatchObject({ score: 10, flags: 1, game: { challengeIndex: 2, streak: 0 } });
    state = accept(engine, state, 0, right(1), 1000 + floorMs);
    expect(state.players[0]).toMatchObject({ score: 21, flags: 0 });
  });

  it('rejects a colour that was not offered, or a malformed choice', () => {
    const state = deepFreeze(engine.create(seed));
    const notOffered = MATCH_COLORS.find((c) => !colorChallenge(seed, 0).challenge.options.includes(c)) as MatchColor;
    for (const input of [
      choose(notOffered),
      choose('pink'),
      choose('RED'),
      { type: 'choose' },
      { type: 'press', color: 'red' },
    ]) {
      expect(rejectOf(engine, state, 0, input, 10)).toEqual({ ok: false, state, reason: 'invalid_input' });
    }
  });
});
