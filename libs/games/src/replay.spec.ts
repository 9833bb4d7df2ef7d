import { numberRushEngine, numberRushQuestion } from './number-rush/number-rush';
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
  for (let i = 0; i < 6; i++) play(0, 400 + i * 700, true);
  play(1, 900, true);
  play(1, 2_100, false);
  play(1, 2_600, true);
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
});
