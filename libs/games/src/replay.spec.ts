import { numberRushEngine, numberRushQuestion } from './number-rush/number-rush';
import { reactionGreenAtMs, reactionTimeEngine } from './reaction-time/reaction-time';
import { replayRound, type ReplayLogEntry } from './replay';

/** A number-rush round played straight on the engine, logged as the server logs it. */
function playedRound(seed: string) {
  const timeLimitMs = 10_000;
  let state = numberRushEngine.create(seed, { timeLimitMs });
  const log: ReplayLogEntry[] = [];
  const play = (seat: 0 | 1, atMs: number, right: boolean) => {
    const { answer } = numberRushQuestion(seed, numberRushEngine.view(state, seat, atMs).game.questionIndex);
    const input = { type: 'answer', value: right ? answer : answer + 1 };
    state = numberRushEngine.applyInput(state, seat, input, atMs).state;
    log.push({ at_ms: atMs, seat, input });
  };
  for (let i = 0; i < 6; i++) play(0, 700 + i * 700, true);
  play(1, 900, true);
  play(1, 2_100, false);
  play(1, 3_300, true);
  state = numberRushEngine.tick(state, timeLimitMs);
  log.push({ at_ms: timeLimitMs, tick: true });
  return { timeLimitMs, log, final: numberRushEngine.scoreboard(state) };
}

describe('replayRound', () => {
  it('recomputes the scores of a logged round from its seed', () => {
    const { timeLimitMs, log, final } = playedRound('replay-seed-1');
    const replayed = replayRound({ gameId: 'number-rush', seed: 'replay-seed-1', timeLimitMs, log });
    expect(replayed).toEqual(final);
    expect(replayed?.scores[0]).toBeGreaterThan(replayed?.scores[1] ?? Infinity);
    expect(replayed?.result?.winner).toBe(0);
    expect(replayed?.flags).toEqual([0, 0]);
  });

  it('gives other scores for another seed or an altered log, and nothing for an unknown game', () => {
    const { timeLimitMs, log, final } = playedRound('replay-seed-2');
    // The same answers are wrong for another seed's questions.
    expect(replayRound({ gameId: 'number-rush', seed: 'another-seed', timeLimitMs, log })?.scores).not.toEqual(
      final.scores,
    );
    const withoutLastAnswer = log.filter((entry, index) => index !== 5);
    expect(
      replayRound({ gameId: 'number-rush', seed: 'replay-seed-2', timeLimitMs, log: withoutLastAnswer })?.scores,
    ).not.toEqual(final.scores);
    expect(replayRound({ gameId: 'chess', seed: 'replay-seed-2', timeLimitMs, log })).toBeNull();
  });

  it('recomputes the flags and lost items of answers under the plausibility floors', () => {
    const { timeLimitMs, log, final } = playedRound('replay-seed-3');
    // The same round with one more answer by seat 0 (the last to answer), 20 ms after its question: wrong, flagged.
    const [timeUp] = log.slice(-1);
    if (timeUp === undefined) throw new Error('empty log');
    const scripted: ReplayLogEntry[] = [...log.slice(0, -1)];
    let state = numberRushEngine.create('replay-seed-3', { timeLimitMs });
    for (const entry of scripted) {
      if (!('tick' in entry)) state = numberRushEngine.applyInput(state, entry.seat, entry.input, entry.at_ms).state;
    }
    const atMs = state.nowMs + 20;
    expect(state.players[0].lastInputAtMs).toBe(state.nowMs);
    const { answer } = numberRushQuestion('replay-seed-3', state.players[0].game.questionIndex);
    scripted.push({ at_ms: atMs, seat: 0, input: { type: 'answer', value: answer } }, timeUp);
    const replayed = replayRound({ gameId: 'number-rush', seed: 'replay-seed-3', timeLimitMs, log: scripted });
    expect(replayed?.flags).toEqual([final.flags[0] + 1, final.flags[1]]);
    expect(replayed?.scores).toEqual(final.scores);

    // reaction-time: a press 40 ms after green restarts the round and is flagged, in the replay as live.
    let live = reactionTimeEngine.create('replay-seed-3', { timeLimitMs });
    const pressAtMs = reactionGreenAtMs('replay-seed-3', live.players[0].game) + 40;
    live = reactionTimeEngine.applyInput(live, 0, { type: 'react' }, pressAtMs).state;
    const reactionLog: ReplayLogEntry[] = [{ at_ms: pressAtMs, seat: 0, input: { type: 'react' } }];
    expect(replayRound({ gameId: 'reaction-time', seed: 'replay-seed-3', timeLimitMs, log: reactionLog })).toEqual(
      reactionTimeEngine.scoreboard(live),
    );
    expect(reactionTimeEngine.scoreboard(live).flags).toEqual([1, 0]);
  });
});
