import { Injectable } from '@nestjs/common';
import {
  centsToDollars,
  EARNINGS_CHART_DAYS,
  MATCH_HISTORY_LIMITS,
  MatchHistoryPageDto,
  MatchHistoryQueryDto,
  PlayerGameStatsDto,
  PlayerStatisticsDto,
} from '@skillduel/contracts';
import { GameRow, PlayerStatsRepository } from './player-stats.repository';

/** Percentage with one decimal; 0 when nothing was played. */
function winRate(wins: number, played: number): number {
  return played === 0 ? 0 : Math.round((wins / played) * 1000) / 10;
}

/** The profile's Statistics and History (docs/product/leaderboard.md#profile-statistics-and-history). */
@Injectable()
export class PlayerStatsService {
  constructor(private readonly stats: PlayerStatsRepository) {}

  async statistics(userId: string): Promise<PlayerStatisticsDto> {
    const [totals, games, days] = await Promise.all([
      this.stats.totals(userId),
      this.stats.perGame(userId),
      this.stats.recentDays(userId, EARNINGS_CHART_DAYS),
    ]);
    const perGame = games.map(toGameStats);
    const best = [...perGame]
      .filter((game) => game.wins > 0)
      .sort((a, b) => b.wins - a.wins || b.win_rate - a.win_rate || a.game_id.localeCompare(b.game_id))[0];
    // Cumulative earnings: what was earned before the chart's first day, then day by day.
    let cumulativeCents = totals.earningsCents - days.reduce((sum, day) => sum + day.earningsCents, 0n);
    const earningsOverTime = days.map((day) => {
      cumulativeCents += day.earningsCents;
      return {
        date: day.date,
        earnings: centsToDollars(day.earningsCents),
        cumulative: centsToDollars(cumulativeCents),
      };
    });
    return {
      games_played: totals.games,
      wins: totals.wins,
      losses: totals.losses,
      ties: totals.ties,
      win_rate: winRate(totals.wins, totals.games),
      total_earnings: centsToDollars(totals.earningsCents),
      best_game: best ?? null,
      per_game: perGame,
      earnings_over_time: earningsOverTime,
    };
  }

  async history(userId: string, query: MatchHistoryQueryDto): Promise<MatchHistoryPageDto> {
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? MATCH_HISTORY_LIMITS.pageSizeDefault;
    const { rows, total } = await this.stats.history(userId, (page - 1) * pageSize, pageSize);
    return {
      page,
      page_size: pageSize,
      total,
      matches: rows.map((row) => ({
        id: row.id,
        room_id: row.roomId,
        round: row.round,
        game_id: row.gameId,
        game_name: row.gameName,
        game_icon: row.gameIcon,
        opponent: { id: row.opponentId, username: row.opponentUsername },
        bet: centsToDollars(row.betCents),
        result: row.result,
        score: row.score,
        opponent_score: row.opponentScore,
        earnings: centsToDollars(row.netCents),
        ended_at: row.endedAt.toISOString(),
      })),
    };
  }
}

function toGameStats(row: GameRow): PlayerGameStatsDto {
  return {
    game_id: row.gameId,
    name: row.name,
    icon: row.icon,
    played: row.played,
    wins: row.wins,
    win_rate: winRate(row.wins, row.played),
  };
}
