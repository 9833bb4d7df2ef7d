import fc from 'fast-check';
import { accept, deepFreeze, rejectOf } from '../testing/test-utils';
import { MIN_HUMAN_REACTION_MS } from '../core/plausibility';
import {
  REACTION_FIRST_WAIT_MS,
  REACTION_SECOND_WAIT_MS,
  reactionDisplayScore,
  reactionGreenAtMs,
  reactionTimeEngine as engine,
  reactionWait,
} from './reaction-time';

type State = ReturnType<typeof engine.create>;
const REACT = { type: 'react' };
const seed = 'reaction-seed';

const greenAt = (state: State, player: 0 | 1) => reactionGreenAtMs(state.seed, state.players[player].game);

/** Reacts `reactionMs` after green, for the player's current round. */
function react(state: State, player: 0 | 1, reactionMs: number): State {
  return accept(engine, state, player, REACT, greenAt(state, player) + reactionMs);
}

/** Both players react with the given delays per round, applied in time order as a server would. */
function playBoth(state: State, reactionsMs: readonly [readonly number[], readonly number[]]): State {
  let current = state;
  const done = [0, 0];
  for (;;) {
    const candidates = ([0, 1] as const)
      .filter((p) => done[p] < reactionsMs[p].length)
      .map((p) => ({ p, atMs: greenAt(current, p) + (reactionsMs[p][done[p] as number] as number) }))
      .sort((a, b) => a.atMs - b.atMs);
    const next = candidates[0];
    if (next === undefined) return current;
    current = accept(engine, current, next.p, REACT, next.atMs);
    done[next.p] = (done[next.p] as number) + 1;
  }
}

describe('reaction-time content', () => {
  it('waits 2-5 s, then 1-2 s more, drawn from the seed', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 5 }), fc.nat({ max: 50 }), (anySeed, round, attempt) => {
        const { firstWaitMs, secondWaitMs } = reactionWait(anySeed, round, attempt);
        expect(Number.isInteger(firstWaitMs) && Number.isInteger(secondWaitMs)).toBe(true);
        expect(firstWaitMs).toBeGreaterThanOrEqual(REACTION_FIRST_WAIT_MS.min);
        expect(firstWaitMs).toBeLessThanOrEqual(REACTION_FIRST_WAIT_MS.max);
        expect(secondWaitMs).toBeGreaterThanOrEqual(REACTION_SECOND_WAIT_MS.min);
        expect(secondWaitMs).toBeLessThanOrEqual(REACTION_SECOND_WAIT_MS.max);
        expect(reactionWait(anySeed, round, attempt)).toEqual({ firstWaitMs, secondWaitMs });
      }),
    );
    const waits = new Set(Array.from({ length: 20 }, (_, i) => JSON.stringify(reactionWait(`s${i}`, 1, 0))));
    expect(waits.size).toBeGreaterThan(15);
  });
});

