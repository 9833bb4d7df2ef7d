import { GAME_IDS, type GameId } from '@skillduel/contracts';
import fc from 'fast-check';
import { MATCH_COLORS } from './color-match/color-match';
import type { MatchState, PlayerSlot } from './core/types';
import { MEMORY_COLORS } from './memory-master/memory-master';
import { PATTERN_SEQUENCES } from './pattern-pro/pattern-pro';
import { type AnyGameEngine, GAME_ENGINES, getEngine, isGameId } from './registry';
import type { TimedInput } from './testing/test-utils';
import { WIZARD_WORDS } from './word-wizard/word-wizard';

/** Inputs of the right shape (right or wrong answers) for each game, to drive random matches. */
const plausibleInput: { readonly [K in GameId]: fc.Arbitrary<unknown> } = {
  'quick-click': fc.constant({ type: 'click' }),
  'number-rush': fc.record({ type: fc.constant('answer'), value: fc.integer({ min: 0, max: 150 }) }),
  'memory-master': fc.record({ type: fc.constant('press'), color: fc.constantFrom(...MEMORY_COLORS) }),
  'pattern-pro': fc.record({
    type: fc.constant('choose'),
    option: fc.constantFrom(...new Set(PATTERN_SEQUENCES.flatMap((s) => [...s.items, ...s.decoys]))),
  }),
  'word-wizard': fc.record({ type: fc.constant('guess'), word: fc.constantFrom(...WIZARD_WORDS, 'nope', ' react ') }),
  'reaction-time': fc.constant({ type: 'react' }),
  'color-match': fc.record({ type: fc.constant('choose'), option: fc.constantFrom(...MATCH_COLORS) }),
};

function timedInputs(id: GameId): fc.Arbitrary<TimedInput[]> {
  const player = fc.constantFrom<PlayerSlot>(0, 1);
  const single = fc
    .record({
      player,
      input: fc.oneof({ weight: 4, arbitrary: plausibleInput[id] }, { weight: 1, arbitrary: fc.anything() }),
      gapMs: fc.oneof(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 4000 })),
    })
    .map((step) => [step]);
  // An auto-clicker: one player, many plausible inputs a few ms apart, to reach the 20-per-second limit.
  const burst = fc
    .record({
      player,
      input: plausibleInput[id],
      count: fc.integer({ min: 15, max: 40 }),
      gapMs: fc.integer({ min: 0, max: 40 }),
    })
    .map(({ count, ...step }) => Array.from({ length: count }, () => step));
  return fc
    .array(fc.oneof({ weight: 5, arbitrary: single }, { weight: 1, arbitrary: burst }), { maxLength: 40, size: 'max' })
    .map((groups) => {
      let atMs = 0;
      return groups.flat().map(({ player: slot, input, gapMs }) => ({ player: slot, input, atMs: (atMs += gapMs) }));
    });
}

const SECRET_SEED = 'SECRET-SEED-7f3a9c';

describe('registry', () => {
  it('has exactly the seven game ids, each engine under its own id', () => {
    expect(Object.keys(GAME_ENGINES).sort()).toEqual([...GAME_IDS].sort());
    for (const id of GAME_IDS) expect(getEngine(id).id).toBe(id);
  });

  it('isGameId accepts only the seven ids', () => {
    for (const id of GAME_IDS) expect(isGameId(id)).toBe(true);
    for (const value of ['room-123', '', 'Quick-Click', 'quick_click', 5, null, undefined, {}])
      expect(isGameId(value)).toBe(false);
    expect(() => getEngine('chess' as GameId)).toThrow(RangeError);
  });

  it('lets the server hold any engine by a runtime id, and refuses a state from another game', () => {
    const engines: AnyGameEngine[] = GAME_IDS.map((id) => getEngine(id));
    const quickClickState = engines[0]?.create('s') as MatchState<unknown>;
    expect(() => engines[1]?.applyInput(quickClickState, 0, {}, 1)).toThrow(TypeError);
  });
});

