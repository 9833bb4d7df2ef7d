import type { EMOTES } from './constants';
import type { GameResultDto, MatchResultDto, RoomDto, RoomSeat } from './rooms-types';
import type { LobbyFiguresDto } from './lobby-figures';
import type { MatchmakingExpiredDto, MatchmakingMatchedDto } from './matchmaking';
import { HTTP_ERROR_MESSAGES } from './messages';
import type {
  TournamentAttemptFinishedDto,
  TournamentAttemptInputPayload,
  TournamentAttemptJoinedDto,
  TournamentAttemptRefPayload,
  TournamentRefPayload,
  TournamentStandingsChangedDto,
} from './tournaments';

/**
 * The realtime contract (docs/product/rooms-and-matches.md#realtime-connection): Socket.IO on the same origin, default
 * namespace, path `/socket.io`.
 *
 * Handshake: `io({ path: REALTIME_PATH, auth: { token: accessToken } })`. Without a token the socket is a guest
 * spectator (watch rooms and the lobby; no chat, emotes or play). A token that is sent but not valid fails the
 * connection with `connect_error` (message 'Authentication required', `data.code` 'UNAUTHORIZED'): refresh the token
 * and reconnect. A revoked session's sockets receive `app:error` SESSION_REVOKED and are disconnected.
 *
 * Requests (client → server) take an optional acknowledgement callback that receives an `Ack`. A refused request
 * answers `{ ok: false, error }` through the ack when one was given, else through an `app:error` event. Every event is
 * rate limited per socket (REALTIME_LIMITS); a client that keeps flooding, or sends a message over
 * REALTIME_LIMITS.maxMessageBytes, is disconnected.
 *
 * Times: `*_at` numbers are server epoch milliseconds; `server_time` lets a client correct its own clock.
 * Seats: 0 = player1 (the room's creator), 1 = player2. Pairs `[a, b]` are `[player1, player2]`.
 */

export const REALTIME_PATH = '/socket.io';

/** Client → server event names. */
export const CLIENT_EVENTS = {
  /** Start watching a room (as its player when seated, else as a spectator). Ack: RoomJoinedDto. */
  roomJoin: 'room:join',
  /** Stop watching a room. A player leaving during play counts as disconnected (grace period). Ack: null. */
  roomLeave: 'room:leave',
  /** Start (ready). Both players ready → countdown → playing. Ack: null. */
  matchReady: 'match:ready',
  /** Play Again after a finished round: both confirm → both bets escrowed again → status ready. Ack: null. */
  matchPlayAgain: 'match:play_again',
  /** A game input (the engine's shape, e.g. `{ type: 'click' }`), time-stamped by the server. Ack: MatchInputAckDto. */
  matchInput: 'match:input',
  /** A chat message (trimmed; empty ignored; at most 200 characters). Ack: null. */
  chatSend: 'chat:send',
  /** One of the 10 emotes, by id (EMOTES). Ack: null. */
  chatEmote: 'chat:emote',
  /** Receive `lobby:room` events (the dashboard). Ack: null. */
  lobbySubscribe: 'lobby:subscribe',
  lobbyUnsubscribe: 'lobby:unsubscribe',
  /**
   * Opens one's own tournament attempt (`{ attempt_id }`, from POST /tournaments/{id}/attempts): the countdown starts
   * at once, then play. Again later on the same server: the current state. Ack: TournamentAttemptJoinedDto.
   */
  tournamentAttemptJoin: 'tournament:attempt:join',
  /** A game input of one's attempt (`{ attempt_id, input }`), timed by the server. Ack: MatchInputAckDto. */
  tournamentAttemptInput: 'tournament:attempt:input',
  /** Receive `tournament:standings` of one tournament (`{ tournament_id }`), signed in or not. Ack: null. */
  tournamentSubscribe: 'tournament:subscribe',
  tournamentUnsubscribe: 'tournament:unsubscribe',
} as const;
export type ClientEventName = (typeof CLIENT_EVENTS)[keyof typeof CLIENT_EVENTS];

