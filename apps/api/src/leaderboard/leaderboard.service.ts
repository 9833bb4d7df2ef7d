import { Injectable } from '@nestjs/common';
import {
  centsToDollars,
  LEADERBOARD_LIMITS,
  LeaderboardEntry,
  LeaderboardHighlights,
  LeaderboardQueryDto,
  LeaderboardResponse,
} from '@skillduel/contracts';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import { periodStart } from './leaderboard-periods';
import { HolderRow, LeaderboardRepository, PeriodScope, RankedRow } from './leaderboard.repository';

/** GET /users/leaderboard/: the current period's ranking, the caller's place and the info-card holders. */
@Injectable()
export class LeaderboardService {
  constructor(
    private readonly leaderboard: LeaderboardRepository,
    private readonly clock: Clock,
  ) {}

  async get(userId: string, query: LeaderboardQueryDto): Promise<LeaderboardResponse> {
    const metric = query.metric ?? 'total_earnings';
    const period = query.period ?? 'all';
    const region = (query.region ?? 'global').toLowerCase();
    const limit = query.limit ?? LEADERBOARD_LIMITS.default;
    const scope: PeriodScope = {
      kind: period,
      start: periodStart(period, this.clock.now()),
      country: region === 'global' ? null : region.toUpperCase(),
    };

    const [top, caller, streak, bet, fastest] = await Promise.all([
      this.leaderboard.top(scope, metric, limit),
      this.leaderboard.caller(scope, userId),
      this.leaderboard.holder(scope, 'best_streak'),
      this.leaderboard.holder(scope, 'max_bet_cents'),
      this.leaderboard.holder(scope, 'fastest_win_ms'),
    ]);
    if (!caller) throw AppError.notFound();
    const placeInTop = top.findIndex((row) => row.id === caller.id);
    const rank = !caller.ranked
      ? null
      : placeInTop >= 0
        ? placeInTop + 1
        : await this.leaderboard.rankOf(scope, metric, caller);

    const highlights: LeaderboardHighlights = {
      hot_streak: streak && { ...holder(streak), streak: Number(streak.value) },
      high_roller: bet && { ...holder(bet), bet: centsToDollars(BigInt(bet.value)) },
      speed_demon: fastest && { ...holder(fastest), duration_ms: Number(fastest.value) },
    };
    return {
      metric,
      period,
      region,
      period_start: period === 'all' ? null : `${scope.start}T00:00:00.000Z`,
      leaderboard: top.map((row, index) => toEntry(row, index + 1)),
      me: { ...toEntry(caller, 0), rank },
      highlights,
    };
  }
}

function toEntry(row: RankedRow, rank: number): LeaderboardEntry {
  return {
    rank,
    id: row.id,
    username: row.username,
    country: row.country,
    level: row.level,
    total_earnings: centsToDollars(row.earningsCents),
    total_wins: row.wins,
  };
}

function holder(row: HolderRow): { id: string; username: string; country: string | null } {
  return { id: row.id, username: row.username, country: row.country };
}
