import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { GameLobbyFiguresDto } from '@skillduel/contracts';
import { DataSource } from 'typeorm';
import { whileAdvisoryLockHeld } from '../database/advisory-lock';
import { queryRows } from '../database/sql';

/** Identifies the lobby figures' publisher among advisory locks (one instance pushes at a time). */
const LOBBY_FIGURES_LOCK_KEY = 17_020_002;

/** The SQL of the lobby figures: per game, entries waiting in the queue and matches being played. */
@Injectable()
export class LobbyFiguresRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  whilePublisherLockHeld(work: () => Promise<void>): Promise<boolean> {
    return whileAdvisoryLockHeld(this.dataSource, LOBBY_FIGURES_LOCK_KEY, work);
  }

  /** Games with anyone searching or playing, by game id. Both counts use partial indexes of their tables. */
  async perGame(): Promise<GameLobbyFiguresDto[]> {
    const rows = await queryRows<{ game_id: string; searching: number; live_matches: number }>(
      this.dataSource.manager,
      `SELECT game_id, sum(searching)::int AS searching, sum(live_matches)::int AS live_matches FROM (
         SELECT game_id, count(*) AS searching, 0 AS live_matches FROM matchmaking_entries
          WHERE status = 'waiting' GROUP BY game_id
         UNION ALL
         SELECT game_id, 0, count(*) FROM rooms WHERE status = 'playing' GROUP BY game_id
       ) t GROUP BY game_id ORDER BY game_id`,
    );
    return rows.map((row) => ({
      game_id: row.game_id,
      searching: Number(row.searching),
      // Every playing room seats two players.
      playing: Number(row.live_matches) * 2,
      live_matches: Number(row.live_matches),
    }));
  }
}