/** Server → client event names. */
export const SERVER_EVENTS = {
  /** The room's public state, to everyone in the room, whenever its status, seats, ready flags or phase change. */
  roomState: 'room:state',
  /** Who is connected (players) and how many watch, to everyone in the room (throttled). */
  roomPresence: 'room:presence',
  /** Both players are ready: the seed hash is published and play starts at `starts_at`. */
  matchCountdown: 'match:countdown',
  /** Play has started (after the countdown). */
  matchStarted: 'match:started',
  /** This player's own view of the game (PlayerView of @skillduel/games). Only ever sent to that player. */
  matchView: 'match:view',
  /** Both scores, to players and spectators, at most every REALTIME_LIMITS.scoresIntervalMs. */
  matchScores: 'match:scores',
  /** The round is over: result, payout and the revealed seed, to everyone in the room. */
  matchFinished: 'match:finished',
  /** The spec's Game result from this player's point of view. Only to that player. */
  matchResult: 'match:result',
  /** A chat message or emote, to everyone in the room. */
  chatMessage: 'chat:message',
  /** A lobby change (to `lobby:subscribe`rs): the dashboard's Active Rooms and featured duel update. */
  lobbyRoom: 'lobby:room',
  /** Players online, searching and playing, live matches: to lobby subscribers, when they change. */
  lobbyFigures: 'lobby:figures',
  /**
   * The signed-in user's notifications changed (a win, a level-up, an opponent joined, read elsewhere): the bell
   * shows the new unread count and refetches its list. Only to that user's own sockets.
   */
  notificationsChanged: 'notifications:changed',
  /**
   * Money moved in or out of the signed-in user's wallet, or one of their transactions changed (a stake, a refund, a
   * payout, a deposit, a withdrawal paid or returned), pushed once the ledger transaction committed: every open tab
   * reloads the balance and the wallet at once. Only to that user's own sockets.
   */
  walletChanged: 'wallet:changed',
  /** The matchmaking queue paired this player: the room id of the ready match. Only to that user. */
  matchmakingMatched: 'matchmaking:matched',
  /** The player's queue entry expired unpaired (MATCHMAKING_MAX_WAIT_SECONDS) and the stake was refunded. Only to that user. */
  matchmakingExpired: 'matchmaking:expired',
  /** The player's tournament attempt is over: its stored score (TournamentAttemptFinishedDto). Only to that player. */
  tournamentAttemptFinished: 'tournament:attempt:finished',
  /**
   * A player's best score in a tournament changed (TournamentStandingsChangedDto): to everyone subscribed to that
   * tournament, on every instance. Pages reload their standings from it.
   */
  tournamentStandings: 'tournament:standings',
  /** A refusal without an ack, a rate limit, or the reason of a disconnection. */
  error: 'app:error',
} as const;
export type ServerEventName = (typeof SERVER_EVENTS)[keyof typeof SERVER_EVENTS];

/** Per-socket limits (token buckets: `burst` at once, then one more every `refillMs`). */
export const REALTIME_LIMITS = {
  /** Socket.IO maxHttpBufferSize: a bigger message closes the connection. */
  maxMessageBytes: 4096,
  /** Game inputs (the engines accept at most 20 per second per player anyway). */
  input: { burst: 30, refillMs: 40 },
  /** Chat messages. */
  chat: { burst: 5, refillMs: 2000 },
  /** Emotes. */
  emote: { burst: 5, refillMs: 1000 },
  /** Everything else (join, leave, ready, play again, lobby). */
  control: { burst: 20, refillMs: 250 },
  /** Refusals for rate in a row (with no accepted event between) after which the socket is disconnected. */
  maxStrikes: 50,
  /** Spectator broadcasts of both scores are throttled to this interval (≤ 10 per second). */
  scoresIntervalMs: 100,
  /** Presence updates (spectator counts) are throttled to this interval. */
  presenceIntervalMs: 1000,
  /** Rooms a single socket may watch at once. */
  maxRoomsPerSocket: 5,
} as const;

export type EmoteId = (typeof EMOTES)[number]['id'];

