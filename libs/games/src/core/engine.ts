import { LIMITS } from '@skillduel/contracts';
import { MAX_SUSTAINED_INPUTS_PER_WINDOW, SUSTAINED_RATE_WINDOW_MS } from './plausibility';
import type {
  ApplyResult,
  CompletionPolicy,
  GameEngine,
  GameId,
  GameSettings,
  InputOutcome,
  MatchEndReason,
  MatchResult,
  MatchState,
  Pair,
  PlayerSlot,
  PlayerState,
  PlayerStatus,
  PlayerView,
  RejectReason,
  Scoreboard,
} from './types';

export const DEFAULT_TIME_LIMIT_MS = LIMITS.roundTimeLimitSeconds * 1000;
/** Upper bound on a configurable match, so a typo cannot hold escrow for hours. */
const MAX_TIME_LIMIT_MS = 10 * 60 * 1000;

/**
 * More than ~20 clicks per second is not human: a burst cap (docs/product/games.md#human-limits). Together with the
 * sustained cap of `plausibility.ts` (14/s over 3 s) it applies to every input of every game; over either, an input is
 * refused as 'too_fast' and flagged.
 */
export const MAX_INPUTS_PER_WINDOW = 20;
const RATE_WINDOW_MS = 1000;
// Accepted-input times are kept for the longer of the two windows.
const KEPT_INPUTS_WINDOW_MS = Math.max(RATE_WINDOW_MS, SUSTAINED_RATE_WINDOW_MS);

export type { CompletionPolicy } from './types';

export type StepResult<Game> =
  | {
      readonly ok: true;
      readonly game: Game;
      readonly points: number;
      readonly status: PlayerStatus;
      readonly outcome: InputOutcome;
      /**
       * Accepted, but faster than a human could have answered (under the task's floor): the step has already made
       * it cost what a wrong answer costs; the engine counts a fair-play flag. Not a refusal, so not a free retry.
       */
      readonly tooFast?: true;
    }
  /** Only forged or premature input is refused here; a humanly too fast answer is accepted with `tooFast`. */
  | { readonly ok: false; readonly reason: Extract<RejectReason, 'invalid_input' | 'not_ready'> };

interface StepContext<Game, Input> {
  readonly seed: string;
  readonly game: Game;
  readonly score: number;
  readonly atMs: number;
  /** When this player's current item was shown: their previous accepted input, or 0 (the start of play). */
  readonly shownAtMs: number;
  readonly input: Input;
}

interface GameViewContext<Game> {
  readonly seed: string;
  readonly game: Game;
  readonly score: number;
  /** False once this player completed or is out, or the match is over: the view shows the game as done. */
  readonly active: boolean;
  readonly atMs: number;
}

/** One game's rules. `defineEngine` wraps them with everything both-player matches share. */
export interface GameRules<Game, Input, GameView> {
  readonly id: GameId;
  readonly completion: CompletionPolicy;
  parseInput(raw: unknown): Input | null;
  /** A player's starting state; identical for both players. */
  initialGame(seed: string): Game;
  /** Applies a parsed input from a player who is still playing, before time-up. Must not mutate. */
  step(context: StepContext<Game, Input>): StepResult<Game>;
  displayScore(score: number, game: Game): number;
  gameView(context: GameViewContext<Game>): GameView;
  /** Next time after `afterMs` at which this playing player's view changes without input, if any. */
  nextEventAtMs?(seed: string, game: Game, afterMs: number): number | null;
}

