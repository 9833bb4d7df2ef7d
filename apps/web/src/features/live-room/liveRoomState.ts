import {
  LIMITS,
  type Ack,
  type ChatMessageDto,
  type GameResultDto,
  type LiveMatchDto,
  type MatchCountdownDto,
  type MatchFinishedDto,
  type MatchInputAckDto,
  type MatchScoresDto,
  type MatchStartedDto,
  type MatchViewDto,
  type RealtimeErrorDto,
  type RoomDto,
  type RoomJoinedDto,
  type RoomPhase,
  type RoomPresenceDto,
  type RoomSeat,
  type RoomStateDto,
} from '@skillduel/contracts';
import type { InputOutcome, PlayerView } from '@skillduel/games';

/**
 * A live room as this client knows it, built from the socket's events by a pure reducer, so the whole
 * flow — join, ready, countdown, play, result, chat — can be replayed in tests without a socket.
 */

/** What the last accepted input did (the game's own feedback line). */
interface LiveFeedback {
  readonly outcome: InputOutcome;
  readonly seq: number;
}

/** An input the server turned down: the engine's reason, or a refusal of the request itself. */
export interface LiveNotice {
  readonly reason: string;
  /** A refused request's message (already the server's wording), when it is not an engine reason. */
  readonly message: string | null;
  readonly seq: number;
}

export interface LiveRoomState {
  /** `joining` until the room:join ack; `notFound` when the room does not exist (any more). */
  readonly connection: 'joining' | 'joined' | 'notFound' | 'refused';
  readonly joinError: RealtimeErrorDto | null;
  readonly yourSeat: RoomSeat | null;
  readonly room: RoomDto | null;
  readonly phase: RoomPhase | null;
  readonly ready: readonly [boolean, boolean];
  readonly playAgain: readonly [boolean, boolean];
  readonly presence: RoomPresenceDto | null;
  readonly match: LiveMatchDto | null;
  /** Server clock minus this client's clock, from the latest `server_time`. */
  readonly clockOffsetMs: number;
  /** This player's own view of the current round. */
  readonly view: { readonly round: number; readonly atMs: number; readonly view: PlayerView<unknown> } | null;
  /** The latest `match:scores` of the current round. */
  readonly scores: MatchScoresDto | null;
  /** The spec's Game result for this player (`match:result`), for the current round. */
  readonly result: GameResultDto | null;
  readonly chat: readonly ChatMessageDto[];
  readonly feedback: LiveFeedback | null;
  readonly notice: LiveNotice | null;
  readonly seq: number;
}

export const INITIAL_LIVE_ROOM: LiveRoomState = {
  connection: 'joining',
  joinError: null,
  yourSeat: null,
  room: null,
  phase: null,
  ready: [false, false],
  playAgain: [false, false],
  presence: null,
  match: null,
  clockOffsetMs: 0,
  view: null,
  scores: null,
  result: null,
  chat: [],
  feedback: null,
  notice: null,
  seq: 0,
};

export type LiveRoomAction =
  | { readonly type: 'joined'; readonly payload: RoomJoinedDto; readonly receivedAt: number }
  | { readonly type: 'joinFailed'; readonly error: RealtimeErrorDto }
  | { readonly type: 'state'; readonly payload: RoomStateDto; readonly receivedAt: number }
  | { readonly type: 'presence'; readonly payload: RoomPresenceDto }
  | { readonly type: 'countdown'; readonly payload: MatchCountdownDto; readonly receivedAt: number }
  | { readonly type: 'started'; readonly payload: MatchStartedDto; readonly receivedAt: number }
  | { readonly type: 'view'; readonly payload: MatchViewDto }
  | { readonly type: 'scores'; readonly payload: MatchScoresDto }
  | { readonly type: 'finished'; readonly payload: MatchFinishedDto }
  | { readonly type: 'result'; readonly payload: GameResultDto }
  | { readonly type: 'chat'; readonly payload: ChatMessageDto }
  | { readonly type: 'inputAck'; readonly ack: Ack<MatchInputAckDto> };

/** `match:view` carries the engine's PlayerView as `unknown`; this is the shape the game components read. */
function isPlayerView(value: unknown): value is PlayerView<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const view = value as Record<string, unknown>;
  return typeof view['displayScore'] === 'number' && 'game' in view && typeof view['status'] === 'string';
}

const OUTCOME_KINDS = ['progress', 'wrong', 'early', 'out'] as const;

/** The ack's outcome as the engines' InputOutcome (what the game components' feedback reads). */
function toInputOutcome(outcome: { kind: string; points?: number }): InputOutcome | null {
  if (outcome.kind === 'scored') return { kind: 'scored', points: outcome.points ?? 0 };
  const kind = OUTCOME_KINDS.find((candidate) => candidate === outcome.kind);
  return kind === undefined ? null : { kind };
}

function keepChat(messages: readonly ChatMessageDto[]): readonly ChatMessageDto[] {
  return messages.slice(-LIMITS.chatHistoryKept);
}

/** A round that has not begun (waiting, ready, Play Again confirmed) clears what the last one showed. */
function roundCleared(state: LiveRoomState): LiveRoomState {
  return { ...state, view: null, scores: null, result: null, feedback: null, notice: null };
}

function applyRoomState(state: LiveRoomState, payload: RoomStateDto, receivedAt: number): LiveRoomState {
  const next: LiveRoomState = {
    ...state,
    room: payload.room,
    phase: payload.phase,
    ready: payload.ready,
    playAgain: payload.play_again,
    presence: payload.presence,
    match: payload.match,
    clockOffsetMs: payload.server_time - receivedAt,
  };
  const newRound = payload.match !== null && state.view !== null && payload.match.round !== state.view.round;
  const beforePlay = payload.phase === 'waiting' || payload.phase === 'ready';
  return newRound || beforePlay ? roundCleared(next) : next;
}

