import type { PlayerRatingsResponse } from '@skillduel/contracts';
import { api } from '../../app/api';

export const ratingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/users/{id}/ratings: Glicko-2 rating per game (issue 17, decision 1701). */
    getUserRatings: build.query<PlayerRatingsResponse, string>({
      query: (userId) => `/users/${encodeURIComponent(userId)}/ratings`,
    }),
  }),
});

export const { useGetUserRatingsQuery } = ratingsApi;