/** Error codes of `app:error` and of refused acks. `message` is the text to show. */
export const REALTIME_ERROR_CODES = {
  rateLimited: 'RATE_LIMITED',
  invalidPayload: 'INVALID_PAYLOAD',
  unauthorized: 'UNAUTHORIZED',
  guestChat: 'GUEST_CHAT',
  guestEmote: 'GUEST_EMOTE',
  guestPlay: 'GUEST_PLAY',
  roomNotFound: 'NOT_FOUND',
  notInRoom: 'NOT_IN_ROOM',
  notWatching: 'NOT_WATCHING',
  invalidState: 'INVALID_STATE',
  insufficientBalance: 'INSUFFICIENT_BALANCE',
  inputRejected: 'INPUT_REJECTED',
  sessionRevoked: 'SESSION_REVOKED',
  tooManyRooms: 'TOO_MANY_ROOMS',
  tooManyConnections: 'TOO_MANY_CONNECTIONS',
  /** `room:join` of a private room by someone not seated in it ('Access forbidden'; decision 2350). */
  privateRoom: 'PRIVATE_ROOM',
  /**
   * Safe to try again: the database cannot be reached, or the instance that runs the room did not answer in time
   * (paused, overloaded). The socket's counterpart of REST's 503 DATABASE_UNAVAILABLE.
   */
  unavailable: 'UNAVAILABLE',
  internal: 'INTERNAL',
  /**
   * Not a refusal: told (as `app:error`, to the whole room) when the instance that ran the room's round died; the
   * round is voided and both stakes refunded at once, then `match:finished` / `match:result` follow.
   */
  roomServerStopped: 'ROOM_SERVER_STOPPED',
} as const;
export type RealtimeErrorCode = (typeof REALTIME_ERROR_CODES)[keyof typeof REALTIME_ERROR_CODES];

/** Realtime messages the spec does not word itself (its own: 'Sign up to chat with other players!', 'Sign up to use emotes!', 'Too many requests. Please try again later.'). */
export const REALTIME_MESSAGES = {
  invalidPayload: 'Invalid request',
  guestPlay: 'Sign up to join games and bet real money!',
  notInRoom: 'You are not a player in this room',
  notWatching: 'Join the room first',
  notReadyState: 'The match cannot start right now',
  playAgainState: 'Play Again is only possible after a finished round',
  notPlaying: 'The match is not being played',
  sessionRevoked: 'Your session has ended. Please sign in again.',
  tooManyRooms: 'You are watching too many rooms at once',
  tooManyConnections: 'Too many open connections. Close other tabs and try again.',
  opponentLeft: 'Your opponent left the room',
  opponentCannotAfford: 'Your opponent does not have enough balance for another round',
  opponentCannotPlayAgain: 'Your opponent cannot play another round for money right now',
  chatTooLong: 'Messages can be at most 200 characters',
  chatForbiddenCharacters: 'Messages cannot contain control or text-direction characters',
  chatDisabled: 'Chat is disabled',
  unknownEmote: 'Unknown emote',
  unavailable: HTTP_ERROR_MESSAGES.serviceUnavailable,
  internal: 'Server error. Please try again later.',
  roomServerStopped: 'The server running this match stopped; your stake is being refunded.',
} as const;

export interface RealtimeErrorDto {
  code: RealtimeErrorCode | string;
  message: string;
  /** The client event that was refused, when there is one. */
  event?: string;
}

/** What every acknowledgement callback receives. */
export type Ack<T> = { ok: true; data: T } | { ok: false; error: RealtimeErrorDto };

/** Handshake `auth` object. */
export interface RealtimeAuth {
  /** The access token; omit for a guest spectator. */
  token?: string;
  /** A guest's session id (`guest_…`): a room counts each guest once however many tabs watch it (decision 1002). */
  guest_id?: string;
}

// ── Client → server payloads ─────────────────────────────────────────────────────────────────────────────────────

export interface RoomRefPayload {
  room_id: string;
}
export interface MatchInputPayload {
  room_id: string;
  /** The engine's input shape (InputOf<game> in @skillduel/games). */
  input: unknown;
}
export interface ChatSendPayload {
  room_id: string;
  message: string;
}
export interface ChatEmotePayload {
  room_id: string;
  emote: EmoteId;
}

