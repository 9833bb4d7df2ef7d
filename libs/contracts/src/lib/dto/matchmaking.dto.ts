import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { BET_AMOUNT_RULE } from '../amount-rules';
import { ROOM_MESSAGES } from '../rooms-types';
import { IsDollarAmount } from './wallet.dto';

const GAME_ID_MAX_LENGTH = 64;

/** POST /matchmaking/queue: search an opponent for this game and stake (the stake is escrowed on entry). */
export class EnterQueueDto {
  @MaxLength(GAME_ID_MAX_LENGTH, { message: ROOM_MESSAGES.chooseGame })
  @IsNotEmpty({ message: ROOM_MESSAGES.chooseGame })
  @IsString({ message: ROOM_MESSAGES.chooseGame })
  game_id!: string;

  @IsDollarAmount(BET_AMOUNT_RULE)
  bet_amount!: number | string;
}
