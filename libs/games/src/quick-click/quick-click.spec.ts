import fc from 'fast-check';
import { accept, deepFreeze, rejectOf } from '../testing/test-utils';
import {
  QUICK_CLICK_TARGET_MAX,
  QUICK_CLICK_TARGET_MIN,
  quickClickDisplayScore,
  quickClickEngine as engine,
  quickClickTarget,
} from './quick-click';

const CLICK = { type: 'click' };

/** Clicks `count` times at a human 10 per second, starting at `fromMs`. */
function clicks(state: ReturnType<typeof engine.create>, player: 0 | 1, count: number, fromMs: number) {
  let current = state;
  for (let i = 0; i < count; i++) current = accept(engine, current, player, CLICK, fromMs + i * 100);
  return current;
}

describe('quick-click', () => {
  it('draws a target of 50-149 clicks from the seed, the same for both players', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (seed) => {
        const target = quickClickTarget(seed);
        expect(target).toBeGreaterThanOrEqual(QUICK_CLICK_TARGET_MIN);
        expect(target).toBeLessThanOrEqual(QUICK_CLICK_TARGET_MAX);
        expect(Number.isInteger(target)).toBe(true);
        const state = engine.create(seed);
        expect(engine.view(state, 0, 0).game.targetClicks).toBe(target);
        expect(engine.view(state, 1, 0).game.targetClicks).toBe(target);
      }),
    );
  });

  it('varies the target with the seed', () => {
    const targets = new Set(Array.from({ length: 50 }, (_, i) => quickClickTarget(`seed-${i}`)));
    expect(targets.size).toBeGreaterThan(20);
  });

  it('counts clicks and displays them as a share of the target', () => {
    const state = clicks(engine.create('a1b2'), 0, 10, 0);
    const target = quickClickTarget('a1b2');
    const view = engine.view(state, 0, 1000);
    expect(view.score).toBe(10);
    expect(view.game).toEqual({ targetClicks: target, clicks: 10, remainingClicks: target - 10, active: true });
    expect(view.displayScore).toBe(Math.round((10 / target) * 100));
  });

  it('reaching the target completes with display 100 and wins at once', () => {
    const seed = 'reach';
    const target = quickClickTarget(seed);
    let state = clicks(engine.create(seed, { timeLimitMs: 60_000 }), 1, 40, 0);
    state = clicks(state, 0, target - 1, 5000);
    expect(engine.result(state)).toBeNull();
    const finalClickAtMs = 5000 + target * 100;
    state = accept(engine, state, 0, CLICK, finalClickAtMs);
    expect(engine.result(state)).toEqual({
      finished: true,
      winner: 0,
      scores: [target, 40],
      displayScores: [100, quickClickDisplayScore(40, target)],
      reason: 'completed',
      endedAtMs: finalClickAtMs,
      flags: [0, 0],
    });
    expect(rejectOf(engine, state, 1, CLICK, finalClickAtMs + 1).reason).toBe('match_finished');
  });

  it('at time-up the player with more clicks wins', () => {
    let state = engine.create('slow');
    for (let i = 0; i < 30; i++) {
      state = accept(engine, state, 0, CLICK, i * 200);
      state = accept(engine, state, 1, CLICK, i * 200 + 100);
    }
    state = accept(engine, state, 1, CLICK, 6100);
    expect(engine.result(engine.tick(state, 30_000))).toMatchObject({ winner: 1, reason: 'time_up', scores: [30, 31] });
  });

  it('rejects an auto-clicker beyond 20 clicks per second and flags it', () => {
    let state = engine.create('bot');
    let accepted = 0;
    for (let i = 0; i < 50; i++) {
      const applied = engine.applyInput(state, 0, CLICK, 1000 + i * 20); // 50 per second
      state = applied.state;
      if (applied.ok) accepted++;
    }
    expect(accepted).toBe(20);
    expect(state.players[0].score).toBe(20);
    expect(state.players[0].flags).toBe(30);
  });

  it('holds a steady 19 clicks per second (under the burst cap) to 14/s sustained, refusing and flagging the rest', () => {
    let state = engine.create('bot', { timeLimitMs: 60_000 });
    let accepted = 0;
    for (let atMs = 0; atMs < 6000; atMs += 52) {
      const applied = engine.applyInput(state, 0, CLICK, atMs);
      state = applied.state;
      if (applied.ok) accepted++;
    }
    expect(accepted).toBeLessThanOrEqual(6 * 14);
    expect(state.players[0].flags).toBe(Math.ceil(6000 / 52) - accepted);
    expect(state.players[0].flags).toBeGreaterThan(20);
  });

  it('never refuses a fast human clicking a steady 12 per second', () => {
    let state = engine.create('human');
    // One short of the smallest target, so the match is still running; over 4 s, more than one 3 s window.
    for (let i = 0; i < QUICK_CLICK_TARGET_MIN - 1; i++)
      state = accept(engine, state, 0, CLICK, Math.round((i * 1000) / 12));
    expect(state.players[0]).toMatchObject({ score: QUICK_CLICK_TARGET_MIN - 1, flags: 0 });
  });

  it('accepts only exactly { type: "click" }', () => {
    const state = deepFreeze(engine.create('strict'));
    for (const input of [{ type: 'click', count: 5 }, { type: 'Click' }, { type: 'press' }, 'click', {}]) {
      expect(rejectOf(engine, state, 0, input, 1)).toEqual({ ok: false, state, reason: 'invalid_input' });
    }
    expect(engine.parseInput(Object.assign(Object.create(null) as object, { type: 'click' }))).toEqual(CLICK);
  });
});
