import {
  IDEMPOTENCY_KEY_HEADER,
  type TournamentAttemptDto,
  type TournamentDto,
  type TournamentEntryDto,
  type TournamentStandingsDto,
  type TournamentStatus,
} from '@skillduel/contracts';
import { api } from '../../app/api';
import { newIdempotencyKey } from '../rooms/idempotencyKey';
import { refreshBalances } from '../rooms/roomsApi';

const LIST_TAG = { type: 'Tournaments', id: 'LIST' } as const;
const tournamentTag = (id: string) => ({ type: 'Tournaments' as const, id });
const standingsTag = (id: string) => ({ type: 'TournamentStandings' as const, id });

interface ListArgs {
  status?: TournamentStatus;
  game?: string;
}

const tournamentsBase = api.enhanceEndpoints({ addTagTypes: ['Tournaments', 'TournamentStandings'] });

/** The tournaments API (docs/product/tournaments.md): lists, a tournament, its standings, entering, leaving, attempts. */
const tournamentsApi = tournamentsBase.injectEndpoints({
  endpoints: (build) => ({
    getTournaments: build.query<TournamentDto[], ListArgs>({
      query: ({ status, game }) => ({
        url: '/tournaments',
        params: { ...(status ? { status } : {}), ...(game ? { game } : {}) },
      }),
      providesTags: [LIST_TAG],
    }),
    getTournament: build.query<TournamentDto, string>({
      query: (id) => `/tournaments/${id}`,
      providesTags: (_result, _error, id) => [tournamentTag(id)],
    }),
    getStandings: build.query<TournamentStandingsDto, { id: string; aroundMe: boolean }>({
      query: ({ id, aroundMe }) => ({
        url: `/tournaments/${id}/standings`,
        params: aroundMe ? { around: 'me', limit: 10 } : { limit: 10 },
      }),
      providesTags: (_result, _error, { id }) => [standingsTag(id)],
    }),
    /** POST .../entries: one Idempotency-Key per confirmed Join, so a network retry pays once. */
    enterTournament: build.mutation<TournamentEntryDto, string>({
      query: (id) => ({
        url: `/tournaments/${id}/entries`,
        method: 'POST',
        headers: { [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey() },
      }),
      invalidatesTags: (_result, _error, id) => [tournamentTag(id), LIST_TAG],
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        await queryFulfilled.then(() => dispatch(refreshBalances())).catch(() => undefined);
      },
    }),
    leaveTournament: build.mutation<TournamentDto, string>({
      query: (id) => ({ url: `/tournaments/${id}/entries/me`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [tournamentTag(id), LIST_TAG],
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        await queryFulfilled.then(() => dispatch(refreshBalances())).catch(() => undefined);
      },
    }),
    startAttempt: build.mutation<TournamentAttemptDto, string>({
      query: (id) => ({ url: `/tournaments/${id}/attempts`, method: 'POST' }),
    }),
  }),
});

/** A pushed standings change: the page's standings and the tournament (my attempts) are reloaded. */
export const standingsChanged = (id: string) =>
  tournamentsApi.util.invalidateTags([standingsTag(id), tournamentTag(id)]);

export const {
  useGetTournamentsQuery,
  useGetTournamentQuery,
  useGetStandingsQuery,
  useEnterTournamentMutation,
  useLeaveTournamentMutation,
  useStartAttemptMutation,
} = tournamentsApi;
