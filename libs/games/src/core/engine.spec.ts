import { accept, deepFreeze, rejectOf } from '../testing/test-utils';
import { DEFAULT_TIME_LIMIT_MS, defineEngine, MAX_INPUTS_PER_WINDOW, type CompletionPolicy } from './engine';
import { MAX_SUSTAINED_INPUTS_PER_WINDOW, SUSTAINED_RATE_WINDOW_MS } from './plausibility';
import type { MatchState } from './types';
import { exactObject, isFiniteNumber } from './validate';

/** A scriptable game, so the shared match rules can be tested apart from any real game's content. */
type FakeInput =
  { type: 'score'; points: number } | { type: 'complete' } | { type: 'die' } | { type: 'wait' } | { type: 'cheat' };

function fakeEngine(completion: CompletionPolicy) {
  // `shownAtMs` records what the engine told the last step, so tests can check when an item counts as shown.
  return defineEngine<{ moves: number; shownAtMs: number }, FakeInput, { moves: number; active: boolean }>({
    id: 'number-rush',
    completion,
    parseInput: (raw) => {
      const scored = exactObject(raw, ['type', 'points']);
      if (scored?.['type'] === 'score' && isFiniteNumber(scored['points'])) {
        return { type: 'score', points: scored['points'] };
      }
      const bare = exactObject(raw, ['type']);
      const type = bare?.['type'];
      return type === 'complete' || type === 'die' || type === 'wait' || type === 'cheat' ? { type } : null;
    },
    initialGame: () => ({ moves: 0, shownAtMs: 0 }),
    step: ({ game, shownAtMs, input }) => {
      const moved = { moves: game.moves + 1, shownAtMs };
      switch (input.type) {
        case 'score':
          return {
            ok: true,
            game: moved,
            points: input.points,
            status: 'playing',
            outcome: { kind: 'scored', points: input.points },
          };
        case 'complete':
          return { ok: true, game: moved, points: 0, status: 'completed', outcome: { kind: 'progress' } };
        case 'die':
          return { ok: true, game: moved, points: 0, status: 'out', outcome: { kind: 'out' } };
        case 'wait':
          return { ok: false, reason: 'not_ready' };
        case 'cheat':
          // A game-detected answer under its floor: accepted as wrong, flagged by the engine.
          return { ok: true, game: moved, points: 0, status: 'playing', outcome: { kind: 'wrong' }, tooFast: true };
      }
    },
    displayScore: (score) => Math.min(100, score),
    gameView: ({ game, active }) => ({ moves: game.moves, active }),
  });
}

const engine = fakeEngine('wins_at_once');
const score = (points: number) => ({ type: 'score', points });
const COMPLETE = { type: 'complete' };
const DIE = { type: 'die' };

describe('create', () => {
  it('starts both players at zero with the default 30 s limit', () => {
    const state = engine.create('seed');
    expect(state.timeLimitMs).toBe(DEFAULT_TIME_LIMIT_MS);
    expect(DEFAULT_TIME_LIMIT_MS).toBe(30_000);
    expect(state.nowMs).toBe(0);
    expect(state.players.map((p) => [p.status, p.score, p.flags])).toEqual([
      ['playing', 0, 0],
      ['playing', 0, 0],
    ]);
    expect(engine.result(state)).toBeNull();
  });

  it('takes a custom time limit and refuses nonsense', () => {
    expect(engine.create('seed', { timeLimitMs: 60_000 }).timeLimitMs).toBe(60_000);
    for (const timeLimitMs of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 10 * 60 * 1000 + 1]) {
      expect(() => engine.create('seed', { timeLimitMs })).toThrow(RangeError);
    }
    expect(() => engine.create('')).toThrow(TypeError);
  });
});

