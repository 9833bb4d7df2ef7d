import type { GameId } from '@skillduel/contracts';

export type { GameId };

/** Seat in a head-to-head match. Both seats face identical content. */
export type PlayerSlot = 0 | 1;
export interface GameSettings {
  /** Match length; time-up is `atMs >= timeLimitMs` with `atMs = 0` at the start of play. */
  readonly timeLimitMs: number;
}

/** 'completed' = finished the game (target, last round); 'out' = made a game-ending mistake. */
/**
 * 'wins_at_once': the first player to complete wins immediately (docs/product/games.md#how-a-match-ends).
 * 'when_all_done': completing only stops that player; the match is decided by score once nobody is playing
 * (reaction-time, where the score, not the finishing time, is the skill).
 */
export type CompletionPolicy = 'wins_at_once' | 'when_all_done';

export type PlayerStatus = 'playing' | 'completed' | 'out';

export type RejectReason =
  /** Unknown shape, extra fields, wrong types, an option that was not offered. */
  | 'invalid_input'
  /** `player` is not 0 or 1. */
  | 'invalid_player'
  /** `atMs` is not a finite number >= 0. */
  | 'invalid_time'
  /** `atMs` is earlier than the last accepted input or tick. */
  | 'time_backwards'
  /**
   * Humanly impossible input rate (over 20/s, or over 14/s sustained for 3 s); also counted in the player's `flags`.
   * An answer faster than its task's floor is not refused: it is accepted as a wrong answer and flagged.
   */
  | 'too_fast'
  /** The game does not take input right now (memory-master display phase). */
  | 'not_ready'
  /** This player already completed or is out. */
  | 'player_finished'
  /** The match has a result (possibly time-up revealed by this very input's `atMs`). */
  | 'match_finished';

/** What an accepted input did, for UI feedback. */
export type InputOutcome =
  | { readonly kind: 'scored'; readonly points: number }
  /** Accepted, no points yet (a click, a correct press mid-sequence). */
  | { readonly kind: 'progress' }
  /** Wrong answer (or one faster than a human could answer): no points, streak (if any) reset, next item. */
  | { readonly kind: 'wrong' }
  /** reaction-time: clicked before green (or under the reaction floor after it), the round restarts. */
  | { readonly kind: 'early' }
  /** Game-ending mistake (memory-master: a wrong or humanly too fast press): out with the current score. */
  | { readonly kind: 'out' };

/**
 * Always store the returned `state`, even on rejection: a rejection can carry an incremented anti-cheat flag or a
 * time-up revealed by the input's timestamp. Rejections never change scores or game progress.
 */
export type ApplyResult<State> =
  | { readonly ok: true; readonly state: State; readonly outcome: InputOutcome }
  | { readonly ok: false; readonly state: State; readonly reason: RejectReason };

export type MatchEndReason =
  /** A player completed the game and won at once, or (reaction-time) nobody is still playing. */
  | 'completed'
  | 'time_up'
  /** Both players made game-ending mistakes: decided at once by score. */
  | 'both_out';

export type Pair<T> = readonly [T, T];

export interface MatchResult {
  readonly finished: true;
  readonly winner: PlayerSlot | 'tie';
  /** Raw scores; the winner is decided on these. */
  readonly scores: Pair<number>;
  /** Out of 100, for display. */
  readonly displayScores: Pair<number>;
  readonly reason: MatchEndReason;
  /** When the match ended: the deciding input's time, or `timeLimitMs` for time-up (not the late tick's time). */
  readonly endedAtMs: number;
  /** Anti-cheat flags per player, kept with the result as fair-play data. */
  readonly flags: Pair<number>;
}

export interface PlayerState<Game> {
  readonly status: PlayerStatus;
  readonly score: number;
  readonly finishedAtMs: number | null;
  /** Count of humanly impossible inputs: refused as 'too_fast', or accepted as wrong under a task's floor. */
  readonly flags: number;
  /** Times of accepted inputs within the last 3 s, for the burst and sustained rate limits. */
  readonly recentInputsAtMs: readonly number[];
  /** Time of this player's last accepted input (0 before any): when their current item was shown. */
  readonly lastInputAtMs: number;
  readonly game: Game;
}

/** Plain JSON data: safe to persist, send between server instances, or structuredClone. Never send it to a client. */
export interface MatchState<Game> {
  readonly gameId: GameId;
  /** Secret until the match ends (provably fair reveal). Views never include it. */
  readonly seed: string;
  readonly timeLimitMs: number;
  /** Latest accepted input or tick time; earlier inputs are rejected. */
  readonly nowMs: number;
  readonly players: Pair<PlayerState<Game>>;
  readonly result: MatchResult | null;
}

/** What one player may see. `game` is the engine-specific part and never holds an unrevealed answer. */
export interface PlayerView<GameView> {
  readonly gameId: GameId;
  readonly player: PlayerSlot;
  readonly status: PlayerStatus;
  readonly score: number;
  readonly displayScore: number;
  readonly opponent: { readonly status: PlayerStatus; readonly displayScore: number };
  readonly timeLeftMs: number;
  readonly result: MatchResult | null;
  readonly game: GameView;
}

/** Both players' public standing: what the server broadcasts to players and spectators. */
export interface Scoreboard {
  readonly statuses: Pair<PlayerStatus>;
  readonly scores: Pair<number>;
  readonly displayScores: Pair<number>;
  readonly flags: Pair<number>;
  readonly result: MatchResult | null;
}

/*
 * Methods (not function-typed properties) on purpose: TypeScript checks method parameters bivariantly, so every
 * concrete engine is assignable to `AnyGameEngine` and the server can hold one by a runtime game id. Each engine
 * checks `state.gameId` at run time and throws on a state from another game.
 */
export interface GameEngine<State, Input, View> {
  readonly id: GameId;
  readonly completion: CompletionPolicy;
  readonly defaultSettings: GameSettings;
  /** A new match; play starts at `atMs = 0`. Throws on an empty seed or a bad time limit (programmer errors). */
  create(seed: string, settings?: Partial<GameSettings>): State;
  /** The engine's own validator: the input if it is exactly a valid shape, else null. */
  parseInput(raw: unknown): Input | null;
  applyInput(state: State, player: PlayerSlot, input: unknown, atMs: number): ApplyResult<State>;
  /** Advances time: records `atMs` and ends the match at time-up. Earlier times are ignored. */
  tick(state: State, atMs: number): State;
  view(state: State, player: PlayerSlot, atMs: number): View;
  /** Null while running. */
  result(state: State): MatchResult | null;
  scoreboard(state: State): Scoreboard;
  /**
   * The next time after `state.nowMs` at which a view changes without input (memory item shown, green light,
   * time-up), so the server knows when to tick and push views. Null once the match is over.
   */
  nextEventAtMs(state: State): number | null;
}
