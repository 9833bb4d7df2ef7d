import type { GameDto } from '@skillduel/contracts';
import { api } from '../../app/api';

export const gamesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/games/ — the catalogue (SPEC §7). */
    getGames: build.query<GameDto[], void>({
      query: () => '/games/',
      providesTags: ['Games'],
    }),
  }),
});

export const { useGetGamesQuery } = gamesApi;