describe('applyInput guards', () => {
  it('rejects a bad player slot or time without touching the state', () => {
    const state = deepFreeze(engine.create('seed'));
    expect(rejectOf(engine, state, 2 as unknown as 0, score(1), 10)).toEqual({
      ok: false,
      state,
      reason: 'invalid_player',
    });
    for (const atMs of [Number.NaN, -1, Number.POSITIVE_INFINITY]) {
      expect(rejectOf(engine, state, 0, score(1), atMs)).toEqual({ ok: false, state, reason: 'invalid_time' });
    }
  });

  it('rejects unknown shapes, extra fields and wrong types', () => {
    const state = deepFreeze(engine.create('seed'));
    const bad: unknown[] = [
      null,
      undefined,
      'score',
      42,
      [],
      { type: 'score' },
      { type: 'score', points: '5' },
      { type: 'score', points: 5, extra: true },
      { type: 'fly' },
      new (class {
        type = 'complete';
      })(),
    ];
    for (const input of bad)
      expect(rejectOf(engine, state, 0, input, 10)).toEqual({ ok: false, state, reason: 'invalid_input' });
  });

  it('rejects time going backwards and accepts equal times', () => {
    let state = accept(engine, engine.create('seed'), 0, score(1), 1000);
    state = accept(engine, state, 1, score(1), 1000);
    expect(rejectOf(engine, state, 1, score(5), 999).reason).toBe('time_backwards');
    expect(engine.scoreboard(state).scores).toEqual([1, 1]);
  });

  it('passes a game rejection through and changes nothing', () => {
    const state = deepFreeze(accept(engine, engine.create('seed'), 0, score(3), 100));
    expect(rejectOf(engine, state, 0, { type: 'wait' }, 200)).toEqual({ ok: false, state, reason: 'not_ready' });
  });

  it('accepts a game-detected too-fast answer as the step made it (no free retry) and counts a flag', () => {
    const state = accept(engine, engine.create('seed'), 0, score(3), 100);
    const applied = engine.applyInput(state, 0, { type: 'cheat' }, 200);
    expect(applied).toMatchObject({ ok: true, outcome: { kind: 'wrong' } });
    expect(applied.state.players[0].flags).toBe(1);
    expect(applied.state.players[0].score).toBe(3);
    expect(applied.state.players[0].game.moves).toBe(2);
    expect(applied.state.players[1].flags).toBe(0);
  });

  it("tells a step when the player's item was shown: their previous accepted input, or 0", () => {
    let state = accept(engine, engine.create('seed'), 0, score(1), 700);
    expect(state.players[0].game.shownAtMs).toBe(0);
    state = accept(engine, state, 1, score(1), 900); // the other player's input does not move it
    state = engine.applyInput(state, 0, { type: 'wait' }, 1000).state; // nor does a refused one
    state = accept(engine, state, 0, score(1), 1600);
    expect(state.players[0].game.shownAtMs).toBe(700);
    expect(state.players[1].game.shownAtMs).toBe(0);
  });

  it('never mutates the given state', () => {
    const state = deepFreeze(engine.create('seed'));
    const snapshot = JSON.stringify(state);
    const next = accept(engine, state, 0, score(5), 10);
    expect(JSON.stringify(state)).toBe(snapshot);
    expect(next).not.toBe(state);
    expect(() => engine.tick(state, 40_000)).not.toThrow();
  });

  it('refuses a state belonging to another game', () => {
    const other = { ...engine.create('seed'), gameId: 'quick-click' } as MatchState<{
      moves: number;
      shownAtMs: number;
    }>;
    expect(() => engine.applyInput(other, 0, score(1), 1)).toThrow(TypeError);
    expect(() => engine.view(other, 0, 1)).toThrow(TypeError);
  });
});

describe('rate limit (more than 20 inputs in a sliding second)', () => {
  it('accepts 20 inputs within one second and rejects the 21st, flagging it', () => {
    let state = engine.create('seed');
    for (let i = 0; i < MAX_INPUTS_PER_WINDOW; i++) state = accept(engine, state, 0, score(1), 1000 + i * 10);
    const rejected = rejectOf(engine, state, 0, score(1), 1500);
    expect(rejected.reason).toBe('too_fast');
    expect(rejected.state.players[0].flags).toBe(1);
    expect(rejected.state.players[0].score).toBe(20);
    // The window slides: once the first input is a full second old, input is accepted again.
    expect(rejectOf(engine, rejected.state, 0, score(1), 1999).reason).toBe('too_fast');
    const later = accept(engine, rejected.state, 0, score(1), 2000);
    expect(later.players[0].score).toBe(21);
    expect(later.players[0].flags).toBe(1);
  });

  it('lets 20 in one second through when the sustained rate stays human', () => {
    let state = engine.create('seed');
    for (let i = 0; i < MAX_INPUTS_PER_WINDOW; i++) state = accept(engine, state, 0, score(0), 5000 + i * 50);
    expect(state.players[0].flags).toBe(0);
  });

  it('limits each player separately', () => {
    let state = engine.create('seed');
    for (let i = 0; i < MAX_INPUTS_PER_WINDOW; i++) state = accept(engine, state, 0, score(1), 100 + i);
    expect(rejectOf(engine, state, 0, score(1), 200).reason).toBe('too_fast');
    expect(accept(engine, state, 1, score(1), 200).players[1].score).toBe(1);
  });
});

