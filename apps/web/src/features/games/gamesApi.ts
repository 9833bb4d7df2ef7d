import type { GameDto } from '@skillduel/contracts';
import { api } from '../../app/api';

export const gamesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/games/ — the catalogue (docs/product/games.md#catalogue). */
    getGames: build.query<GameDto[], void>({
      query: () => '/games/',
      providesTags: ['Games'],
    }),
  }),
});

export const { useGetGamesQuery } = gamesApi;
