import type {
  ChatMessageDto,
  GameResultDto,
  GameRoomViewDto,
  MatchResultDto,
  RoomDto,
  RoomJoinedDto,
  RoomPlayerDto,
  RoomStateDto,
} from '@skillduel/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl, server } from './server';

/** Test data for the rooms screens (dashboard, live room). */

export const ALICE: RoomPlayerDto = { id: 'user-1', username: 'alice', level: 4 };
export const BOB: RoomPlayerDto = { id: 'user-2', username: 'bob', level: 7 };
export const CAROL: RoomPlayerDto = { id: 'user-3', username: 'carol', level: 2 };

let roomSeq = 0;

export function buildRoom(overrides: Partial<RoomDto> = {}): RoomDto {
  roomSeq += 1;
  return {
    id: `room_test${String(roomSeq).padStart(12, '0')}`,
    game_id: 'number-rush',
    status: 'waiting',
    bet_amount: 5,
    current_players: 1,
    max_players: 2,
    is_private: false,
    spectators: 0,
    player1: BOB,
    player2: null,
    created_at: new Date(Date.UTC(2026, 0, 1, 12, 0, roomSeq)).toISOString(),
    game_name: 'Number Rush',
    game_icon: '🔢',
    round: 1,
    ...overrides,
  };
}

export function buildRoomView(room: RoomDto, overrides: Partial<GameRoomViewDto> = {}): GameRoomViewDto {
  return {
    id: room.id,
    name: room.game_name,
    icon: room.game_icon,
    description: 'Solve sums.',
    category: 'math',
    difficulty: 'medium',
    min_bet: 1,
    max_bet: 100,
    default_bet: 10,
    betAmount: room.bet_amount,
    isPrivate: room.is_private,
    player1: room.player1,
    player2: room.player2,
    spectators: room.spectators,
    created_at: room.created_at,
    status: room.status,
    settings: { time_limit: 30, preparation_time: 3, scoring_system: 'points' },
    game_id: room.game_id,
    bet_amount: room.bet_amount,
    current_players: room.current_players,
    max_players: room.max_players,
    round: room.round,
    your_seat: null,
    seed_hash: null,
    last_result: null,
    expires_at: null,
    ...overrides,
  };
}

export function buildRoomState(room: RoomDto, overrides: Partial<RoomStateDto> = {}): RoomStateDto {
  return {
    room,
    phase: room.status,
    ready: [false, false],
    play_again: [false, false],
    presence: {
      room_id: room.id,
      players: [
        room.player1 ? { ...room.player1, connected: true, grace_ends_at: null } : null,
        room.player2 ? { ...room.player2, connected: true, grace_ends_at: null } : null,
      ],
      spectators: room.spectators,
    },
    match: null,
    server_time: Date.now(),
    ...overrides,
  };
}

export function buildJoined(room: RoomDto, overrides: Partial<RoomJoinedDto> = {}): RoomJoinedDto {
  return { ...buildRoomState(room), your_seat: null, chat: [], ...overrides };
}

let chatSeq = 0;

export function buildChatMessage(roomId: string, overrides: Partial<ChatMessageDto> = {}): ChatMessageDto {
  chatSeq += 1;
  return {
    id: `chat-${chatSeq}`,
    room_id: roomId,
    user_id: BOB.id,
    username: BOB.username,
    message: 'good luck!',
    timestamp: new Date(Date.UTC(2026, 0, 1, 12, 30, chatSeq)).toISOString(),
    isEmote: false,
    emote: null,
    ...overrides,
  };
}

export function buildMatchResult(overrides: Partial<MatchResultDto> = {}): MatchResultDto {
  return {
    round: 1,
    outcome: 'player1',
    reason: 'time_up',
    scores: [40, 20],
    display_scores: [40, 20],
    duration: 30,
    pot: 10,
    fee: 0,
    payout: 10,
    seed_hash: 'a'.repeat(64),
    seed: 'b'.repeat(32),
    ended_at: '2026-01-01T12:31:00.000Z',
    ...overrides,
  };
}

export function buildGameResult(overrides: Partial<GameResultDto> = {}): GameResultDto {
  return {
    winner: 'player',
    player_score: 40,
    opponent_score: 20,
    earnings: 10,
    duration: 30,
    refunded: 0,
    reason: 'time_up',
    round: 1,
    ...overrides,
  };
}

/** GET /rooms (any filter: the handler filters by `game` like the server) and GET /rooms/featured. */
export function serveRooms(rooms: readonly RoomDto[], featured: RoomDto | null = null): void {
  server.use(
    http.get(apiUrl('/rooms'), ({ request }) => {
      const game = new URL(request.url).searchParams.get('game');
      return HttpResponse.json(rooms.filter((room) => !game || room.game_id === game));
    }),
    http.get(apiUrl('/rooms/featured'), () => HttpResponse.json(featured)),
  );
}

/** GET /rooms/{id} answers this view. */
export function serveRoomView(view: GameRoomViewDto): void {
  server.use(http.get(apiUrl(`/rooms/${view.id}`), () => HttpResponse.json(view)));
}
