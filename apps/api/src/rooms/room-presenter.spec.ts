import type { MatchResultDto } from '@skillduel/contracts';
import { toGameResultDto } from './room-presenter';

const result = (outcome: MatchResultDto['outcome']): MatchResultDto => ({
  round: 1,
  outcome,
  reason: outcome === 'void' ? 'void' : 'time_up',
  scores: [30, 10],
  display_scores: [30, 10],
  duration: 30,
  pot: 10,
  fee: outcome === 'player1' || outcome === 'player2' ? 1 : 0,
  payout: outcome === 'player1' || outcome === 'player2' ? 9 : 0,
  seed_hash: 'a'.repeat(64),
  seed: 'b'.repeat(64),
  ended_at: new Date(0).toISOString(),
});

describe('toGameResultDto (the spec Game result per player)', () => {
  it('gives the winner the payout and the loser nothing, from each seat', () => {
    expect(toGameResultDto(result('player1'), 0, 5)).toMatchObject({
      winner: 'player',
      player_score: 30,
      opponent_score: 10,
      earnings: 9,
      refunded: 0,
    });
    expect(toGameResultDto(result('player1'), 1, 5)).toMatchObject({
      winner: 'opponent',
      player_score: 10,
      opponent_score: 30,
      earnings: 0,
    });
    expect(toGameResultDto(result('player2'), 1, 5)).toMatchObject({ winner: 'player', earnings: 9 });
  });

  it('refunds the stake on a tie or a void', () => {
    expect(toGameResultDto(result('tie'), 0, 5)).toMatchObject({ winner: 'tie', earnings: 0, refunded: 5 });
    expect(toGameResultDto(result('void'), 1, 5)).toMatchObject({ winner: 'void', earnings: 0, refunded: 5 });
  });
});
