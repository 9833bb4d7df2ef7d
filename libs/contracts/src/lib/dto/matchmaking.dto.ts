import { GameStakeDto } from './rooms.dto';

/** POST /matchmaking/queue: search an opponent for this game and stake (the stake is escrowed on entry). */
export class EnterQueueDto extends GameStakeDto {}
