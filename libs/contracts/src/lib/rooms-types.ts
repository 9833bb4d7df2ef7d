import type { GameCategory, GameDifficulty, GameId } from './constants';
import type { RoundReviewDto } from './fair-play';

/**
 * Rooms and matches: the room, the game room view and the game result (docs/product/rooms-and-matches.md).
 * Dollar amounts are JSON numbers with at most 2 decimals; the server keeps integer cents.
 * Field names follow the spec (snake_case, plus the camelCase ones the spec itself uses in the game room view).
 */

/** Room statuses (docs/product/rooms-and-matches.md#room-statuses). Join only when `waiting`. */
export const ROOM_STATUSES = ['waiting', 'ready', 'playing', 'finished', 'cancelled'] as const;
export type RoomStatus = (typeof ROOM_STATUSES)[number];

/** Statuses GET /rooms lists when no `status` filter is given (the dashboard's Active Rooms). */
export const ACTIVE_ROOM_STATUSES: readonly RoomStatus[] = ['waiting', 'ready', 'playing'];

/** Room ids are `room_` plus random characters, so `/game/{id}` can tell a room from a built-in game id. */
export const ROOM_ID_PREFIX = 'room_';
export const ROOM_ID_PATTERN = /^room_[A-Za-z0-9]{16,40}$/;

/** A seat: 0 = player1 (the creator), 1 = player2 (the joiner). */
export type RoomSeat = 0 | 1;

/** player1 / player2 of a Room: username, level. `id` is the user id, so a client can find its own seat. */
export interface RoomPlayerDto {
  id: string;
  username: string;
  level: number;
}

/**
 * A room (docs/product/rooms-and-matches.md#room-answers), one entry of GET /rooms, the featured duel and the lobby
 * events.
 */
export interface RoomDto {
  id: string;
  game_id: GameId | string;
  status: RoomStatus;
  /** Dollars, the stake of each player. */
  bet_amount: number;
  current_players: number;
  /** Always 2: a duel. */
  max_players: number;
  is_private: boolean;
  /** People watching live right now (sockets in the room that are not its players). */
  spectators: number;
  player1: RoomPlayerDto | null;
  player2: RoomPlayerDto | null;
  /** ISO 8601 date-time. */
  created_at: string;
  // ── Additions (not in the spec) ──
  game_name: string;
  game_icon: string;
  /** 1 for the first match; Play Again starts round 2, 3, … in the same room. */
  round: number;
}

/** The game room view's `settings` (docs/product/rooms-and-matches.md#room-answers). */
export interface GameRoomSettingsDto {
  /** Seconds of play (per game: memory-master 60, others 30). */
  time_limit: number;
  /** Countdown seconds before play (3). */
  preparation_time: number;
  /** 'points'. */
  scoring_system: string;
}

/** Who won a round, neutrally: a seat name, a tie (refunded), or void (refunded: both gone, crash, cancelled). */
export type MatchOutcome = 'player1' | 'player2' | 'tie' | 'void';

/**
 * Why a round ended: the engine's reasons (`completed`, `time_up`, `both_out`), `forfeit` (a player left or stayed
 * disconnected beyond the grace period), `void` (both gone, or the server stopped mid-match).
 */
export type MatchEndReason = 'completed' | 'time_up' | 'both_out' | 'forfeit' | 'void';

/** The result of one round, the same for everybody (players and spectators). */
export interface MatchResultDto {
  round: number;
  outcome: MatchOutcome;
  reason: MatchEndReason;
  /** Raw engine scores [player1, player2]; they decide the winner. */
  scores: [number, number];
  /** Scores out of 100 [player1, player2], for display. */
  display_scores: [number, number];
  /** Seconds from the start of play to the end. */
  duration: number;
  /** Dollars: 2 × bet. */
  pot: number;
  /** Dollars taken by the platform (PLATFORM_FEE_BPS of the pot; 0 on a tie or void). */
  fee: number;
  /** Dollars paid to the winner (pot − fee); 0 on a tie or void (both stakes refunded). */
  payout: number;
  /** Provably fair: sha256 hex of the seed, published before the start... */
  seed_hash: string;
  /** ...and the seed, revealed after the end: sha256(seed) must equal seed_hash. */
  seed: string;
  /** ISO 8601 date-time. */
  ended_at: string;
  /**
   * True while the winner's payout is held for a fair-play review (docs/product/fair-play.md#payouts-held-for-review):
   * the pot waits in escrow, `payout` is 0 until support releases it (or voids the round). Absent otherwise.
   */
  payout_held?: boolean;
}

/**
 * A game result (docs/product/rooms-and-matches.md#results-and-settlement), from one player's point of view (the
 * `match:result` event).
 */
export interface GameResultDto {
  /** 'player' = you won, 'opponent' = you lost, 'tie' and 'void' refund both stakes. */
  winner: 'player' | 'opponent' | 'tie' | 'void';
  /** Out of 100. */
  player_score: number;
  opponent_score: number;
  /** Dollars received as winnings (the pot minus the fee for the winner, else 0). */
  earnings: number;
  /** Seconds. */
  duration: number;
  // ── Additions ──
  /** Dollars returned to you (your stake on a tie or void, else 0). */
  refunded: number;
  reason: MatchEndReason;
  round: number;
  /** True while the round's payout is held for a fair-play review (nobody is paid yet). */
  payout_held?: boolean;
}

