import { LIMITS, type GameId } from '@skillduel/contracts';
import {
  botScoreAt,
  createBot,
  GAME_ENGINES,
  practiceWinner,
  type AnyGameEngine,
  type Bot,
  type InputOutcome,
  type MatchState,
  type PlayerSlot,
  type PracticeWinner,
  type RejectReason,
} from '@skillduel/games';

/**
 * A practice match against the computer, as a pure reducer: the engine runs the human as player 0 (player 1 never
 * moves), the bot gives the "Computer" display score over time, and `practiceWinner` decides
 * (docs/product/rooms-and-matches.md#practice). Every time (`atMs`, ms since play started) arrives in the action, so
 * the reducer stays pure and replayable.
 */

/** The human's seat in the engine. */
export const PRACTICE_PLAYER: PlayerSlot = 0;

/** The loop never sleeps longer than this, so the computer's score and the timer stay fresh. */
export const MAX_LOOP_DELAY_MS = 100;

export function engineOf(gameId: GameId): AnyGameEngine {
  return GAME_ENGINES[gameId];
}

/** The game result, kept on the client for a practice match. Money never moves against the computer. */
interface PracticeResult {
  readonly winner: PracticeWinner;
  /** Out of 100. */
  readonly playerScore: number;
  /** The computer's score, out of 100. */
  readonly opponentScore: number;
  readonly earningsDollars: 0;
  readonly durationMs: number;
}

/** A rejected input the player should hear about; `seq` tells repeats apart. */
export interface InputNotice {
  readonly reason: Extract<RejectReason, 'too_fast' | 'not_ready'>;
  readonly seq: number;
}

/** What the last accepted input did, for the game's own feedback line. */
export interface InputFeedback {
  readonly outcome: InputOutcome;
  readonly seq: number;
}

interface RunningMatch {
  readonly gameId: GameId;
  readonly match: MatchState<unknown>;
  readonly bot: Bot;
  /** Time the screen shows; moves when something visible changes (a second, the bot's score, an engine event). */
  readonly clockMs: number;
  readonly botScore: number;
  readonly notice: InputNotice | null;
  readonly feedback: InputFeedback | null;
  readonly seq: number;
}

export type PracticeState =
  | { readonly phase: 'idle' }
  | { readonly phase: 'countdown'; readonly secondsLeft: number }
  | { readonly phase: 'playing'; readonly run: RunningMatch }
  | { readonly phase: 'finished'; readonly run: RunningMatch; readonly result: PracticeResult };

export type PracticeAction =
  /** Start pressed: the 3-2-1 countdown (LIMITS.preparationCountdownSeconds). */
  | { readonly type: 'start' }
  /** One second of the countdown passed. */
  | { readonly type: 'countdownTick' }
  /** The countdown is over: a new match from `seed`; play starts at atMs = 0. */
  | { readonly type: 'play'; readonly gameId: GameId; readonly seed: string; readonly timeLimitMs: number }
  | { readonly type: 'input'; readonly input: unknown; readonly atMs: number }
  /** The loop's heartbeat: tick the engine when an event is due, refresh what the screen shows. */
  | { readonly type: 'clock'; readonly atMs: number }
  /** Play Again: back to waiting, scores and result cleared. */
  | { readonly type: 'reset' };

export const IDLE: PracticeState = { phase: 'idle' };

/** Whole seconds left as the header shows them. */
export function secondsLeft(match: MatchState<unknown>, atMs: number): number {
  return Math.ceil(Math.max(0, match.timeLimitMs - atMs) / 1000);
}

function ownDisplayScore(run: RunningMatch): number {
  return engineOf(run.gameId).scoreboard(run.match).displayScores[PRACTICE_PLAYER];
}

