import {
  ACTIVE_ROOM_STATUSES,
  IDEMPOTENCY_KEY_HEADER,
  type GameRoomViewDto,
  type LobbyRoomEventDto,
  type QuickMatchResponseDto,
  type RoomDto,
  type RoomsQuery,
} from '@skillduel/contracts';
import { api } from '../../app/api';
import { getRealtimeClient, realtimeAuthRefresher } from '../../app/realtime';
import type { AppDispatch, AppThunk } from '../../app/store';
import { reloadCurrentUser } from '../session/sessionThunks';
import { newIdempotencyKey } from './idempotencyKey';

/** POST /rooms, with the private room's password (docs/product/rooms-and-matches.md#creating-a-room). */
interface CreateRoomRequest {
  game_id: string;
  bet_amount: number;
  is_private: boolean;
  max_players: number;
  password?: string;
}

interface JoinRoomRequest {
  roomId: string;
  password?: string;
}

interface QuickMatchRequest {
  game_id: string;
  bet_amount: number;
}

/** The tags of the rooms screens: lists (`LIST`, per filter) and the featured duel. */
const ROOM_LIST_TAG = { type: 'Rooms', id: 'LIST' } as const;
const FEATURED_TAG = { type: 'FeaturedRoom', id: 'CURRENT' } as const;

/** GET /rooms answers the list of rooms; a `{ rooms }` envelope is accepted too. */
function roomsOf(body: unknown): RoomDto[] {
  if (Array.isArray(body)) return body as RoomDto[];
  if (typeof body === 'object' && body !== null && Array.isArray((body as { rooms?: unknown }).rooms)) {
    return (body as { rooms: RoomDto[] }).rooms;
  }
  return [];
}

/** Does a room belong in the list of this filter (the active statuses when no status is asked for)? */
function roomMatchesQuery(room: RoomDto, query: RoomsQuery): boolean {
  if (query.game && room.game_id !== query.game) return false;
  return query.status ? room.status === query.status : ACTIVE_ROOM_STATUSES.includes(room.status);
}

/**
 * Applies a `lobby:room` event to a cached list (RTK Query streaming updates): a room that still matches the filter
 * is updated in place, or added first (newest first) when it is new; one that no longer matches (finished,
 * cancelled, expired: `closed`) leaves the list.
 */
function applyLobbyEvent(rooms: RoomDto[], event: LobbyRoomEventDto, query: RoomsQuery): void {
  const index = rooms.findIndex((room) => room.id === event.room.id);
  const keep = event.kind !== 'closed' && roomMatchesQuery(event.room, query);
  if (index >= 0 && keep) rooms[index] = event.room;
  else if (index >= 0) rooms.splice(index, 1);
  else if (keep) rooms.unshift(event.room);
}

/** Events that can change which room is the featured duel (the live one with most spectators, else the newest). */
const FEATURED_TRIGGERS: ReadonlySet<LobbyRoomEventDto['kind']> = new Set(['created', 'joined', 'started']);
const FEATURED_REFETCH_DELAY_MS = 500;
/** Seconds a rooms list nobody shows stays cached (and subscribed to the lobby). */
const LOBBY_CACHE_SECONDS = 10;

const roomsBase = api.enhanceEndpoints({ addTagTypes: ['Rooms', 'FeaturedRoom'] });

/**
 * Follows the lobby channel for one cache entry until it is removed; `reload` runs after a reconnect, since events
 * sent while the connection was down are lost.
 */
function streamLobby(dispatch: AppDispatch, onEvent: (event: LobbyRoomEventDto) => void, reload: () => void) {
  const client = getRealtimeClient();
  const lease = client.acquire({ refreshAuth: realtimeAuthRefresher(dispatch) });
  const stopLobby = client.subscribeLobby(onEvent);
  const stopReconnect = client.onConnect((reconnected) => {
    if (reconnected) reload();
  });
  return () => {
    stopReconnect();
    stopLobby();
    lease.release();
  };
}