describe('sustained rate limit (more than 14 inputs a second over 3 s)', () => {
  it('lets a steady 14 per second through indefinitely', () => {
    let state = engine.create('seed');
    for (let i = 0; i < 400; i++) state = accept(engine, state, 0, score(0), Math.floor((i * 1000) / 14));
    expect(state.players[0].flags).toBe(0);
    expect(state.players[0].recentInputsAtMs.length).toBeLessThanOrEqual(MAX_SUSTAINED_INPUTS_PER_WINDOW);
  });

  it('refuses and flags a steady 19 per second once 3 s hold more than 42 inputs; slowing down is accepted again', () => {
    let state = engine.create('seed');
    let atMs = 0;
    const refusedAtMs: number[] = [];
    for (let i = 0; i < 60; i++, atMs += 52) {
      const applied = engine.applyInput(state, 0, score(1), atMs);
      state = applied.state;
      if (!applied.ok) {
        expect(applied.reason).toBe('too_fast');
        refusedAtMs.push(atMs);
      }
    }
    expect(refusedAtMs[0]).toBe(MAX_SUSTAINED_INPUTS_PER_WINDOW * 52);
    expect(refusedAtMs[0]).toBeLessThan(SUSTAINED_RATE_WINDOW_MS);
    expect(state.players[0].flags).toBe(refusedAtMs.length);
    expect(state.players[0].score).toBe(60 - refusedAtMs.length);
    // At 3 s past the first of the last 42 accepted inputs there is room again.
    const [firstKept = 0] = state.players[0].recentInputsAtMs;
    expect(accept(engine, state, 0, score(1), firstKept + SUSTAINED_RATE_WINDOW_MS).players[0].score).toBe(
      state.players[0].score + 1,
    );
  });
});

describe('time-up', () => {
  it('ends at timeLimitMs via tick with the higher score winning', () => {
    let state = accept(engine, engine.create('seed'), 0, score(30), 1000);
    state = accept(engine, state, 1, score(40), 2000);
    expect(engine.result(engine.tick(state, 29_999))).toBeNull();
    const ended = engine.tick(state, 30_250);
    expect(engine.result(ended)).toEqual({
      finished: true,
      winner: 1,
      scores: [30, 40],
      displayScores: [30, 40],
      reason: 'time_up',
      endedAtMs: 30_000,
      flags: [0, 0],
    });
  });

  it('ties on equal scores (including nobody scoring)', () => {
    expect(engine.result(engine.tick(engine.create('seed'), 30_000))?.winner).toBe('tie');
    let state = accept(engine, engine.create('seed'), 0, score(10), 1);
    state = accept(engine, state, 1, score(10), 2);
    expect(engine.result(engine.tick(state, 30_000))).toMatchObject({ winner: 'tie', reason: 'time_up' });
  });

  it('decides on raw scores, not the capped display', () => {
    let state = accept(engine, engine.create('seed'), 0, score(150), 1);
    state = accept(engine, state, 1, score(120), 2);
    expect(engine.result(engine.tick(state, 30_000))).toMatchObject({ winner: 0, displayScores: [100, 100] });
  });

  it('an input at or after the limit is rejected and returns the timed-up state', () => {
    const state = accept(engine, engine.create('seed'), 0, score(5), 1);
    const rejected = rejectOf(engine, state, 1, score(50), 30_000);
    expect(rejected.reason).toBe('match_finished');
    expect(engine.result(rejected.state)).toMatchObject({ winner: 0, reason: 'time_up', scores: [5, 0] });
  });

  it('after the end every input is rejected and tick is a no-op', () => {
    const ended = engine.tick(engine.create('seed'), 31_000);
    expect(rejectOf(engine, ended, 0, score(1), 31_500).reason).toBe('match_finished');
    expect(engine.tick(ended, 40_000)).toBe(ended);
    expect(engine.nextEventAtMs(ended)).toBeNull();
  });

  it('ignores a tick that goes back in time', () => {
    const state = accept(engine, engine.create('seed'), 0, score(1), 5000);
    expect(engine.tick(state, 4000)).toBe(state);
  });

  it('schedules the time-up as the next event when nothing else is pending', () => {
    expect(engine.nextEventAtMs(engine.create('seed', { timeLimitMs: 12_000 }))).toBe(12_000);
  });
});

