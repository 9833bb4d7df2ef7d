import type { MatchHistoryPageDto, MatchReplayDto, PlayerStatisticsDto } from '@skillduel/contracts';
import { api } from '../../app/api';

export const profileStatsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/users/me/statistics: real figures, never samples. */
    getMyStatistics: build.query<PlayerStatisticsDto, void>({
      query: () => '/users/me/statistics',
    }),
    /** GET /api/users/me/matches?page=&page_size= */
    getMyMatches: build.query<MatchHistoryPageDto, { page: number; pageSize: number }>({
      query: ({ page, pageSize }) => ({ url: '/users/me/matches', params: { page, page_size: pageSize } }),
    }),
    /** GET /api/rooms/{id}/rounds/{round}: a finished round's seed hash, revealed seed and scores. */
    getMatchDetails: build.query<MatchReplayDto, { roomId: string; round: number }>({
      query: ({ roomId, round }) => `/rooms/${encodeURIComponent(roomId)}/rounds/${round}`,
    }),
  }),
});

export const { useGetMyStatisticsQuery, useGetMyMatchesQuery, useGetMatchDetailsQuery } = profileStatsApi;
