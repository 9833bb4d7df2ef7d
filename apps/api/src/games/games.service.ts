import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { centsToDollars, GameDto } from '@skillduel/contracts';
import type { GameEntity } from './entities/game.entity';
import { BUILT_IN_GAMES } from './games.catalogue';
import { GamesRepository } from './games.repository';

/** The catalogue changes only at boot (seeding), so reads are served from memory for a short while. */
const CATALOGUE_CACHE_TTL_MS = 10_000;

@Injectable()
export class GamesService implements OnApplicationBootstrap {
  private cached?: { games: GameEntity[]; json: string; loadedAtMs: number };

  constructor(private readonly games: GamesRepository) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.games.upsertCatalogue(BUILT_IN_GAMES);
    this.invalidateCache();
  }

  invalidateCache(): void {
    this.cached = undefined;
  }

  async list(): Promise<GameDto[]> {
    return JSON.parse(await this.listJson()) as GameDto[];
  }

  /** The catalogue as a ready-made JSON document: the hottest public read is served without re-serializing. */
  async listJson(): Promise<string> {
    return (await this.catalogue()).json;
  }

  private async catalogue(): Promise<{ games: GameEntity[]; json: string }> {
    const nowMs = Date.now();
    if (!this.cached || nowMs - this.cached.loadedAtMs > CATALOGUE_CACHE_TTL_MS) {
      const games = await this.games.listActive();
      this.cached = { games, json: JSON.stringify(games.map((game) => this.toDto(game))), loadedAtMs: nowMs };
    }
    return this.cached;
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
