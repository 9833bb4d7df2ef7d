import { Injectable } from '@nestjs/common';
import { type MatchOutcome, type PlayerRatingsResponse } from '@skillduel/contracts';
import { AppError } from '../common/app-error';
import { SqlRunner } from '../database/sql';
import { rateMatch } from './glicko2';
import { RatingsRepository } from './ratings.repository';

/** What rating a settled round needs to know. */
export interface RatedRound {
  gameId: string;
  player1Id: string;
  player2Id: string;
  outcome: MatchOutcome;
}

/** Player 1's score of an outcome; null for a void round, which is not rated. */
export function player1Score(outcome: MatchOutcome): number | null {
  switch (outcome) {
    case 'player1':
      return 1;
    case 'player2':
      return 0;
    case 'tie':
      return 0.5;
    case 'void':
      return null;
  }
}

/**
 * Glicko-2 ratings per player and game (decision 1701): one rating period per finished money match, written in its
 * settlement transaction (so exactly once per round), both players from their pre-match ratings.
 */
@Injectable()
export class RatingsService {
  constructor(private readonly ratings: RatingsRepository) {}

  /** Called by the settlement inside its transaction; does nothing for a void round. */
  async rateSettledRound(runner: SqlRunner, round: RatedRound): Promise<void> {
    const score = player1Score(round.outcome);
    if (score === null || round.player1Id === round.player2Id) return;
    const locked = await this.ratings.lockPlayers(runner, round.gameId, [round.player1Id, round.player2Id]);
    const before1 = locked.find((row) => row.userId === round.player1Id);
    const before2 = locked.find((row) => row.userId === round.player2Id);
    if (!before1 || !before2) throw new Error(`rating rows of ${round.gameId} missing under their lock`);
    const [after1, after2] = rateMatch(before1, before2, score);
    await this.ratings.save(runner, round.gameId, round.player1Id, after1);
    await this.ratings.save(runner, round.gameId, round.player2Id, after2);
  }

  async forUser(userId: string): Promise<PlayerRatingsResponse> {
    if (!(await this.ratings.userExists(userId))) throw AppError.notFound();
    const rows = await this.ratings.listForUser(userId);
    return {
      user_id: userId,
      ratings: rows.map((row) => ({
        game_id: row.gameId,
        rating: row.rating,
        deviation: row.deviation,
        volatility: row.volatility,
        games: row.games,
        updated_at: row.updatedAt.toISOString(),
      })),
    };
  }
}
