import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { toInt } from './config-transforms';
import { FairPlayConfig } from './fair-play-config';

/**
 * Rooms and live matches (rooms and realtime modules, decisions 0601 to 0607; across instances 0801). AppConfig extends
 * this class (through PlayerProtectionConfig and AuthConfig), so they are validated at boot with every other variable.
 */
export class RoomsConfig extends FairPlayConfig {
  /** A room waiting for an opponent (or for both players to Start) is cancelled and refunded after this long. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(86_400)
  ROOM_WAITING_EXPIRY_SECONDS = 600;

  /** A player disconnected during a match may come back within this many seconds; after it they forfeit. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(600)
  RECONNECT_GRACE_SECONDS = 15;

  /** Platform fee in basis points of the pot (2 × bet) taken from the winner's payout; 0 = none. Ties pay no fee. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(5000)
  PLATFORM_FEE_BPS = 0;

  /** Rooms (waiting, ready or playing) one player may sit in at once, created or joined. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100)
  MAX_OPEN_ROOMS_PER_PLAYER = 3;

  /**
   * "An opponent joined your room" is written at most once per opponent per room within this many seconds, so an
   * opponent joining and leaving over and over cannot flood the owner's bell (0: every join).
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(86_400)
  OPPONENT_JOINED_NOTIFY_INTERVAL_SECONDS = 300;

  // MATCHMAKING_* variables: MatchmakingConfig (matchmaking-config.ts).

  /**
   * The 3-2-1 countdown between both players pressing Start and play: 3 s (docs/product/games.md#time-limits). Smaller
   * only in tests.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(10_000)
  MATCH_COUNTDOWN_MS = 3000;

  /**
   * Overrides every game's time limit (milliseconds) when above 0. For tests and load benchmarks only: it changes the
   * rules of every game, so production leaves it at 0.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(600_000)
  MATCH_TIME_LIMIT_OVERRIDE_MS = 0;

  /**
   * How often this instance looks for expired rooms and for matches a dead instance left unsettled. A tuning knob:
   * the default is the production value; tests and the chaos soak shorten it.
   */
  @Transform(toInt)
  @IsInt()
  @Min(20)
  @Max(600_000)
  ROOM_SWEEP_INTERVAL_MS = 5000;

  /**
   * How often this instance marks the matches it runs as alive. A tuning knob: the default is the production value;
   * tests and the chaos soak shorten it.
   */
  @Transform(toInt)
  @IsInt()
  @Min(20)
  @Max(600_000)
  MATCH_HEARTBEAT_INTERVAL_MS = 5000;

  /**
   * Socket.IO heartbeat: the server pings every SOCKET_PING_INTERVAL_MS and drops a socket whose pong has not come
   * within SOCKET_PING_TIMEOUT_MS. Shortened only by tests (the chaos soak pauses a process longer than this).
   */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600_000)
  SOCKET_PING_INTERVAL_MS = 20_000;

  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600_000)
  SOCKET_PING_TIMEOUT_MS = 20_000;

  /**
   * After SIGTERM/SIGINT the server exits within this many milliseconds, whatever is still in flight (open HTTP
   * connections are closed half-way). Below the launchers' 10 s grace before SIGKILL.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(120_000)
  SHUTDOWN_TIMEOUT_MS = 8000;

  /** A running match whose instance has not marked it alive for this long is voided and refunded. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3600)
  MATCH_STALE_AFTER_SECONDS = 30;

  /** With REDIS_URL: how long a room's ownership lease lasts in Redis (renewed every third of it while loaded). */
  @Transform(toInt)
  @IsInt()
  @Min(300)
  @Max(600_000)
  ROOM_OWNER_LEASE_MS = 15_000;

  /** With REDIS_URL: how long a socket request forwarded to the room's owning instance may wait for its answer. */
  @Transform(toInt)
  @IsInt()
  @Min(50)
  @Max(60_000)
  ROOM_FORWARD_TIMEOUT_MS = 3000;

  /** How often open sockets' sessions are re-checked; a revoked or expired session's sockets are disconnected. */
  @Transform(toInt)
  @IsInt()
  @Min(20)
  @Max(600_000)
  SOCKET_SESSION_CHECK_INTERVAL_MS = 10_000;

  /** Open sockets one signed-in user may hold on an instance (tabs, devices); more are refused (decision 1002). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  SOCKET_MAX_PER_USER = 10;

  /** Open sockets one client IP may hold on an instance, guests included (decision 1002). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100_000)
  SOCKET_MAX_PER_IP = 50;

  /** Socket handshakes (connection attempts) per client IP per minute; more answer 'Too many requests…'. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  SOCKET_HANDSHAKES_PER_IP_PER_MINUTE = 120;
}
