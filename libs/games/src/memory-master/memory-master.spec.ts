import fc from 'fast-check';
import { MIN_HUMAN_REACTION_MS } from '../core/plausibility';
import { accept, deepFreeze, rejectOf } from '../testing/test-utils';
import {
  MEMORY_COLORS,
  MEMORY_MASTER_MIN_PRESS_MS,
  MEMORY_ROUNDS,
  memoryInputOpensAtMs,
  memoryMasterEngine as engine,
  memorySequence,
  type MemoryColor,
} from './memory-master';

type State = ReturnType<typeof engine.create>;
const press = (color: MemoryColor) => ({ type: 'press', color });
const seed = 'memory-seed';

/** Plays `player`'s current round correctly, starting 300 ms after input opens, one press per 300 ms. */
function playRound(state: State, player: 0 | 1, fromMs = 0): { state: State; atMs: number } {
  const game = state.players[player].game;
  let atMs = Math.max(fromMs, memoryInputOpensAtMs(game) + 300);
  let current = state;
  for (const color of memorySequence(seed, game.round)) {
    current = accept(engine, current, player, press(color), atMs);
    atMs += 300;
  }
  return { state: current, atMs: atMs - 300 };
}

function wrongColor(color: MemoryColor): MemoryColor {
  return MEMORY_COLORS.find((c) => c !== color) as MemoryColor;
}

describe('memory-master content', () => {
  it('has length round + 2, drawn from the six colours', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: MEMORY_ROUNDS }), (anySeed, round) => {
        const sequence = memorySequence(anySeed, round);
        expect(sequence).toHaveLength(round + 2);
        for (const color of sequence) expect(MEMORY_COLORS).toContain(color);
      }),
    );
    expect(memorySequence(seed, 1)).toEqual(memorySequence(seed, 1));
    expect(Array.from({ length: 5 }, (_, r) => memorySequence('x', r + 1))).not.toEqual(
      Array.from({ length: 5 }, (_, r) => memorySequence('y', r + 1)),
    );
  });
});

describe('memory-master display phase', () => {
  it('waits 1 s, then shows one colour per second, then hides the sequence for input', () => {
    const state = engine.create(seed);
    const sequence = memorySequence(seed, 1);
    expect(engine.view(state, 0, 500).game).toMatchObject({ phase: 'get_ready', shownColor: null, shownIndex: null });
    sequence.forEach((color, index) => {
      expect(engine.view(state, 0, 1000 + index * 1000).game).toMatchObject({
        phase: 'showing',
        shownColor: color,
        shownIndex: index,
      });
      expect(engine.view(state, 0, 1999 + index * 1000).game).toMatchObject({ shownColor: color, shownIndex: index });
    });
    const input = engine.view(state, 0, 4000).game;
    expect(input).toMatchObject({
      phase: 'input',
      shownColor: null,
      shownIndex: null,
      inputOpensAtMs: 4000,
      sequenceLength: 3,
    });
    // The only sequence data in a view is the single colour on screen now.
    expect(Object.keys(engine.view(state, 0, 1500).game).sort()).toEqual([
      'colors',
      'inputOpensAtMs',
      'phase',
      'pressed',
      'round',
      'sequenceLength',
      'shownColor',
      'shownIndex',
      'totalRounds',
    ]);
    expect(engine.view(state, 0, 1500).game.colors).toEqual(MEMORY_COLORS);
  });

  it('rejects presses before input opens as not_ready, changing nothing', () => {
    const state = deepFreeze(engine.create(seed));
    const first = memorySequence(seed, 1)[0] as MemoryColor;
    for (const atMs of [0, 999, 2500, 3999]) {
      expect(rejectOf(engine, state, 0, press(first), atMs)).toEqual({ ok: false, state, reason: 'not_ready' });
    }
    expect(accept(engine, state, 0, press(first), 4000 + MIN_HUMAN_REACTION_MS).players[0].game.pressed).toBe(1);
  });

  it('a first press under the reaction floor after input opens is a wrong press: out, and flagged', () => {
    const state = engine.create(seed);
    const first = memorySequence(seed, 1)[0] as MemoryColor;
    const applied = engine.applyInput(state, 0, press(first), memoryInputOpensAtMs(state.players[0].game) + 99);
    expect(applied).toMatchObject({ ok: true, outcome: { kind: 'out' } });
    expect(applied.state.players[0]).toMatchObject({ status: 'out', score: 0, flags: 1 });
  });

  it('a press under the floor after the previous one is a wrong press: out, and flagged', () => {
    const [first, second] = memorySequence(seed, 1) as [MemoryColor, MemoryColor];
    const firstAtMs = memoryInputOpensAtMs(engine.create(seed).players[0].game) + 400;
    const state = accept(engine, engine.create(seed), 0, press(first), firstAtMs);
    const early = engine.applyInput(state, 0, press(second), firstAtMs + MEMORY_MASTER_MIN_PRESS_MS - 1);
    expect(early).toMatchObject({ ok: true, outcome: { kind: 'out' } });
    expect(early.state.players[0]).toMatchObject({ status: 'out', flags: 1 });
    const onTime = accept(engine, state, 0, press(second), firstAtMs + MEMORY_MASTER_MIN_PRESS_MS);
    expect(onTime.players[0]).toMatchObject({ status: 'playing', flags: 0, game: { pressed: 2 } });
  });

  it('tells the server when the display changes next', () => {
    const state = engine.create(seed);
    expect(engine.nextEventAtMs(state)).toBe(1000);
    expect(engine.nextEventAtMs(engine.tick(state, 1000))).toBe(2000);
    expect(engine.nextEventAtMs(engine.tick(state, 3500))).toBe(4000);
    expect(engine.nextEventAtMs(engine.tick(state, 4000))).toBe(30_000);
  });
});

