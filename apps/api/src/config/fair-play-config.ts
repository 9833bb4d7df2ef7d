import { Transform } from 'class-transformer';
import { IsNumber, Max, Min } from 'class-validator';
import { MatchmakingConfig } from './matchmaking-config';

/**
 * Fair-play variables (docs/decisions/1802). AppConfig extends this class, so they are validated at boot
 * with every other variable and read as `config.FAIR_PLAY_*`.
 */
export class FairPlayConfig extends MatchmakingConfig {
  /**
   * A winner whose fair-play signals of the round add up to this score or more is not paid: the pot stays in escrow
   * and the round goes to support's review queue. Each signal scores at most 1, so 1 holds on any single strong sign.
   */
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? Number(value) : value))
  @IsNumber()
  @Min(0.5)
  @Max(100)
  FAIR_PLAY_HOLD_SCORE = 1;
}
