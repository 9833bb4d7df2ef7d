import type { LeaderboardMetric, LeaderboardPeriod, LeaderboardResponse } from '@skillduel/contracts';
import { api } from '../../app/api';

interface LeaderboardArgs {
  metric?: LeaderboardMetric;
  period: LeaderboardPeriod;
  region: string;
}

export const leaderboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/users/leaderboard/ with the page's period and region, sent and honoured
     * (docs/product/leaderboard.md#leaderboard-api).
     */
    getLeaderboard: build.query<LeaderboardResponse, LeaderboardArgs>({
      query: ({ metric = 'total_earnings', period, region }) => ({
        url: '/users/leaderboard/',
        params: { metric, period, region },
      }),
    }),
  }),
});

export const { useGetLeaderboardQuery } = leaderboardApi;