describe('memory-master rounds', () => {
  it('completing a round gives +10 and starts the next display phase at that moment', () => {
    const { state, atMs } = playRound(engine.create(seed), 0);
    expect(state.players[0].score).toBe(10);
    expect(state.players[0].game).toEqual({ round: 2, roundStartedAtMs: atMs, pressed: 0 });
    const view = engine.view(state, 0, atMs + 1000);
    expect(view.game).toMatchObject({
      round: 2,
      sequenceLength: 4,
      phase: 'showing',
      shownColor: memorySequence(seed, 2)[0],
    });
    expect(view.game.inputOpensAtMs).toBe(atMs + 1000 + 4 * 1000);
  });

  it('a wrong press ends only that player, with their score; the other keeps playing', () => {
    let state = playRound(engine.create(seed), 0).state;
    const game = state.players[0].game;
    const expected = memorySequence(seed, 2)[0] as MemoryColor;
    const applied = engine.applyInput(state, 0, press(wrongColor(expected)), memoryInputOpensAtMs(game));
    expect(applied).toMatchObject({ ok: true, outcome: { kind: 'out' } });
    state = applied.state;
    expect(state.players[0]).toMatchObject({ status: 'out', score: 10 });
    expect(engine.result(state)).toBeNull();
    expect(engine.view(state, 0, state.nowMs).game.phase).toBe('done');
    expect(rejectOf(engine, state, 0, press(expected), state.nowMs + 1).reason).toBe('player_finished');
    // Player 1 plays on and overtakes.
    state = playRound(state, 1, state.nowMs).state;
    state = playRound(state, 1, state.nowMs).state;
    expect(engine.result(engine.tick(state, 30_000))).toMatchObject({ winner: 1, scores: [10, 20], reason: 'time_up' });
  });

  it('both out: decided at once by score', () => {
    let state = playRound(engine.create(seed), 1).state;
    const first = memorySequence(seed, 1)[0] as MemoryColor;
    state = accept(engine, state, 0, press(wrongColor(first)), state.nowMs);
    const round2First = memorySequence(seed, 2)[0] as MemoryColor;
    state = accept(engine, state, 1, press(wrongColor(round2First)), memoryInputOpensAtMs(state.players[1].game));
    expect(engine.result(state)).toMatchObject({ winner: 1, reason: 'both_out', scores: [0, 10] });
  });

  it('finishing round 5 completes the game, displays 100 and wins at once', () => {
    let state = engine.create(seed, { timeLimitMs: 120_000 });
    let atMs = 0;
    for (let round = 1; round <= MEMORY_ROUNDS; round++) ({ state, atMs } = playRound(state, 0, atMs));
    expect(engine.result(state)).toEqual({
      finished: true,
      winner: 0,
      scores: [50, 0],
      displayScores: [100, 0],
      reason: 'completed',
      endedAtMs: atMs,
      flags: [0, 0],
    });
  });

  it('with the default 30 s limit round 5 cannot be reached: its display phases alone fill the time', () => {
    // Documented consequence of the product's 1 s per colour plus 1 s wait (docs/product/games.md#memory-master): 5 x 1
    // s + (3+4+5+6+7) s = 30 s.
    let state = engine.create(seed);
    let atMs = 0;
    for (let round = 1; round <= 4; round++) ({ state, atMs } = playRound(state, 0, atMs));
    expect(memoryInputOpensAtMs(state.players[0].game)).toBeGreaterThanOrEqual(30_000);
    expect(engine.result(engine.tick(state, 30_000))).toMatchObject({ reason: 'time_up', winner: 0, scores: [40, 0] });
  });

  it('accepts only a press of one of the six colours', () => {
    const state = deepFreeze(engine.create(seed));
    for (const input of [
      press('pink' as MemoryColor),
      { type: 'press', color: 'RED' },
      { type: 'press' },
      { type: 'press', color: 'red', index: 0 },
      { type: 'click' },
    ]) {
      expect(rejectOf(engine, state, 0, input, 5000)).toEqual({ ok: false, state, reason: 'invalid_input' });
    }
  });
});