describe('match end', () => {
  it('wins_at_once: the first to complete wins immediately, whatever the scores', () => {
    let state = accept(engine, engine.create('seed'), 1, score(90), 100);
    state = accept(engine, state, 0, COMPLETE, 200);
    expect(engine.result(state)).toMatchObject({ winner: 0, reason: 'completed', endedAtMs: 200 });
    expect(rejectOf(engine, state, 1, score(1), 300).reason).toBe('match_finished');
  });

  it('a game-ending mistake ends only that player; the other plays on', () => {
    let state = accept(engine, engine.create('seed'), 0, score(20), 100);
    state = accept(engine, state, 0, DIE, 200);
    expect(engine.result(state)).toBeNull();
    expect(state.players[0]).toMatchObject({ status: 'out', score: 20, finishedAtMs: 200 });
    expect(rejectOf(engine, state, 0, score(5), 300).reason).toBe('player_finished');
    state = accept(engine, state, 1, score(30), 400);
    expect(engine.result(engine.tick(state, 30_000))).toMatchObject({ winner: 1, scores: [20, 30], reason: 'time_up' });
  });

  it('both out: decided at once by score, ties allowed', () => {
    let state = accept(engine, engine.create('seed'), 0, score(20), 100);
    state = accept(engine, state, 0, DIE, 200);
    state = accept(engine, state, 1, score(10), 300);
    state = accept(engine, state, 1, DIE, 400);
    expect(engine.result(state)).toMatchObject({ winner: 0, reason: 'both_out', endedAtMs: 400 });

    let even = accept(engine, engine.create('seed'), 0, DIE, 100);
    even = accept(engine, even, 1, DIE, 200);
    expect(engine.result(even)).toMatchObject({ winner: 'tie', reason: 'both_out' });
  });

  it('when_all_done: completing waits for the other player, then the higher score wins', () => {
    const patient = fakeEngine('when_all_done');
    let state = accept(patient, patient.create('seed'), 0, score(10), 100);
    state = accept(patient, state, 0, COMPLETE, 200);
    expect(patient.result(state)).toBeNull();
    state = accept(patient, state, 1, score(25), 300);
    state = accept(patient, state, 1, COMPLETE, 400);
    expect(patient.result(state)).toMatchObject({ winner: 1, reason: 'completed', endedAtMs: 400 });
  });
});

describe('view and scoreboard', () => {
  it('shows own and opponent standing and the time left', () => {
    let state = accept(engine, engine.create('seed'), 0, score(12), 1000);
    state = accept(engine, state, 1, score(7), 2000);
    const view = engine.view(state, 1, 2500);
    expect(view).toMatchObject({
      player: 1,
      status: 'playing',
      score: 7,
      displayScore: 7,
      opponent: { status: 'playing', displayScore: 12 },
      timeLeftMs: 27_500,
      result: null,
      game: { moves: 1, active: true },
    });
    expect(engine.scoreboard(state)).toEqual({
      statuses: ['playing', 'playing'],
      scores: [12, 7],
      displayScores: [12, 7],
      flags: [0, 0],
      result: null,
    });
  });

  it('freezes at the end: no time left, game inactive', () => {
    const ended = accept(engine, engine.create('seed'), 0, COMPLETE, 5000);
    const view = engine.view(ended, 1, 9000);
    expect(view.timeLeftMs).toBe(25_000);
    expect(view.game.active).toBe(false);
    expect(view.result?.winner).toBe(0);
  });

  it('is plain JSON: a state survives a round trip and plays on identically', () => {
    const state = accept(engine, engine.create('seed'), 0, score(3), 10);
    const copy = JSON.parse(JSON.stringify(state)) as typeof state;
    expect(copy).toEqual(state);
    expect(engine.applyInput(copy, 1, score(4), 20)).toEqual(engine.applyInput(state, 1, score(4), 20));
  });
});
