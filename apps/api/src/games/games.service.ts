import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { centsToDollars, GameDto } from '@skillduel/contracts';
import type { GameEntity } from './entities/game.entity';
import { BUILT_IN_GAMES } from './games.catalogue';
import { GamesRepository } from './games.repository';

/** The catalogue changes only at boot (seeding), so reads are served from memory for a short while. */
const CATALOGUE_CACHE_TTL_MS = 10_000;

@Injectable()
export class GamesService implements OnApplicationBootstrap {
  private cached?: { games: GameEntity[]; loadedAtMs: number };

  constructor(private readonly games: GamesRepository) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.games.upsertCatalogue(BUILT_IN_GAMES);
    this.invalidateCache();
  }

  invalidateCache(): void {
    this.cached = undefined;
  }

  async list(): Promise<GameDto[]> {
    const games = await this.activeGames();
    return games.map((game) => this.toDto(game));
  }

  private async activeGames(): Promise<GameEntity[]> {
    const nowMs = Date.now();
    if (!this.cached || nowMs - this.cached.loadedAtMs > CATALOGUE_CACHE_TTL_MS) {
      this.cached = { games: await this.games.listActive(), loadedAtMs: nowMs };
    }
    return this.cached.games;
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