/**
 * GET /rooms/{id}: the game room view (docs/product/rooms-and-matches.md#room-answers) of a real room, with `status`
 * and `settings`.
 */
export interface GameRoomViewDto {
  id: string;
  name: string;
  icon: string;
  description: string;
  category: GameCategory | string;
  difficulty: GameDifficulty | string;
  /** Dollars (the game's limits). */
  min_bet: number;
  max_bet: number;
  default_bet: number;
  /** Dollars: this room's stake. */
  betAmount: number;
  isPrivate: boolean;
  player1: RoomPlayerDto | null;
  player2: RoomPlayerDto | null;
  spectators: number;
  created_at: string;
  status: RoomStatus;
  settings: GameRoomSettingsDto;
  // ── Additions ──
  game_id: GameId | string;
  /** Same as betAmount (the Room's field name). */
  bet_amount: number;
  current_players: number;
  max_players: number;
  round: number;
  /** The caller's seat when signed in and seated, else null (spectator or guest). */
  your_seat: RoomSeat | null;
  /** sha256 hex of the current round's seed once its countdown began, else null. */
  seed_hash: string | null;
  /** The last finished round's result (with its revealed seed), else null. */
  last_result: MatchResultDto | null;
  /** ISO date-time a waiting/ready room is cancelled and refunded if nobody starts it; null otherwise. */
  expires_at: string | null;
}

/**
 * One engine call of a round, in order: a player's input at its server time, or a clock tick (time-up, timed
 * events). Replaying the log from the revealed seed (create → applyInput/tick) recomputes both scores exactly.
 */
export type MatchLogEntry = { at_ms: number; seat: RoomSeat; input: unknown } | { at_ms: number; tick: true };

/** GET /rooms/{id}/rounds/{round}: a finished (or void) round with everything needed to verify it. */
export interface MatchReplayDto {
  room_id: string;
  round: number;
  game_id: GameId | string;
  time_limit_ms: number;
  result: MatchResultDto;
  input_log: MatchLogEntry[];
  /** Whether the round's payout was held for a fair-play review, why and how it was decided; null if never held. */
  review: RoundReviewDto | null;
}

/** GET /rooms query. */
export interface RoomsQuery {
  /** A game id. */
  game?: string;
  /** One status; without it the active ones (waiting, ready, playing). */
  status?: RoomStatus;
}

/** POST /rooms/quick-match answer: 200 when a waiting room was joined, 201 when a new one was created. */
export interface QuickMatchResponseDto {
  room: RoomDto;
  /** true: joined an existing room ('Joined room successfully!'); false: created one ('Room created successfully!'). */
  matched: boolean;
}

/** Codes of room refusals (the `code` of the error body); the `detail` carries the human message. */
export const ROOM_ERROR_CODES = {
  invalidBet: 'INVALID_BET',
  /** 400, params.amount: the game's minimum bet in dollars ('1.00'). */
  betBelowMinimum: 'BET_BELOW_MINIMUM',
  /** 400, params.amount: the game's maximum bet in dollars. */
  betAboveMaximum: 'BET_ABOVE_MAXIMUM',
  /** 400: a private room needs a password of 6 to 64 characters. */
  passwordRequired: 'ROOM_PASSWORD_REQUIRED',
  insufficientBalance: 'INSUFFICIENT_BALANCE',
  betNotAllowed: 'BET_NOT_ALLOWED',
  gameNotFound: 'GAME_NOT_FOUND',
  roomNotFound: 'NOT_FOUND',
  roomNotJoinable: 'ROOM_NOT_JOINABLE',
  ownRoom: 'OWN_ROOM',
  wrongPassword: 'WRONG_PASSWORD',
  /** 429 (the spec's 'Too many requests…'): too many wrong guesses of this room's password. */
  tooManyPasswordGuesses: 'TOO_MANY_PASSWORD_GUESSES',
  /** 409, params.max: how many open rooms a player may have. */
  tooManyOpenRooms: 'TOO_MANY_OPEN_ROOMS',
  notInRoom: 'NOT_IN_ROOM',
  invalidMaxPlayers: 'INVALID_MAX_PLAYERS',
  /** 403 (the spec's 'Access forbidden'): only its players may watch a private room (decision 2350). */
  privateRoom: 'PRIVATE_ROOM',
} as const;

/** Room messages the spec does not word itself (its own are in VALIDATION_MESSAGES / TOAST_MESSAGES). */
export const ROOM_MESSAGES = {
  betBelowMin: (minDollars: string): string => `Minimum bet for this game is $${minDollars}`,
  betAboveMax: (maxDollars: string): string => `Maximum bet for this game is $${maxDollars}`,
  chooseGame: 'Please choose a game',
  betNotAllowed: 'Betting is not enabled for your account',
  roomNotJoinable: 'This room is no longer open to join',
  ownRoom: 'You cannot join your own room',
  wrongPassword: 'Incorrect room password',
  passwordRequired: 'Please enter a room password (6 to 64 characters) for a private room',
  tooManyOpenRooms: (max: number): string => `You can have at most ${max} open rooms at a time`,
  notInRoom: 'You are not a player in this room',
  maxPlayers: 'Rooms are for 2 players',
  roomCancelled: 'The room was closed and your bet was refunded',
} as const;
