import {
  botScoreAt,
  createBot,
  memorySequence,
  quickClickTarget,
  reactionGreenAtMs,
  type ReactionTimeGame,
} from '@skillduel/games';
import {
  IDLE,
  loopDelayMs,
  MAX_LOOP_DELAY_MS,
  practiceReducer,
  type PracticeAction,
  type PracticeState,
} from './practiceMatch';

const SEED = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

function run(actions: readonly PracticeAction[], from: PracticeState = IDLE): PracticeState {
  return actions.reduce(practiceReducer, from);
}

function playing(
  gameId: 'quick-click' | 'number-rush' | 'memory-master' | 'reaction-time',
  timeLimitMs = 30_000,
): PracticeState {
  return run([
    { type: 'start' },
    { type: 'countdownTick' },
    { type: 'countdownTick' },
    { type: 'play', gameId, seed: SEED, timeLimitMs },
  ]);
}

describe('practice match reducer', () => {
  it('counts down 3-2-1, then plays a fresh match with both scores at zero', () => {
    const countdown = practiceReducer(IDLE, { type: 'start' });
    expect(countdown).toEqual({ phase: 'countdown', secondsLeft: 3 });
    expect(practiceReducer(countdown, { type: 'countdownTick' })).toEqual({ phase: 'countdown', secondsLeft: 2 });

    const state = playing('quick-click');
    expect(state.phase).toBe('playing');
    if (state.phase !== 'playing') return;
    expect(state.run.match.seed).toBe(SEED);
    expect(state.run.match.timeLimitMs).toBe(30_000);
    expect(state.run.botScore).toBe(0);
    expect(state.run.clockMs).toBe(0);
  });

  it('ignores inputs and clocks outside play, and play outside the countdown', () => {
    expect(practiceReducer(IDLE, { type: 'input', input: { type: 'click' }, atMs: 10 })).toBe(IDLE);
    expect(practiceReducer(IDLE, { type: 'clock', atMs: 10 })).toBe(IDLE);
    expect(practiceReducer(IDLE, { type: 'play', gameId: 'quick-click', seed: SEED, timeLimitMs: 30_000 })).toBe(IDLE);
    expect(practiceReducer(IDLE, { type: 'reset' })).toBe(IDLE);
  });

  it('keeps the same state when nothing visible changes, so React skips the render', () => {
    const state = playing('number-rush');
    expect(practiceReducer(state, { type: 'clock', atMs: 40 })).toBe(state);
    const later = practiceReducer(state, { type: 'clock', atMs: 1000 });
    expect(later).not.toBe(state);
  });

  it('shows the computer score from the bot as time passes', () => {
    const state = run([{ type: 'clock', atMs: 10_000 }], playing('quick-click'));
    if (state.phase !== 'playing') throw new Error('expected playing');
    expect(state.run.botScore).toBe(botScoreAt(createBot('quick-click', SEED), 10_000));
    expect(state.run.botScore).toBeGreaterThan(0);
  });

  it('wins a quick-click practice by reaching the target, whatever the computer has', () => {
    const target = quickClickTarget(SEED);
    let state = playing('quick-click');
    for (let click = 0; click < target; click++) {
      // 12.5 clicks a second: a fast human, under the engine's sustained 14 per second.
      state = practiceReducer(state, { type: 'input', input: { type: 'click' }, atMs: 100 + click * 80 });
    }
    expect(state.phase).toBe('finished');
    if (state.phase !== 'finished') return;
    expect(state.result).toEqual({
      winner: 'player',
      playerScore: 100,
      opponentScore: botScoreAt(createBot('quick-click', SEED), 100 + (target - 1) * 80),
      earningsDollars: 0,
      durationMs: 100 + (target - 1) * 80,
    });
  });

  it('loses at time-up with no points against a computer that scored', () => {
    const state = run([{ type: 'clock', atMs: 30_050 }], playing('number-rush'));
    expect(state.phase).toBe('finished');
    if (state.phase !== 'finished') return;
    expect(state.result.winner).toBe('computer');
    expect(state.result.playerScore).toBe(0);
    expect(state.result.opponentScore).toBe(botScoreAt(createBot('number-rush', SEED), 30_000));
    expect(state.result.durationMs).toBe(30_000);
  });

  it('reports inputs the engine rejects as too fast, without counting them', () => {
    let state = playing('quick-click');
    for (let click = 0; click < 21; click++) {
      state = practiceReducer(state, { type: 'input', input: { type: 'click' }, atMs: 500 });
    }
    if (state.phase !== 'playing') throw new Error('expected playing');
    expect(state.run.notice?.reason).toBe('too_fast');
    expect(state.run.match.players[0].score).toBe(20);
    // The next accepted input clears the notice.
    state = practiceReducer(state, { type: 'input', input: { type: 'click' }, atMs: 1600 });
    if (state.phase !== 'playing') throw new Error('expected playing');
    expect(state.run.notice).toBeNull();
    expect(state.run.feedback?.outcome).toEqual({ kind: 'progress' });
  });

  it('ends a memory-master practice as a loss on a wrong colour', () => {
    const [first] = memorySequence(SEED, 1);
    const wrong = first === 'red' ? 'blue' : 'red';
    // Round 1 shows 3 colours after a 1 s pause: input opens at 4 s.
    const early = run(
      [{ type: 'input', input: { type: 'press', color: wrong }, atMs: 2000 }],
      playing('memory-master'),
    );
    if (early.phase !== 'playing') throw new Error('expected playing');
    expect(early.run.notice?.reason).toBe('not_ready');

    const state = practiceReducer(early, { type: 'input', input: { type: 'press', color: wrong }, atMs: 4100 });
    expect(state.phase).toBe('finished');
    if (state.phase !== 'finished') return;
    expect(state.result.winner).toBe('computer');
    expect(state.result.durationMs).toBe(4100);
  });

  it('decides a reaction-time practice by the scores, as a money match does: finishing first wins nothing', () => {
    // Slow reactions (800 ms after green in every round) finish all rounds early with a low score.
    let state = playing('reaction-time');
    for (let round = 0; state.phase === 'playing' && round < 10; round++) {
      const game = state.run.match.players[0].game as ReactionTimeGame;
      state = practiceReducer(state, {
        type: 'input',
        input: { type: 'react' },
        atMs: reactionGreenAtMs(SEED, game) + 800,
      });
    }
    expect(state.phase).toBe('finished');
    if (state.phase !== 'finished') return;
    // The computer plays its whole round; the scores compare.
    const computerFinal = botScoreAt(createBot('reaction-time', SEED), 30_000);
    expect(state.result.opponentScore).toBe(computerFinal);
    expect(state.result.playerScore).toBeLessThan(computerFinal);
    expect(state.result.winner).toBe('computer');
  });

  it('Play Again goes back to waiting with scores and result cleared', () => {
    const finished = run([{ type: 'clock', atMs: 31_000 }], playing('number-rush'));
    expect(finished.phase).toBe('finished');
    expect(practiceReducer(finished, { type: 'reset' })).toBe(IDLE);
  });
});

describe('loop delay', () => {
  it('wakes for the next engine event or whole second, at most every 100 ms', () => {
    expect(loopDelayMs(0, 30_000)).toBe(MAX_LOOP_DELAY_MS);
    expect(loopDelayMs(950, 30_000)).toBe(50);
    expect(loopDelayMs(1210, 1240)).toBe(30);
    expect(loopDelayMs(1240, 1240)).toBe(MAX_LOOP_DELAY_MS); // already handed to the reducer
    expect(loopDelayMs(1210, null)).toBe(MAX_LOOP_DELAY_MS);
  });
});