export function liveRoomReducer(state: LiveRoomState, action: LiveRoomAction): LiveRoomState {
  switch (action.type) {
    case 'joined': {
      const next = applyRoomState(state, action.payload, action.receivedAt);
      // Messages that arrived while joining stay after the history (ids tell repeats apart).
      const history = action.payload.chat;
      const known = new Set(history.map((message) => message.id));
      return {
        ...next,
        connection: 'joined',
        joinError: null,
        yourSeat: action.payload.your_seat,
        chat: keepChat([...history, ...state.chat.filter((message) => !known.has(message.id))]),
      };
    }
    case 'joinFailed':
      return {
        ...state,
        connection: action.error.code === 'NOT_FOUND' ? 'notFound' : 'refused',
        joinError: action.error,
      };
    case 'state':
      return applyRoomState(state, action.payload, action.receivedAt);
    case 'presence':
      return { ...state, presence: action.payload };
    case 'countdown': {
      const { payload } = action;
      return {
        ...roundCleared(state),
        phase: 'countdown',
        clockOffsetMs: payload.server_time - action.receivedAt,
        match: {
          round: payload.round,
          phase: 'countdown',
          seed_hash: payload.seed_hash,
          seed: null,
          starts_at: payload.starts_at,
          ends_at: payload.starts_at + payload.time_limit_ms,
          time_limit_ms: payload.time_limit_ms,
          display_scores: [0, 0],
          statuses: ['playing', 'playing'],
          result: null,
        },
      };
    }
    case 'started': {
      const { payload } = action;
      const base: LiveMatchDto = state.match ?? {
        round: payload.round,
        phase: 'playing',
        seed_hash: '',
        seed: null,
        starts_at: payload.started_at,
        ends_at: payload.ends_at,
        time_limit_ms: payload.time_limit_ms,
        display_scores: [0, 0],
        statuses: ['playing', 'playing'],
        result: null,
      };
      return {
        ...state,
        phase: 'playing',
        clockOffsetMs: payload.server_time - action.receivedAt,
        match: {
          ...base,
          round: payload.round,
          phase: 'playing',
          starts_at: payload.started_at,
          ends_at: payload.ends_at,
          time_limit_ms: payload.time_limit_ms,
        },
      };
    }
    case 'view': {
      const { payload } = action;
      if (!isPlayerView(payload.view)) return state;
      if (state.yourSeat !== null && payload.seat !== state.yourSeat) return state;
      if (state.match !== null && payload.round < state.match.round) return state;
      return { ...state, view: { round: payload.round, atMs: payload.at_ms, view: payload.view } };
    }
    case 'scores': {
      const { payload } = action;
      if (state.match !== null && payload.round < state.match.round) return state;
      const match =
        state.match === null || state.match.phase === 'finished'
          ? state.match
          : { ...state.match, display_scores: payload.display_scores, statuses: payload.statuses };
      return { ...state, scores: payload, match };
    }
    case 'finished': {
      const { result } = action.payload;
      const base = state.match;
      return {
        ...state,
        phase: 'finished',
        match: {
          round: result.round,
          phase: 'finished',
          seed_hash: result.seed_hash,
          seed: result.seed,
          starts_at: base?.starts_at ?? 0,
          ends_at: base?.ends_at ?? 0,
          time_limit_ms: base?.time_limit_ms ?? 0,
          display_scores: result.display_scores,
          statuses: base?.statuses ?? ['completed', 'completed'],
          result,
        },
      };
    }
    case 'result':
      return { ...state, result: action.payload };
    case 'chat':
      if (state.chat.some((message) => message.id === action.payload.id)) return state;
      return { ...state, chat: keepChat([...state.chat, action.payload]) };
    case 'inputAck': {
      const seq = state.seq + 1;
      const { ack } = action;
      if (!ack.ok) return { ...state, seq, notice: { reason: ack.error.code, message: ack.error.message, seq } };
      if (!ack.data.accepted) return { ...state, seq, notice: { reason: ack.data.reason, message: null, seq } };
      const outcome = toInputOutcome(ack.data.outcome);
      return { ...state, seq, notice: null, feedback: outcome ? { outcome, seq } : state.feedback };
    }
  }
}

/** The other seat. */
export function otherSeat(seat: RoomSeat): RoomSeat {
  return seat === 0 ? 1 : 0;
}

/**
 * Both scores as the screen shows them: the result once there is one, else the latest broadcast. Out of 100, or with
 * `points` the real points (the raw scores that decide the winner; points games keep scoring past 100).
 */
export function displayScores(state: LiveRoomState, points = false): readonly [number, number] {
  if (state.phase === 'waiting' || state.phase === 'ready') return [0, 0];
  const fromMatch = points
    ? (state.match?.result?.scores ??
      state.scores?.scores ??
      state.scores?.display_scores ??
      state.match?.display_scores)
    : (state.match?.result?.display_scores ?? state.scores?.display_scores ?? state.match?.display_scores);
  const scores: [number, number] = fromMatch ? [fromMatch[0], fromMatch[1]] : [0, 0];
  // A player's own view comes with every input; the broadcast is throttled: the later of the two counts.
  const view = state.view;
  const viewIsNewer = view !== null && (state.scores === null || view.atMs >= state.scores.at_ms);
  if (view && viewIsNewer && state.yourSeat !== null && state.match?.result == null) {
    scores[state.yourSeat] = points ? view.view.score : view.view.displayScore;
  }
  return scores;
}