export function defineEngine<Game, Input, GameView>(
  rules: GameRules<Game, Input, GameView>,
): GameEngine<MatchState<Game>, Input, PlayerView<GameView>> {
  const defaultSettings: GameSettings = { timeLimitMs: DEFAULT_TIME_LIMIT_MS };

  const assertOwnState = (state: MatchState<Game>): void => {
    if (state.gameId !== rules.id) {
      throw new TypeError(`${rules.id} engine was given a ${String(state.gameId)} state`);
    }
  };

  const displayScores = (state: MatchState<Game>): Pair<number> => [
    rules.displayScore(state.players[0].score, state.players[0].game),
    rules.displayScore(state.players[1].score, state.players[1].game),
  ];

  const decide = (
    state: MatchState<Game>,
    winner: PlayerSlot | 'tie',
    reason: MatchEndReason,
    endedAtMs: number,
  ): MatchResult => ({
    finished: true,
    winner,
    scores: [state.players[0].score, state.players[1].score],
    displayScores: displayScores(state),
    reason,
    endedAtMs,
    flags: [state.players[0].flags, state.players[1].flags],
  });

  const byScore = (state: MatchState<Game>): PlayerSlot | 'tie' => {
    const [a, b] = [state.players[0].score, state.players[1].score];
    return a === b ? 'tie' : a > b ? 0 : 1;
  };

  const tick = (state: MatchState<Game>, atMs: number): MatchState<Game> => {
    assertOwnState(state);
    if (state.result !== null || !isValidTime(atMs) || atMs <= state.nowMs) return state;
    const advanced = { ...state, nowMs: atMs };
    if (atMs < state.timeLimitMs) return advanced;
    return { ...advanced, result: decide(advanced, byScore(advanced), 'time_up', state.timeLimitMs) };
  };

  const reject = (state: MatchState<Game>, reason: RejectReason): ApplyResult<MatchState<Game>> => ({
    ok: false,
    state,
    reason,
  });

  const withPlayer = (state: MatchState<Game>, player: PlayerSlot, next: PlayerState<Game>): MatchState<Game> => ({
    ...state,
    players: player === 0 ? [next, state.players[1]] : [state.players[0], next],
  });

  const flagged = (state: MatchState<Game>, player: PlayerSlot): MatchState<Game> => {
    const current = state.players[player];
    return withPlayer(state, player, { ...current, flags: current.flags + 1 });
  };

  const applyInput = (
    state: MatchState<Game>,
    player: PlayerSlot,
    rawInput: unknown,
    atMs: number,
  ): ApplyResult<MatchState<Game>> => {
    assertOwnState(state);
    if (player !== 0 && player !== 1) return reject(state, 'invalid_player');
    if (!isValidTime(atMs)) return reject(state, 'invalid_time');
    if (state.result !== null) return reject(state, 'match_finished');
    if (atMs < state.nowMs) return reject(state, 'time_backwards');
    if (atMs >= state.timeLimitMs) return reject(tick(state, atMs), 'match_finished');

    const current = state.players[player];
    if (current.status !== 'playing') return reject(state, 'player_finished');

    const input = rules.parseInput(rawInput);
    if (input === null) return reject(state, 'invalid_input');

    const recentInputsAtMs = current.recentInputsAtMs.filter((t) => atMs - t < KEPT_INPUTS_WINDOW_MS);
    const inBurstWindow = recentInputsAtMs.filter((t) => atMs - t < RATE_WINDOW_MS).length;
    const inSustainedWindow = recentInputsAtMs.filter((t) => atMs - t < SUSTAINED_RATE_WINDOW_MS).length;
    if (inBurstWindow >= MAX_INPUTS_PER_WINDOW || inSustainedWindow >= MAX_SUSTAINED_INPUTS_PER_WINDOW) {
      return reject(flagged(state, player), 'too_fast');
    }

    const step = rules.step({
      seed: state.seed,
      game: current.game,
      score: current.score,
      atMs,
      shownAtMs: current.lastInputAtMs,
      input,
    });
    if (!step.ok) return reject(state, step.reason);

    const nextPlayer: PlayerState<Game> = {
      status: step.status,
      score: current.score + step.points,
      finishedAtMs: step.status === 'playing' ? null : atMs,
      flags: current.flags + (step.tooFast === true ? 1 : 0),
      recentInputsAtMs: [...recentInputsAtMs, atMs],
      lastInputAtMs: atMs,
      game: step.game,
    };
    const next = withPlayer({ ...state, nowMs: atMs }, player, nextPlayer);
    return { ok: true, state: { ...next, result: decideAfterInput(next, player, atMs) }, outcome: step.outcome };
  };

  const decideAfterInput = (state: MatchState<Game>, actor: PlayerSlot, atMs: number): MatchResult | null => {
    if (rules.completion === 'wins_at_once' && state.players[actor].status === 'completed') {
      return decide(state, actor, 'completed', atMs);
    }
    if (state.players.some((p) => p.status === 'playing')) return null;
    const reason = state.players.every((p) => p.status === 'out') ? 'both_out' : 'completed';
    return decide(state, byScore(state), reason, atMs);
  };

  return {
    id: rules.id,
    completion: rules.completion,
    defaultSettings,

    create(seed, settings) {
      if (typeof seed !== 'string' || seed.length === 0) throw new TypeError('seed must be a non-empty string');
      const timeLimitMs = settings?.timeLimitMs ?? defaultSettings.timeLimitMs;
      if (!Number.isSafeInteger(timeLimitMs) || timeLimitMs <= 0 || timeLimitMs > MAX_TIME_LIMIT_MS) {
        throw new RangeError(`timeLimitMs must be an integer in 1..${MAX_TIME_LIMIT_MS}`);
      }
      const initialPlayer = (): PlayerState<Game> => ({
        status: 'playing',
        score: 0,
        finishedAtMs: null,
        flags: 0,
        recentInputsAtMs: [],
        lastInputAtMs: 0,
        game: rules.initialGame(seed),
      });
      return {
        gameId: rules.id,
        seed,
        timeLimitMs,
        nowMs: 0,
        players: [initialPlayer(), initialPlayer()],
        result: null,
      };
    },

    parseInput: (raw) => rules.parseInput(raw),
    applyInput,
    tick,

    view(state, player, atMs) {
      assertOwnState(state);
      if (player !== 0 && player !== 1) throw new RangeError('player must be 0 or 1');
      const own = state.players[player];
      const opponent = state.players[player === 0 ? 1 : 0];
      // After the end, nothing moves any more: freeze the view at the end time so timers cannot run on.
      const viewAtMs = state.result === null ? Math.max(atMs, state.nowMs) : state.result.endedAtMs;
      return {
        gameId: rules.id,
        player,
        status: own.status,
        score: own.score,
        displayScore: rules.displayScore(own.score, own.game),
        opponent: { status: opponent.status, displayScore: rules.displayScore(opponent.score, opponent.game) },
        timeLeftMs: Math.max(0, state.timeLimitMs - viewAtMs),
        result: state.result,
        game: rules.gameView({
          seed: state.seed,
          game: own.game,
          score: own.score,
          active: state.result === null && own.status === 'playing',
          atMs: viewAtMs,
        }),
      };
    },

    result(state) {
      assertOwnState(state);
      return state.result;
    },

    scoreboard(state): Scoreboard {
      assertOwnState(state);
      return {
        statuses: [state.players[0].status, state.players[1].status],
        scores: [state.players[0].score, state.players[1].score],
        displayScores: displayScores(state),
        flags: [state.players[0].flags, state.players[1].flags],
        result: state.result,
      };
    },

    nextEventAtMs(state) {
      assertOwnState(state);
      if (state.result !== null) return null;
      let earliest = state.timeLimitMs;
      for (const p of state.players) {
        if (p.status !== 'playing' || rules.nextEventAtMs === undefined) continue;
        const at = rules.nextEventAtMs(state.seed, p.game, state.nowMs);
        if (at !== null && at > state.nowMs && at < earliest) earliest = at;
      }
      return earliest;
    },
  };
}

function isValidTime(atMs: number): boolean {
  return typeof atMs === 'number' && Number.isFinite(atMs) && atMs >= 0;
}
