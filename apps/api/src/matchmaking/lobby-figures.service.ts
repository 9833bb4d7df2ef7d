import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { LOBBY_FIGURES_INTERVAL_MS, SERVER_EVENTS, type LobbyFiguresDto } from '@skillduel/contracts';
import { RealtimeServer } from '../realtime/realtime.server';
import { CHANNELS } from '../realtime/realtime.types';
import { LobbyFiguresRepository } from './lobby-figures.repository';

/**
 * Live lobby figures (docs/product/matchmaking.md#lobby-figures, docs/decisions/1703): players online are the distinct
 * signed-in users with a connected socket on any instance (Socket.IO's fetchSockets, across instances through the Redis
 * adapter); searching, playing and live matches per game come from the database. One instance at a time (an advisory
 * lock) recomputes them every LOBBY_FIGURES_INTERVAL_MS and pushes `lobby:figures` to the lobby channel when they
 * changed. Reads only: the rooms' live layer is not touched.
 */
@Injectable()
export class LobbyFiguresService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('LobbyFigures');
  private timer?: NodeJS.Timeout;
  private running: Promise<void> | null = null;
  private lastPushed = '';

  constructor(
    private readonly repository: LobbyFiguresRepository,
    private readonly realtime: RealtimeServer,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), LOBBY_FIGURES_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  async figures(): Promise<LobbyFiguresDto> {
    const [games, playersOnline] = await Promise.all([this.repository.perGame(), this.playersOnline()]);
    const sum = (pick: (game: (typeof games)[number]) => number) =>
      games.reduce((total, game) => total + pick(game), 0);
    return {
      players_online: playersOnline,
      searching: sum((game) => game.searching),
      playing: sum((game) => game.playing),
      live_matches: sum((game) => game.live_matches),
      games,
    };
  }

  /** One publishing round if no other instance is in one; pushes only figures that changed since this one's last. */
  tick(): Promise<void> {
    this.running ??= this.repository
      .whilePublisherLockHeld(async () => {
        const figures = await this.figures();
        const serialized = JSON.stringify(figures);
        if (serialized === this.lastPushed) return;
        this.lastPushed = serialized;
        this.realtime.emitTo(CHANNELS.lobby, SERVER_EVENTS.lobbyFigures, figures);
      })
      .then(() => undefined)
      .catch((error: unknown) => this.logger.warn({ err: error }, 'Lobby figures failed'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async playersOnline(): Promise<number> {
    const server = this.realtime.server;
    if (!server) return 0;
    const sockets = await server.fetchSockets();
    const users = new Set<string>();
    for (const socket of sockets) {
      const userId = socket.data.user?.userId;
      if (userId) users.add(userId);
    }
    return users.size;
  }
}
