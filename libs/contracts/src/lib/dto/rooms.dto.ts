import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { BET_AMOUNT_RULE, ROOM_PASSWORD_LIMITS } from '../amount-rules';
import { LIMITS } from '../constants';
import { ROOM_ERROR_CODES, ROOM_MESSAGES, ROOM_STATUSES, type RoomStatus } from '../rooms-types';
import { IsDollarAmount } from './wallet.dto';

const GAME_ID_MAX_LENGTH = 64;

const CHOOSE_GAME = { message: ROOM_MESSAGES.chooseGame, context: { code: ROOM_ERROR_CODES.gameNotFound } };
const PASSWORD_REQUIRED = {
  message: ROOM_MESSAGES.passwordRequired,
  context: { code: ROOM_ERROR_CODES.passwordRequired },
};
const WRONG_PASSWORD = { message: ROOM_MESSAGES.wrongPassword, context: { code: ROOM_ERROR_CODES.wrongPassword } };

/** A game and a stake: the body of quick match and of the matchmaking queue, and the start of a new room's. */
export class GameStakeDto {
  @MaxLength(GAME_ID_MAX_LENGTH, CHOOSE_GAME)
  @IsNotEmpty(CHOOSE_GAME)
  @IsString(CHOOSE_GAME)
  game_id!: string;

  /** Dollars, a JSON number or a decimal string with at most 2 decimals. */
  @IsDollarAmount(BET_AMOUNT_RULE)
  bet_amount!: number | string;
}

/** POST /rooms: {game_id, bet_amount, is_private (false), max_players (2)}; `password` for private rooms. */
export class CreateRoomDto extends GameStakeDto {
  @IsOptional()
  @IsBoolean({ message: 'is_private must be true or false' })
  is_private?: boolean;

  @IsOptional()
  @IsIn([LIMITS.roomMaxPlayers], {
    message: ROOM_MESSAGES.maxPlayers,
    context: { code: ROOM_ERROR_CODES.invalidMaxPlayers },
  })
  max_players?: number;

  /** Required when is_private is true; ignored otherwise. */
  @ValidateIf((object: CreateRoomDto) => object.is_private === true)
  @MaxLength(ROOM_PASSWORD_LIMITS.maxLength, PASSWORD_REQUIRED)
  @MinLength(ROOM_PASSWORD_LIMITS.minLength, PASSWORD_REQUIRED)
  @IsString(PASSWORD_REQUIRED)
  password?: string;
}

/** POST /rooms/{id}/join: {password}; the password matters for private rooms only. */
export class JoinRoomDto {
  @IsOptional()
  @MaxLength(ROOM_PASSWORD_LIMITS.maxLength, WRONG_PASSWORD)
  @IsString(WRONG_PASSWORD)
  password?: string | null;
}

/** POST /rooms/quick-match: join a waiting public room of this game and bet, else create one. */
export class QuickMatchDto extends GameStakeDto {}

/** GET /rooms?game=&status= (without status: the active rooms). */
export class RoomsQueryDto {
  @IsOptional()
  @MaxLength(GAME_ID_MAX_LENGTH, { message: 'game must be a game id' })
  @IsString({ message: 'game must be a game id' })
  game?: string;

  @IsOptional()
  @IsIn(ROOM_STATUSES, { message: `status must be one of ${ROOM_STATUSES.join(', ')}` })
  status?: RoomStatus;
}