describe.each(GAME_IDS)('%s engine contract', (id) => {
  const engine: AnyGameEngine = getEngine(id);

  it('same seed and inputs give the same match; a JSON round trip mid-match changes nothing', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), timedInputs(id), (seed, inputs) => {
        const run = (from: MatchState<unknown>, list: readonly TimedInput[]) =>
          list.reduce((s, { player, input, atMs }) => engine.applyInput(s, player, input, atMs).state, from);
        const whole = run(engine.create(seed), inputs);
        expect(run(engine.create(seed), inputs)).toEqual(whole);
        const half = Math.floor(inputs.length / 2);
        const persisted = JSON.parse(
          JSON.stringify(run(engine.create(seed), inputs.slice(0, half))),
        ) as MatchState<unknown>;
        expect(run(persisted, inputs.slice(half))).toEqual(whole);
      }),
      { numRuns: 40 },
    );
  });

  it('different seeds give different content', () => {
    const script: TimedInput[] = [];
    fc.sample(timedInputs(id), { numRuns: 1, seed: 42 })[0]?.forEach((step) => script.push(step));
    const fingerprints = new Set(
      Array.from({ length: 8 }, (_, i) => {
        let state = engine.create(`seed-${i}`);
        const views = [0, 1500, 4500, 9000].map((t) => engine.view(state, 0, t).game);
        for (const { player, input, atMs } of script) state = engine.applyInput(state, player, input, atMs).state;
        return JSON.stringify([views, engine.scoreboard(state), engine.view(state, 1, state.nowMs).game]);
      }),
    );
    expect(fingerprints.size).toBeGreaterThan(1);
  });

  it('rejected inputs never change scores or progress; scores never fall; views stay in range and keep the seed secret', () => {
    fc.assert(
      fc.property(timedInputs(id), (inputs) => {
        // Plain checks collected per run: thousands of expect() calls per property would dominate the run time.
        const violations: string[] = [];
        let state = engine.create(SECRET_SEED);
        inputs.forEach(({ player, input, atMs }, index) => {
          const applied = engine.applyInput(state, player, input, atMs);
          const [before, after] = [state, applied.state];
          for (const slot of [0, 1] as const) {
            const [was, now] = [before.players[slot], after.players[slot]];
            const at = `step ${index}, player ${slot}`;
            if (now.score < was.score) violations.push(`${at}: score fell`);
            if (!applied.ok) {
              const flagged = applied.reason === 'too_fast' && slot === player ? 1 : 0;
              if (now.score !== was.score) violations.push(`${at}: ${applied.reason} changed the score`);
              if (now.status !== was.status) violations.push(`${at}: ${applied.reason} changed the status`);
              if (JSON.stringify(now.game) !== JSON.stringify(was.game))
                violations.push(`${at}: ${applied.reason} changed the game`);
              if (now.flags !== was.flags + flagged)
                violations.push(`${at}: ${applied.reason} flags ${was.flags} -> ${now.flags}`);
            }
            const view = engine.view(after, slot, atMs);
            const { displayScore } = view;
            if (!Number.isInteger(displayScore) || displayScore < 0 || displayScore > 100) {
              violations.push(`${at}: display score ${displayScore}`);
            }
            if (JSON.stringify(view).includes('SECRET-SEED')) violations.push(`${at}: view leaks the seed`);
          }
          state = after;
        });
        expect(violations).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });

  it('rejects any input that is not one of its shapes with invalid_input, leaving the state as it was', () => {
    const state = engine.create('garbage');
    fc.assert(
      fc.property(fc.anything(), (input) => {
        fc.pre(engine.parseInput(input) === null);
        expect(engine.applyInput(state, 0, input, 100)).toEqual({ ok: false, state, reason: 'invalid_input' });
      }),
    );
  });

  it('ends at the default 30 s time limit via tick', () => {
    const state = engine.create('time');
    expect(engine.result(engine.tick(state, 29_999))).toBeNull();
    expect(engine.result(engine.tick(state, 30_000))).toMatchObject({
      finished: true,
      reason: 'time_up',
      winner: 'tie',
      endedAtMs: 30_000,
    });
  });
});
