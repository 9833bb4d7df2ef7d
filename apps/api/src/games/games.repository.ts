import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { GameEntity } from './entities/game.entity';
import type { CatalogueGame } from './games.catalogue';

@Injectable()
export class GamesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  listActive(): Promise<GameEntity[]> {
    return this.dataSource.getRepository(GameEntity).find({ where: { isActive: true }, order: { sortOrder: 'ASC' } });
  }

  findById(id: string): Promise<GameEntity | null> {
    return this.dataSource.getRepository(GameEntity).findOne({ where: { id, isActive: true } });
  }

  /** Inserts or updates the built-in games in one statement; safe when several instances boot at once. */
  async upsertCatalogue(games: readonly CatalogueGame[]): Promise<void> {
    if (games.length === 0) return;
    const values: unknown[] = [];
    const rows = games.map((game, index) => {
      const offset = index * 12;
      values.push(
        game.id,
        game.name,
        game.icon,
        game.description,
        game.category,
        game.difficulty,
        game.minBetCents.toString(),
        game.maxBetCents.toString(),
        game.defaultBetCents.toString(),
        game.avgGameTimeSeconds,
        game.timeLimitSeconds,
        game.featured,
      );
      const params = Array.from({ length: 12 }, (_, i) => `$${offset + i + 1}`).join(', ');
      return `(${params}, ${index})`;
    });
    await this.dataSource.query(
      `INSERT INTO games (id, name, icon, description, category, difficulty, min_bet_cents, max_bet_cents,
         default_bet_cents, avg_game_time_seconds, time_limit_seconds, featured, sort_order)
       VALUES ${rows.join(', ')}
       ON CONFLICT (id) DO UPDATE SET
         name = EXCLUDED.name, icon = EXCLUDED.icon, description = EXCLUDED.description,
         category = EXCLUDED.category, difficulty = EXCLUDED.difficulty,
         min_bet_cents = EXCLUDED.min_bet_cents, max_bet_cents = EXCLUDED.max_bet_cents,
         default_bet_cents = EXCLUDED.default_bet_cents, avg_game_time_seconds = EXCLUDED.avg_game_time_seconds,
         time_limit_seconds = EXCLUDED.time_limit_seconds, featured = EXCLUDED.featured,
         sort_order = EXCLUDED.sort_order, is_active = true, updated_at = now()`,
      values,
    );
  }
}
