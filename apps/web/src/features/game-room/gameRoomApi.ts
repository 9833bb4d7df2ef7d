import { api } from '../../app/api';

/**
 * The part of a room (docs/product/rooms-and-matches.md#room-answers) the game room reads today. The rooms work
 * publishes the full room view in @skillduel/contracts; this shape then gives way to it.
 */
export interface RoomSummaryDto {
  id: string;
  game_id: string;
  status: string;
  bet_amount: number;
}

export const gameRoomApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/rooms/{id}: a real room (ids containing 'room'). A failure shows 'Game Room Not Found'. */
    getRoom: build.query<RoomSummaryDto, string>({
      query: (roomId) => `/rooms/${encodeURIComponent(roomId)}`,
    }),
  }),
});

export const { useGetRoomQuery } = gameRoomApi;