describe('reaction-time play', () => {
  it('turns green after both waits, without the view hinting when', () => {
    const state = engine.create(seed);
    const { firstWaitMs, secondWaitMs } = reactionWait(seed, 1, 0);
    const green = firstWaitMs + secondWaitMs;
    expect(greenAt(state, 0)).toBe(green);
    const before = engine.view(state, 0, green - 1);
    expect(before.game.phase).toBe('wait');
    expect(engine.view(state, 0, firstWaitMs + 1).game).toEqual(before.game); // no change between the two waits
    expect(engine.view(state, 0, green).game.phase).toBe('go');
    expect(JSON.stringify(before)).not.toContain(String(green));
    expect(engine.nextEventAtMs(state)).toBe(green);
  });

  it('scores 1000 minus the reaction time, never below 0', () => {
    let state = react(engine.create(seed), 0, 250);
    expect(state.players[0].score).toBe(750);
    state = react(state, 0, 1400);
    expect(state.players[0].score).toBe(750);
    expect(engine.view(state, 0, state.nowMs).game).toMatchObject({
      round: 3,
      reactionsMs: [250, 1400],
      lastReactionMs: 1400,
    });
  });

  it('starts the next round wait from the reaction', () => {
    const state = react(engine.create(seed), 0, 300);
    const { firstWaitMs, secondWaitMs } = reactionWait(seed, 2, 0);
    expect(greenAt(state, 0)).toBe(state.nowMs + firstWaitMs + secondWaitMs);
  });

  it('a click before green restarts the round with a new seeded wait from the click, the same for both players', () => {
    let state = engine.create(seed);
    const applied = engine.applyInput(state, 0, REACT, 1500);
    expect(applied).toMatchObject({ ok: true, outcome: { kind: 'early' } });
    state = applied.state;
    const { firstWaitMs, secondWaitMs } = reactionWait(seed, 1, 1);
    expect(state.players[0].game).toMatchObject({ round: 1, attempt: 1, roundStartedAtMs: 1500, earlyClicks: 1 });
    expect(greenAt(state, 0)).toBe(1500 + firstWaitMs + secondWaitMs);
    expect(state.players[0].score).toBe(0);
    state = accept(engine, state, 1, REACT, 1500);
    expect(greenAt(state, 1)).toBe(greenAt(state, 0));
  });

  it('a reaction under 100 ms after green costs the round like an early click, and is flagged', () => {
    const state = engine.create(seed);
    const tooFastAtMs = greenAt(state, 0) + MIN_HUMAN_REACTION_MS - 1;
    const applied = engine.applyInput(state, 0, REACT, tooFastAtMs);
    expect(applied).toMatchObject({ ok: true, outcome: { kind: 'early' } });
    expect(applied.state.players[0]).toMatchObject({
      score: 0,
      flags: 1,
      game: { round: 1, attempt: 1, roundStartedAtMs: tooFastAtMs, earlyClicks: 1, reactionsMs: [] },
    });
    // The round restarted with a fresh seeded wait: a retry 20 ms later is an early click, not a reaction.
    const { firstWaitMs, secondWaitMs } = reactionWait(seed, 1, 1);
    expect(greenAt(applied.state, 0)).toBe(tooFastAtMs + firstWaitMs + secondWaitMs);
    const retry = engine.applyInput(applied.state, 0, REACT, tooFastAtMs + 20);
    expect(retry).toMatchObject({ ok: true, outcome: { kind: 'early' } });
    expect(retry.state.players[0]).toMatchObject({ score: 0, flags: 1, game: { attempt: 2, earlyClicks: 2 } });
  });

  it('a reaction of exactly 100 ms after green counts', () => {
    const counted = react(engine.create(seed), 0, MIN_HUMAN_REACTION_MS);
    expect(counted.players[0]).toMatchObject({ score: 900, flags: 0, game: { round: 2 } });
  });

  it('a script retrying every 20 ms until it is over the floor never scores a round', () => {
    let state = engine.create(seed, { timeLimitMs: 120_000 });
    for (let atMs = 0; atMs < 120_000; atMs += 20) {
      const green = greenAt(state, 0);
      // It waits for green, then presses 5 ms after it, as a script would (the fair-play bots).
      if (atMs >= green) state = engine.applyInput(state, 0, REACT, Math.max(atMs, green + 5)).state;
    }
    expect(state.players[0].score).toBe(0);
    expect(state.players[0].game.reactionsMs).toEqual([]);
    expect(state.players[0].flags).toBeGreaterThan(10);
  });

  it('after round 5 the player is done, and the match waits for the other player', () => {
    let state = engine.create(seed, { timeLimitMs: 120_000 });
    state = playBoth(state, [[400, 400, 400, 400, 400], []]);
    expect(state.players[0]).toMatchObject({ status: 'completed', score: 3000 });
    expect(engine.result(state)).toBeNull();
    expect(rejectOf(engine, state, 0, REACT, state.nowMs + 1).reason).toBe('player_finished');
    expect(engine.view(state, 0, state.nowMs).game.phase).toBe('done');

    // Player 1 only starts now (round 1 long past green scores 0), finishes later, but with faster reactions:
    // the higher total wins once both are done, not the first to finish.
    state = accept(engine, state, 1, REACT, state.nowMs);
    expect(state.players[1].score).toBe(0);
    state = playBoth(state, [[], [150, 150, 150, 150]]);
    expect(engine.result(state)).toMatchObject({
      winner: 1,
      reason: 'completed',
      scores: [3000, 3400],
      displayScores: [60, 68],
    });
  });

  it('at time-up totals compare, done or not', () => {
    let state = engine.create(seed, { timeLimitMs: 60_000 });
    state = playBoth(state, [[400, 400, 400, 400, 400], [150]]);
    expect(engine.result(engine.tick(state, 60_000))).toMatchObject({
      winner: 0,
      reason: 'time_up',
      scores: [3000, 850],
    });
  });

  it('displays total / 5000 as a percentage', () => {
    expect(reactionDisplayScore(0)).toBe(0);
    expect(reactionDisplayScore(4500)).toBe(90);
    expect(reactionDisplayScore(1234)).toBe(25);
    expect(reactionDisplayScore(5000)).toBe(100);
  });

  it('accepts only exactly { type: "react" }', () => {
    const state = deepFreeze(engine.create(seed));
    for (const input of [{ type: 'react', reactionMs: 120 }, { type: 'click' }, { type: 'react', atMs: 5 }]) {
      expect(rejectOf(engine, state, 0, input, 10)).toEqual({ ok: false, state, reason: 'invalid_input' });
    }
  });
});
