import fc from 'fast-check';
import { accept, deepFreeze, rejectOf } from '../testing/test-utils';
import { WIZARD_WORDS, wizardWord, wordWizardEngine as engine, wordWizardMinAnswerMs } from './word-wizard';

const guess = (word: string) => ({ type: 'guess', word });
const seed = 'word-seed';
const sorted = (text: string) => [...text].sort().join('');

describe('word-wizard content', () => {
  it('scrambles a list word into an anagram that is never the word itself', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat({ max: 10_000 }), (anySeed, index) => {
        const { word, scrambled } = wizardWord(anySeed, index);
        expect(WIZARD_WORDS).toContain(word);
        expect(scrambled).not.toBe(word);
        expect(sorted(scrambled)).toBe(sorted(word));
      }),
      { numRuns: 3000 },
    );
  });

  it('falls back to a rotation that differs from every word', () => {
    for (const word of WIZARD_WORDS) expect(word.slice(1) + word.slice(0, 1)).not.toBe(word);
  });

  it('deals all eight words per block of eight, in a seeded order', () => {
    const block = Array.from({ length: 8 }, (_, i) => wizardWord(seed, 8 + i).word);
    expect([...block].sort()).toEqual([...WIZARD_WORDS].sort());
    expect(Array.from({ length: 8 }, (_, i) => wizardWord('other', i))).not.toEqual(
      Array.from({ length: 8 }, (_, i) => wizardWord(seed, i)),
    );
  });
});

describe('word-wizard play', () => {
  it('accepts the word case-insensitively and trimmed, +10, then a new word', () => {
    const first = wizardWord(seed, 0).word;
    const applied = engine.applyInput(engine.create(seed), 0, guess(`  ${first.toLowerCase()}\n`), 1000);
    expect(applied).toMatchObject({ ok: true, outcome: { kind: 'scored', points: 10 } });
    expect(engine.view(applied.state, 0, 1000)).toMatchObject({
      score: 10,
      game: { wordIndex: 1, scrambled: wizardWord(seed, 1).scrambled, answered: 1, correct: 1 },
    });
  });

  it('a longer word takes longer to type: its floor grows with its letters', () => {
    expect(wordWizardMinAnswerMs('JAVASCRIPT')).toBeGreaterThan(wordWizardMinAnswerMs('REACT'));
  });

  it('a guess under the floor counts as wrong, deals the next word and is flagged', () => {
    const first = wizardWord(seed, 0).word;
    const floorMs = wordWizardMinAnswerMs(first);
    const early = engine.applyInput(engine.create(seed), 0, guess(first), floorMs - 1);
    expect(early).toMatchObject({ ok: true, outcome: { kind: 'wrong' } });
    expect(early.state.players[0]).toMatchObject({ score: 0, flags: 1, game: { wordIndex: 1, correct: 0 } });
    expect(accept(engine, engine.create(seed), 0, guess(first), floorMs).players[0]).toMatchObject({
      score: 10,
      flags: 0,
    });
  });

  it('a wrong guess scores nothing but still deals the next word', () => {
    const state = accept(engine, engine.create(seed), 0, guess('NOTAWORD'), 1000);
    expect(engine.view(state, 0, 1000)).toMatchObject({ score: 0, game: { wordIndex: 1, answered: 1, correct: 0 } });
  });

  it('shows the scramble, never the word', () => {
    const view = engine.view(engine.create(seed), 1, 0);
    expect(Object.keys(view.game).sort()).toEqual(['active', 'answered', 'correct', 'scrambled', 'wordIndex']);
    expect(JSON.stringify(view)).not.toContain(`"${wizardWord(seed, 0).word}"`);
  });

  it('rejects empty, oversized or malformed guesses', () => {
    const state = deepFreeze(engine.create(seed));
    for (const input of [
      guess(''),
      guess('   '),
      guess('A'.repeat(65)),
      { type: 'guess', word: 5 },
      { type: 'guess', word: 'REACT', hint: true },
    ]) {
      expect(rejectOf(engine, state, 0, input, 10)).toEqual({ ok: false, state, reason: 'invalid_input' });
    }
  });
});
