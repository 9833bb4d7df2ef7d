import {
  IDEMPOTENCY_KEY_HEADER,
  SERVER_EVENTS,
  type LobbyFiguresDto,
  type MatchmakingEntryDto,
} from '@skillduel/contracts';
import { api } from '../../app/api';
import { getRealtimeClient, realtimeAuthRefresher } from '../../app/realtime';
import { newIdempotencyKey } from '../rooms/idempotencyKey';
import { clearSearchingHere, markSearchingHere } from './searchTab';

export interface EnterQueueRequest {
  game_id: string;
  bet_amount: number;
}

/**
 * The matchmaking queue (docs/product/matchmaking.md#queue, docs/decisions/1702): the player's entry (GET answers null
 * when not searching), entering it (the stake is escrowed; one Idempotency-Key per click like every room money call;
 * the browser adds the server-issued device id cookie by itself, so two accounts of one device are never paired,
 * decision 2330) and leaving it (the stake is refunded). Entering and leaving write the answer into the GET's cache,
 * so the searching state follows.
 */
export const matchmakingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMatchmakingEntry: build.query<MatchmakingEntryDto | null, void>({
      query: () => '/matchmaking/queue',
      keepUnusedDataFor: 0,
    }),
    enterQueue: build.mutation<MatchmakingEntryDto, EnterQueueRequest>({
      query: (body) => ({
        url: '/matchmaking/queue',
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey() },
      }),
      async onQueryStarted(_request, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) {
          markSearchingHere();
          void dispatch(matchmakingApi.util.upsertQueryData('getMatchmakingEntry', undefined, data));
        }
      },
      invalidatesTags: ['Transactions'],
    }),
    /**
     * GET /matchmaking/figures once, then `lobby:figures` pushes (the lobby subscription is held while the cache
     * entry lives); reloaded after a reconnect, since pushes sent while disconnected are lost.
     */
    getLobbyFigures: build.query<LobbyFiguresDto, void>({
      query: () => '/matchmaking/figures',
      keepUnusedDataFor: 10,
      async onCacheEntryAdded(_arg, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const client = getRealtimeClient();
        const lease = client.acquire({ refreshAuth: realtimeAuthRefresher(dispatch) });
        const stopLobby = client.subscribeLobby(() => undefined);
        const stopFigures = client.on(SERVER_EVENTS.lobbyFigures, (figures) => updateCachedData(() => figures));
        const stopReconnect = client.onConnect((reconnected) => {
          if (reconnected) {
            void dispatch(
              matchmakingApi.endpoints.getLobbyFigures.initiate(undefined, { subscribe: false, forceRefetch: true }),
            );
          }
        });
        await cacheEntryRemoved;
        stopReconnect();
        stopFigures();
        stopLobby();
        lease.release();
      },
    }),
    leaveQueue: build.mutation<MatchmakingEntryDto, void>({
      query: () => ({ url: '/matchmaking/queue', method: 'DELETE' }),
      async onQueryStarted(_request, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          clearSearchingHere();
          void dispatch(matchmakingApi.util.upsertQueryData('getMatchmakingEntry', undefined, null));
        } catch {
          // Not searching any more, matched, or no answer: ask the server where things stand.
          void dispatch(
            matchmakingApi.endpoints.getMatchmakingEntry.initiate(undefined, { forceRefetch: true, subscribe: false }),
          );
        }
      },
      invalidatesTags: ['Transactions'],
    }),
  }),
});

export const { useGetMatchmakingEntryQuery, useEnterQueueMutation, useLeaveQueueMutation, useGetLobbyFiguresQuery } =
  matchmakingApi;
