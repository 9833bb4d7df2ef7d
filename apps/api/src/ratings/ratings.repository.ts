import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { queryRows, SqlRunner } from '../database/sql';
import { INITIAL_GLICKO2_RATING, type Glicko2Rating } from './glicko2';

export interface RatingRow extends Glicko2Rating {
  userId: string;
  gameId: string;
  games: number;
  updatedAt: Date;
}

interface DbRatingRow {
  user_id: string;
  game_id: string;
  rating: number;
  deviation: number;
  volatility: number;
  games: number;
  updated_at: Date;
}

const COLUMNS = 'user_id, game_id, rating, deviation, volatility, games, updated_at';

function toRow(row: DbRatingRow): RatingRow {
  return {
    userId: row.user_id,
    gameId: row.game_id,
    rating: Number(row.rating),
    deviation: Number(row.deviation),
    volatility: Number(row.volatility),
    games: Number(row.games),
    updatedAt: row.updated_at,
  };
}

/** SQL of player_ratings (decision 1701). */
@Injectable()
export class RatingsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Creates the missing rows at the starting rating, then locks the players' rows of `gameId` in user id order (the
   * same order in every transaction, so two settlements sharing a player never deadlock on them).
   */
  async lockPlayers(runner: SqlRunner, gameId: string, userIds: readonly string[]): Promise<RatingRow[]> {
    const ordered = [...new Set(userIds)].sort();
    const start = INITIAL_GLICKO2_RATING;
    await runner.query(
      `INSERT INTO player_ratings (user_id, game_id, rating, deviation, volatility)
       SELECT u, $2, $3, $4, $5 FROM unnest($1::uuid[]) AS u ORDER BY u
       ON CONFLICT (user_id, game_id) DO NOTHING`,
      [ordered, gameId, start.rating, start.deviation, start.volatility],
    );
    const rows = await queryRows<DbRatingRow>(
      runner,
      `SELECT ${COLUMNS} FROM player_ratings WHERE game_id = $1 AND user_id = ANY($2::uuid[])
        ORDER BY user_id FOR UPDATE`,
      [gameId, ordered],
    );
    return rows.map(toRow);
  }

  async save(runner: SqlRunner, gameId: string, userId: string, rating: Glicko2Rating): Promise<void> {
    await runner.query(
      `UPDATE player_ratings SET rating = $3, deviation = $4, volatility = $5, games = games + 1, updated_at = now()
        WHERE user_id = $1 AND game_id = $2`,
      [userId, gameId, rating.rating, rating.deviation, rating.volatility],
    );
  }

  async userExists(userId: string): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(this.dataSource.manager, `SELECT id FROM users WHERE id = $1`, [
      userId,
    ]);
    return rows.length > 0;
  }

  /** The user's rated games, most played first. */
  async listForUser(userId: string): Promise<RatingRow[]> {
    const rows = await queryRows<DbRatingRow>(
      this.dataSource.manager,
      `SELECT ${COLUMNS} FROM player_ratings WHERE user_id = $1 AND games > 0 ORDER BY games DESC, game_id`,
      [userId],
    );
    return rows.map(toRow);
  }
}
