import type { SqlRunner } from '../database/sql';
import { INITIAL_GLICKO2_RATING, rateMatch } from './glicko2';
import type { RatingRow, RatingsRepository } from './ratings.repository';
import { player1Score, RatingsService } from './ratings.service';

const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';
const runner = {} as SqlRunner;

function row(userId: string, rating = INITIAL_GLICKO2_RATING): RatingRow {
  return { userId, gameId: 'number-rush', games: 0, updatedAt: new Date(0), ...rating };
}

function setup(rows: RatingRow[]) {
  const repository = {
    lockPlayers: jest.fn().mockResolvedValue(rows),
    save: jest.fn().mockResolvedValue(undefined),
  };
  return { repository, service: new RatingsService(repository as unknown as RatingsRepository) };
}

describe('RatingsService', () => {
  it('scores a win 1, a loss 0, a tie 0.5 and does not rate a void round', () => {
    expect(player1Score('player1')).toBe(1);
    expect(player1Score('player2')).toBe(0);
    expect(player1Score('tie')).toBe(0.5);
    expect(player1Score('void')).toBeNull();
  });

  it('rates both players from their pre-match ratings, whatever order the rows come back in', async () => {
    const strong = { rating: 1700, deviation: 90, volatility: 0.06 };
    // Rows come back in user id order; player 1 may sort second.
    const { repository, service } = setup([row(P1), row(P2, strong)]);
    await service.rateSettledRound(runner, { gameId: 'number-rush', player1Id: P2, player2Id: P1, outcome: 'player2' });
    expect(repository.lockPlayers).toHaveBeenCalledWith(runner, 'number-rush', [P2, P1]);
    const [p2After, p1After] = rateMatch(strong, INITIAL_GLICKO2_RATING, 0);
    expect(repository.save).toHaveBeenCalledWith(runner, 'number-rush', P2, p2After);
    expect(repository.save).toHaveBeenCalledWith(runner, 'number-rush', P1, p1After);
  });

  it('touches nothing for a void round', async () => {
    const { repository, service } = setup([]);
    await service.rateSettledRound(runner, { gameId: 'number-rush', player1Id: P1, player2Id: P2, outcome: 'void' });
    expect(repository.lockPlayers).not.toHaveBeenCalled();
    expect(repository.save).not.toHaveBeenCalled();
  });
});
