import { GameRoomViewDto, HTTP_ERROR_MESSAGES, ROOM_ERROR_CODES } from '@skillduel/contracts';
import { AppError } from '../common/app-error';

/**
 * What a private room shows to someone who is not seated in it (decision 2350): the lobby card's facts (game, stake,
 * status, players, spectator count) and nothing of the room's life (live state, chat, the seed of the round in play,
 * the last result). Its players see everything; outsiders may not watch it (REST spectate, socket `room:join`).
 */
export function lobbyCardView(view: GameRoomViewDto): GameRoomViewDto {
  return { ...view, seed_hash: null, last_result: null, expires_at: null };
}

/** 403 'Access forbidden' for watching a private room one does not sit in. */
export function privateRoomForbidden(): AppError {
  return new AppError(403, ROOM_ERROR_CODES.privateRoom, HTTP_ERROR_MESSAGES[403]);
}
