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

/**
 * GET /users/leaderboard/: the current period's ranking, the caller's place and the info-card holders. Ranks are
 * competition ranks: 1 + the number of players with a strictly better figure, so exact ties share a rank (1, 2, 2, 4)
 * and are listed by user id.
 */
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

    const { top, caller, holders } = await this.leaderboard.page(scope, metric, limit, userId);
    if (!caller) throw AppError.notFound();
    const listed = top.find((row) => row.id === caller.id);
    const { best_streak: streak, max_bet_cents: bet, fastest_win_ms: fastest } = holders;

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
      leaderboard: top.map((row) => toEntry(row, row.rank)),
      // A listed caller's card repeats their row (the board may be a read shared with requests in flight).
      me: listed ? toEntry(listed, listed.rank) : { ...toEntry(caller, 0), rank: caller.rank },
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