// ── Server → client payloads ─────────────────────────────────────────────────────────────────────────────────────

/** Match phase as the game room shows it: the room's status, with the countdown told apart from play. */
export type RoomPhase = 'waiting' | 'ready' | 'countdown' | 'playing' | 'finished' | 'cancelled';

export interface PresenceSeatDto {
  id: string;
  username: string;
  level: number;
  /** At least one socket of this player is watching the room. */
  connected: boolean;
  /** While a player is disconnected during a match: when they forfeit unless they come back (epoch ms). */
  grace_ends_at: number | null;
}

export interface RoomPresenceDto {
  room_id: string;
  players: [PresenceSeatDto | null, PresenceSeatDto | null];
  spectators: number;
}

/** PlayerStatus of the engines. */
export type MatchPlayerStatus = 'playing' | 'completed' | 'out';

/** The current (or last) round as everyone may see it. */
export interface LiveMatchDto {
  round: number;
  phase: 'countdown' | 'playing' | 'finished';
  /** sha256 hex of the seed, published at the countdown. */
  seed_hash: string;
  /** Revealed once the round is finished, else null. */
  seed: string | null;
  /** When play starts (end of the countdown), epoch ms. */
  starts_at: number;
  /** When play ends at the latest (starts_at + time_limit_ms), epoch ms. */
  ends_at: number;
  time_limit_ms: number;
  display_scores: [number, number];
  statuses: [MatchPlayerStatus, MatchPlayerStatus];
  result: MatchResultDto | null;
}

/** `room:state`: the room's public state (the same for everyone in the room). */
export interface RoomStateDto {
  room: RoomDto;
  phase: RoomPhase;
  /** Who pressed Start for the current round. */
  ready: [boolean, boolean];
  /** Who confirmed Play Again after a finished round. */
  play_again: [boolean, boolean];
  presence: RoomPresenceDto;
  /** The current round once its countdown began, else the last finished round, else null. */
  match: LiveMatchDto | null;
  server_time: number;
}

/** Ack of `room:join`: the state, the caller's seat and the chat so far (last 50). */
export interface RoomJoinedDto extends RoomStateDto {
  your_seat: RoomSeat | null;
  chat: ChatMessageDto[];
}

export interface MatchCountdownDto {
  room_id: string;
  round: number;
  seed_hash: string;
  starts_at: number;
  countdown_ms: number;
  time_limit_ms: number;
  server_time: number;
}

export interface MatchStartedDto {
  room_id: string;
  round: number;
  started_at: number;
  ends_at: number;
  time_limit_ms: number;
  server_time: number;
}

/** `match:view`: `view` is the engine's PlayerView (ViewOf<game> in @skillduel/games); never holds the seed. */
export interface MatchViewDto {
  room_id: string;
  round: number;
  seat: RoomSeat;
  /** Milliseconds since play started, as measured by the server. */
  at_ms: number;
  view: unknown;
}

export interface MatchScoresDto {
  room_id: string;
  round: number;
  at_ms: number;
  time_left_ms: number;
  display_scores: [number, number];
  /** Raw engine scores [player1, player2], which decide the winner: points games keep scoring past 100. */
  scores?: [number, number];
  statuses: [MatchPlayerStatus, MatchPlayerStatus];
}

export interface MatchFinishedDto {
  room_id: string;
  result: MatchResultDto;
}

export interface MatchResultEventDto {
  room_id: string;
  result: GameResultDto;
}

/** Ack of `match:input`. A rejected input (engine reason) changes nothing but anti-cheat flags. */
export type MatchInputAckDto =
  | { accepted: true; at_ms: number; outcome: { kind: string; points?: number } }
  | { accepted: false; at_ms: number; reason: string };

/**
 * A chat message (docs/product/rooms-and-matches.md#chat) as the server relays it; `isOwn` is `user_id === me`,
 * computed by the client.
 */
export interface ChatMessageDto {
  id: string;
  room_id: string;
  user_id: string;
  username: string;
  /** The text, or the emote's symbol for an emote. */
  message: string;
  /** ISO 8601 date-time. */
  timestamp: string;
  isEmote: boolean;
  emote: EmoteId | null;
}

