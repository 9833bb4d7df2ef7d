import type { PlayerRatingsResponse } from '@skillduel/contracts';
import { api } from '../../app/api';

export const ratingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/users/{id}/ratings: Glicko-2 rating per game (decision 1701). */
    getUserRatings: build.query<PlayerRatingsResponse, string>({
      query: (userId) => `/users/${encodeURIComponent(userId)}/ratings`,
    }),
  }),
});

export const { useGetUserRatingsQuery } = ratingsApi;

/** A rating as players read it: rounded, with its deviation (decision 1701). */
export function formatRating(rating: { rating: number; deviation: number }): { rating: number; deviation: number } {
  return { rating: Math.round(rating.rating), deviation: Math.round(rating.deviation) };
}
