import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { centsToDollars, GameDto } from '@skillduel/contracts';
import type { GameEntity } from './entities/game.entity';
import { BUILT_IN_GAMES } from './games.catalogue';
import { GamesRepository } from './games.repository';

@Injectable()
export class GamesService implements OnApplicationBootstrap {
  constructor(private readonly games: GamesRepository) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.games.upsertCatalogue(BUILT_IN_GAMES);
  }

  async list(): Promise<GameDto[]> {
    const games = await this.games.listActive();
    return games.map((game) => this.toDto(game));
  }

  findById(id: string): Promise<GameEntity | null> {
    return this.games.findById(id);
  }

  private toDto(game: GameEntity): GameDto {
    return {
      id: game.id,
      name: game.name,
      icon: game.icon,
      description: game.description,
      category: game.category,
      difficulty: game.difficulty,
      // Live presence arrives with the realtime gateway; until then nobody is counted as playing.
      players_online: 0,
      avg_game_time: game.avgGameTimeSeconds,
      min_bet: centsToDollars(game.minBetCents),
      max_bet: centsToDollars(game.maxBetCents),
      default_bet: centsToDollars(game.defaultBetCents),
      featured: game.featured,
    };
  }
}