export type LobbyEventKind = 'created' | 'joined' | 'started' | 'finished' | 'closed' | 'updated';

/** `lobby:room`. `closed` = cancelled or expired (remove it from Active Rooms). */
export interface LobbyRoomEventDto {
  kind: LobbyEventKind;
  room: RoomDto;
}

/** `notifications:changed`: the user's unread count right after the change. */
export interface NotificationsChangedDto {
  unread_count: number;
}

/** `wallet:changed`: which ledger transaction, and what it did to this user's wallet. */
export interface WalletChangedDto {
  /** The ledger transaction's kind: bet, refund, win, deposit, withdrawal, withdrawal_completion, withdrawal_refund. */
  kind: string;
  /** Dollars, signed: the change of this user's wallet balance (0 when only a transaction's status changed). */
  amount: number;
  /** The room of a stake, refund or payout. */
  room_id: string | null;
  /** Why a refund happened ('left', 'expired', 'tie', 'void', ...), when known. */
  reason: string | null;
}

/** Typed event maps for `Socket<ServerToClientEvents, ClientToServerEvents>` (socket.io-client). */
export interface ServerToClientEvents {
  'room:state': (payload: RoomStateDto) => void;
  'room:presence': (payload: RoomPresenceDto) => void;
  'match:countdown': (payload: MatchCountdownDto) => void;
  'match:started': (payload: MatchStartedDto) => void;
  'match:view': (payload: MatchViewDto) => void;
  'match:scores': (payload: MatchScoresDto) => void;
  'match:finished': (payload: MatchFinishedDto) => void;
  'match:result': (payload: MatchResultEventDto) => void;
  'chat:message': (payload: ChatMessageDto) => void;
  'lobby:room': (payload: LobbyRoomEventDto) => void;
  'lobby:figures': (payload: LobbyFiguresDto) => void;
  'notifications:changed': (payload: NotificationsChangedDto) => void;
  'wallet:changed': (payload: WalletChangedDto) => void;
  'matchmaking:matched': (payload: MatchmakingMatchedDto) => void;
  'matchmaking:expired': (payload: MatchmakingExpiredDto) => void;
  'tournament:attempt:finished': (payload: TournamentAttemptFinishedDto) => void;
  'tournament:standings': (payload: TournamentStandingsChangedDto) => void;
  'app:error': (payload: RealtimeErrorDto) => void;
}

export interface ClientToServerEvents {
  'room:join': (payload: RoomRefPayload, ack?: (response: Ack<RoomJoinedDto>) => void) => void;
  'room:leave': (payload: RoomRefPayload, ack?: (response: Ack<null>) => void) => void;
  'match:ready': (payload: RoomRefPayload, ack?: (response: Ack<null>) => void) => void;
  'match:play_again': (payload: RoomRefPayload, ack?: (response: Ack<null>) => void) => void;
  'match:input': (payload: MatchInputPayload, ack?: (response: Ack<MatchInputAckDto>) => void) => void;
  'tournament:attempt:join': (
    payload: TournamentAttemptRefPayload,
    ack?: (response: Ack<TournamentAttemptJoinedDto>) => void,
  ) => void;
  'tournament:subscribe': (payload: TournamentRefPayload, ack?: (response: Ack<null>) => void) => void;
  'tournament:unsubscribe': (payload: TournamentRefPayload, ack?: (response: Ack<null>) => void) => void;
  'tournament:attempt:input': (
    payload: TournamentAttemptInputPayload,
    ack?: (response: Ack<MatchInputAckDto>) => void,
  ) => void;
  'chat:send': (payload: ChatSendPayload, ack?: (response: Ack<null>) => void) => void;
  'chat:emote': (payload: ChatEmotePayload, ack?: (response: Ack<null>) => void) => void;
  'lobby:subscribe': (payload?: Record<string, never>, ack?: (response: Ack<null>) => void) => void;
  'lobby:unsubscribe': (payload?: Record<string, never>, ack?: (response: Ack<null>) => void) => void;
}
