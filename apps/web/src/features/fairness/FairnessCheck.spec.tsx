import type { MatchLogEntry, MatchReplayDto, MatchResultDto } from '@skillduel/contracts';
import { numberRushEngine, numberRushQuestion } from '@skillduel/games';
import { screen } from '@testing-library/react';
import { createHash } from 'node:crypto';
import { renderWithProviders } from '../../test/renderWithProviders';
import { FairnessCheck } from './FairnessCheck';

const SEED = 'a1b2c3-revealed-seed';
const TIME_LIMIT_MS = 10_000;

/** A real number-rush round played on the engine and published as the server publishes it. */
function finishedRound(): MatchReplayDto {
  let state = numberRushEngine.create(SEED, { timeLimitMs: TIME_LIMIT_MS });
  const log: MatchLogEntry[] = [];
  const answer = (seat: 0 | 1, atMs: number) => {
    const { answer: value } = numberRushQuestion(SEED, numberRushEngine.view(state, seat, atMs).game.questionIndex);
    const input = { type: 'answer', value };
    state = numberRushEngine.applyInput(state, seat, input, atMs).state;
    log.push({ at_ms: atMs, seat, input });
  };
  answer(0, 500);
  answer(0, 1_200);
  answer(1, 1_500);
  answer(0, 2_000);
  state = numberRushEngine.tick(state, TIME_LIMIT_MS);
  log.push({ at_ms: TIME_LIMIT_MS, tick: true });
  const board = numberRushEngine.scoreboard(state);
  const result: MatchResultDto = {
    round: 1,
    outcome: 'player1',
    reason: 'time_up',
    scores: [board.scores[0], board.scores[1]],
    display_scores: [board.displayScores[0], board.displayScores[1]],
    duration: 10,
    pot: 10,
    fee: 0,
    payout: 10,
    seed_hash: createHash('sha256').update(SEED).digest('hex'),
    seed: SEED,
    ended_at: '2026-11-23T10:00:00.000Z',
  };
  return {
    room_id: 'room-1',
    round: 1,
    game_id: 'number-rush',
    time_limit_ms: TIME_LIMIT_MS,
    result,
    input_log: log,
    review: null,
  };
}

describe('FairnessCheck (checked in the browser, not taken from the server)', () => {
  it('confirms the seed hash and recomputes the published scores from the seed and the input log', async () => {
    const replay = finishedRound();
    const [mine, theirs] = replay.result.display_scores;
    renderWithProviders(<FairnessCheck round={replay.result} replay={replay} />);
    expect(await screen.findByText(/sha256\(seed\) equals the hash published before the start/)).toBeInTheDocument();
    expect(
      screen.getByText(`Scores recomputed in your browser from the seed and 4 logged inputs: ${mine} – ${theirs}.`, {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(mine).toBeGreaterThan(theirs);
    expect(screen.queryByText('✗')).not.toBeInTheDocument();
  });

  it('flags published scores the replay does not reproduce, and a seed that does not match its hash', async () => {
    const replay = finishedRound();
    const [mine, theirs] = replay.result.display_scores;
    const inflated: MatchResultDto = {
      ...replay.result,
      scores: [replay.result.scores[0], replay.result.scores[1] + 10],
      display_scores: [mine, theirs + 10],
      seed_hash: createHash('sha256').update('another seed').digest('hex'),
    };
    renderWithProviders(<FairnessCheck round={inflated} replay={{ ...replay, result: inflated }} />);
    expect(
      await screen.findByText(/sha256\(seed\) does NOT equal the hash published before the start/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        `Scores recomputed in your browser (${mine} – ${theirs}) differ from the published ones (${mine} – ${theirs + 10}).`,
        { exact: false },
      ),
    ).toBeInTheDocument();
  });

  it('checks only the seed when there is no input log (the live result)', async () => {
    const { result } = finishedRound();
    renderWithProviders(<FairnessCheck round={result} />);
    expect(await screen.findByText(/equals the hash published before the start/)).toBeInTheDocument();
    expect(screen.queryByText(/recomputed/)).not.toBeInTheDocument();
  });
});