/** Ends the practice once the engine has a result, or the human completed or is out (the bot is not in the engine). */
function settle(run: RunningMatch): PracticeState {
  const { match } = run;
  const player = match.players[PRACTICE_PLAYER];
  if (match.result === null && player.status === 'playing') return { phase: 'playing', run };
  const endedAtMs = Math.min(match.result?.endedAtMs ?? player.finishedAtMs ?? run.clockMs, match.timeLimitMs);
  const { completion } = engineOf(run.gameId);
  // As in a money match: where finishing first wins nothing (reaction time), the computer plays its whole round and
  // the scores compare; elsewhere the round ends when the player completes or is out.
  const opponentScore = botScoreAt(run.bot, completion === 'when_all_done' ? match.timeLimitMs : endedAtMs);
  const playerScore = ownDisplayScore(run);
  const winner = practiceWinner({
    completion,
    playerStatus: player.status,
    playerDisplayScore: playerScore,
    botDisplayScore: opponentScore,
  });
  return {
    phase: 'finished',
    run: { ...run, clockMs: endedAtMs, botScore: opponentScore },
    result: { winner, playerScore, opponentScore, earningsDollars: 0, durationMs: endedAtMs },
  };
}

function applyInput(run: RunningMatch, input: unknown, atMs: number): PracticeState {
  const applied = engineOf(run.gameId).applyInput(run.match, PRACTICE_PLAYER, input, atMs);
  const seq = run.seq + 1;
  const clockMs = Math.max(run.clockMs, Math.min(atMs, applied.state.timeLimitMs));
  const next: RunningMatch = {
    ...run,
    // Always keep the returned state: a rejection can carry an anti-cheat flag or a time-up.
    match: applied.state,
    clockMs,
    botScore: botScoreAt(run.bot, clockMs),
    seq,
    ...(applied.ok
      ? { feedback: { outcome: applied.outcome, seq }, notice: null }
      : applied.reason === 'too_fast' || applied.reason === 'not_ready'
        ? { notice: { reason: applied.reason, seq } }
        : {}),
  };
  return settle(next);
}

function advanceClock(state: Extract<PracticeState, { phase: 'playing' }>, atMs: number): PracticeState {
  const { run } = state;
  const engine = engineOf(run.gameId);
  const dueAtMs = engine.nextEventAtMs(run.match);
  const eventDue = dueAtMs !== null && atMs >= dueAtMs;
  const match = eventDue ? engine.tick(run.match, atMs) : run.match;
  const clockMs = Math.min(Math.max(run.clockMs, atMs), match.timeLimitMs);
  const botScore = botScoreAt(run.bot, clockMs);
  const visibleChange =
    eventDue || botScore !== run.botScore || secondsLeft(match, clockMs) !== secondsLeft(match, run.clockMs);
  // Nothing on screen changes: keep the same state object, so React skips the render.
  if (!visibleChange) return state;
  return settle({ ...run, match, clockMs, botScore });
}

export function practiceReducer(state: PracticeState, action: PracticeAction): PracticeState {
  switch (action.type) {
    case 'start':
      return state.phase === 'idle' ? { phase: 'countdown', secondsLeft: LIMITS.preparationCountdownSeconds } : state;
    case 'countdownTick':
      return state.phase === 'countdown' && state.secondsLeft > 1
        ? { phase: 'countdown', secondsLeft: state.secondsLeft - 1 }
        : state;
    case 'play': {
      if (state.phase !== 'countdown') return state;
      const match = engineOf(action.gameId).create(action.seed, { timeLimitMs: action.timeLimitMs });
      return {
        phase: 'playing',
        run: {
          gameId: action.gameId,
          match,
          bot: createBot(action.gameId, action.seed),
          clockMs: 0,
          botScore: 0,
          notice: null,
          feedback: null,
          seq: 0,
        },
      };
    }
    case 'input':
      return state.phase === 'playing' ? applyInput(state.run, action.input, action.atMs) : state;
    case 'clock':
      return state.phase === 'playing' ? advanceClock(state, action.atMs) : state;
    case 'reset':
      return state.phase === 'finished' ? IDLE : state;
  }
}

/** How long the loop may sleep after `atMs`: until the next engine event or whole second, at most 100 ms. */
export function loopDelayMs(atMs: number, nextEventAtMs: number | null): number {
  const untilNextSecondMs = 1000 - (atMs % 1000);
  // An event at or before `atMs` was just handed to the reducer with this very clock action: not a reason to spin.
  const untilEventMs = nextEventAtMs === null || nextEventAtMs <= atMs ? Infinity : nextEventAtMs - atMs;
  return Math.max(0, Math.min(MAX_LOOP_DELAY_MS, untilNextSecondMs, untilEventMs));
}