export const roomsApi = roomsBase.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/rooms?game=&status= — the active rooms, kept live by `lobby:room` events. */
    getRooms: build.query<RoomDto[], RoomsQuery>({
      query: (query) => ({
        url: '/rooms',
        params: {
          ...(query.game ? { game: query.game } : {}),
          ...(query.status ? { status: query.status } : {}),
        },
      }),
      transformResponse: roomsOf,
      providesTags: [ROOM_LIST_TAG],
      // Unused lists stop following the lobby soon after the dashboard closes.
      keepUnusedDataFor: LOBBY_CACHE_SECONDS,
      async onCacheEntryAdded(query, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        try {
          await cacheDataLoaded;
        } catch {
          return; // the entry went away before its first answer
        }
        const stop = streamLobby(
          dispatch,
          (event) => updateCachedData((rooms) => applyLobbyEvent(rooms, event, query)),
          () => void dispatch(roomsApi.endpoints.getRooms.initiate(query, { subscribe: false, forceRefetch: true })),
        );
        await cacheEntryRemoved;
        stop();
      },
    }),
    /** GET /api/rooms/featured — the featured duel; none (null, or 404) is not a failure. */
    getFeaturedRoom: build.query<RoomDto | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery('/rooms/featured');
        if (result.error) return result.error.status === 404 ? { data: null } : { error: result.error };
        const body = result.data as RoomDto | { room?: RoomDto | null } | null | undefined;
        if (!body || typeof body !== 'object') return { data: null };
        if ('id' in body) return { data: body };
        return { data: body.room ?? null };
      },
      providesTags: [FEATURED_TAG],
      keepUnusedDataFor: LOBBY_CACHE_SECONDS,
      async onCacheEntryAdded(_arg, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch, getCacheEntry }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        let refetchTimer: ReturnType<typeof setTimeout> | null = null;
        const refetchSoon = () => {
          refetchTimer ??= setTimeout(() => {
            refetchTimer = null;
            dispatch(roomsApi.util.invalidateTags([FEATURED_TAG]));
          }, FEATURED_REFETCH_DELAY_MS);
        };
        const stop = streamLobby(
          dispatch,
          (event) => {
            const featured = getCacheEntry().data ?? null;
            if (featured && featured.id === event.room.id) {
              if (event.kind === 'closed' || event.kind === 'finished') refetchSoon();
              else updateCachedData(() => event.room);
              return;
            }
            if (FEATURED_TRIGGERS.has(event.kind) && (featured === null || featured.status !== 'playing')) {
              refetchSoon();
            }
          },
          refetchSoon,
        );
        await cacheEntryRemoved;
        if (refetchTimer !== null) clearTimeout(refetchTimer);
        stop();
      },
    }),
    /** GET /api/rooms/{id} — the game room view of a real room (docs/product/rooms-and-matches.md#room-answers). */
    getRoomView: build.query<GameRoomViewDto, string>({
      query: (roomId) => `/rooms/${encodeURIComponent(roomId)}`,
      keepUnusedDataFor: 0,
    }),
    /** POST /api/rooms — escrows the creator's bet; answers the new room. */
    createRoom: build.mutation<RoomDto, CreateRoomRequest>({
      query: (body) => ({
        url: '/rooms',
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey() },
      }),
      invalidatesTags: [ROOM_LIST_TAG, FEATURED_TAG, 'Transactions'],
    }),
    /** POST /api/rooms/{id}/join {password} — escrows the joiner's bet. */
    joinRoom: build.mutation<unknown, JoinRoomRequest>({
      query: ({ roomId, password }) => ({
        url: `/rooms/${encodeURIComponent(roomId)}/join`,
        method: 'POST',
        body: { password: password ?? null },
        headers: { [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey() },
      }),
      invalidatesTags: [ROOM_LIST_TAG, FEATURED_TAG, 'Transactions'],
    }),
    /** POST /api/rooms/{id}/spectate. */
    spectateRoom: build.mutation<unknown, string>({
      query: (roomId) => ({ url: `/rooms/${encodeURIComponent(roomId)}/spectate`, method: 'POST' }),
    }),
    /**
     * POST /api/rooms/{id}/leave — leaving a waiting room closes it and refunds
     * (docs/product/rooms-and-matches.md#leaving-a-room).
     */
    leaveRoom: build.mutation<unknown, string>({
      query: (roomId) => ({ url: `/rooms/${encodeURIComponent(roomId)}/leave`, method: 'POST' }),
      invalidatesTags: [ROOM_LIST_TAG, FEATURED_TAG, 'Transactions'],
    }),
    /** POST /api/rooms/quick-match {game_id, bet_amount} — join a waiting room of that game and bet, else create one. */
    quickMatch: build.mutation<QuickMatchResponseDto, QuickMatchRequest>({
      query: (body) => ({
        url: '/rooms/quick-match',
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey() },
      }),
      invalidatesTags: [ROOM_LIST_TAG, FEATURED_TAG, 'Transactions'],
    }),
  }),
});

/**
 * Money moved (a bet escrowed, a refund, a payout): reload the signed-in user so the top bar's balance is current
 * (GET /users/me/ through `reloadCurrentUser`, which updates the session), and mark the wallet's lists stale
 * (the 'Transactions' tag). The session holds the balance the top bar shows, so a tag alone would not reach it.
 */
export const refreshBalances = (): AppThunk<Promise<void>> => async (dispatch, getState) => {
  if (getState().session.kind !== 'signedIn') return;
  dispatch(api.util.invalidateTags(['Transactions']));
  await dispatch(reloadCurrentUser());
};

export const {
  useGetRoomsQuery,
  useGetFeaturedRoomQuery,
  useGetRoomViewQuery,
  useCreateRoomMutation,
  useJoinRoomMutation,
  useSpectateRoomMutation,
  useLeaveRoomMutation,
} = roomsApi;
