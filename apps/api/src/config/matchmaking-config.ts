import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, Max, Min } from 'class-validator';
import { toBoolean, toInt } from './config-transforms';

/**
 * The matchmaking queue's variables (docs/decisions/1702 and 1703). AppConfig extends this class, so
 * they are validated at boot with every other variable and read as `config.MATCHMAKING_*`.
 */
export class MatchmakingConfig {
  /** How often the matchmaking queue's matcher pairs waiting entries and expires old ones. */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(60_000)
  MATCHMAKING_INTERVAL_MS = 500;

  /** A matchmaking entry not paired after this long leaves the queue with a full refund. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3600)
  MATCHMAKING_MAX_WAIT_SECONDS = 120;

  /**
   * A matched room neither player opens (watches over the socket) within this long is cancelled by the room expiry
   * sweep and both stakes refunded: a pair made while the players' clients were cut off does not hold their money for
   * the whole ROOM_WAITING_EXPIRY_SECONDS. Opening it gives the room the ordinary expiry of a ready room.
   */
  @Transform(toInt)
  @IsInt()
  @Min(5)
  @Max(3600)
  MATCHED_ROOM_OPEN_WINDOW_SECONDS = 60;

  /**
   * Refuse to pair two accounts whose queue entries came from the same IP address. Off by default: households,
   * offices and carrier NAT share addresses (so do all local tests). Same-device pairs are always refused.
   */
  @Transform(toBoolean)
  @IsBoolean()
  MATCHMAKING_DISTINCT_IPS = false;
}
