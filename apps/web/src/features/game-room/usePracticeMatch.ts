import type { GameId } from '@skillduel/contracts';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { engineOf, IDLE, loopDelayMs, practiceReducer, type PracticeState } from './practiceMatch';
import { PRACTICE_TIME_LIMIT_SECONDS, randomSeedHex } from './practiceSettings';

const COUNTDOWN_STEP_MS = 1000;

export interface PracticeMatchControls {
  readonly state: PracticeState;
  readonly timeLimitSeconds: number;
  /** Start (or Start Practice) pressed: countdown, then play. */
  start(): void;
  /** Play Again: back to waiting with scores and result cleared. */
  reset(): void;
  /** Sends one input to the engine, timed now. */
  sendInput(input: unknown): void;
}

/**
 * Runs a practice match in the browser: the 3 s countdown, then the engine on a timeout loop that wakes for the next
 * engine event (memory colour, green light, time-up) or whole second, at least every 100 ms. Time is
 * `performance.now()` since play started, so it is monotonic and unaffected by the wall clock.
 */
export function usePracticeMatch(gameId: GameId): PracticeMatchControls {
  const timeLimitSeconds = PRACTICE_TIME_LIMIT_SECONDS[gameId];
  const [state, dispatch] = useReducer(practiceReducer, IDLE);
  const playStartedAtRef = useRef(0);
  const nextEventAtRef = useRef<number | null>(null);

  // Whole milliseconds, as the server will time inputs: scores and reaction times stay whole numbers.
  const elapsedMs = useCallback(() => Math.floor(performance.now() - playStartedAtRef.current), []);

  const nextEventAtMs = state.phase === 'playing' ? engineOf(state.run.gameId).nextEventAtMs(state.run.match) : null;
  useEffect(() => {
    nextEventAtRef.current = nextEventAtMs;
  }, [nextEventAtMs]);

  // Countdown: one step per second, then a fresh seed and play from atMs = 0.
  const countdownLeft = state.phase === 'countdown' ? state.secondsLeft : null;
  useEffect(() => {
    if (countdownLeft === null) return undefined;
    const timer = setTimeout(() => {
      if (countdownLeft > 1) {
        dispatch({ type: 'countdownTick' });
        return;
      }
      playStartedAtRef.current = performance.now();
      dispatch({ type: 'play', gameId, seed: randomSeedHex(), timeLimitMs: timeLimitSeconds * 1000 });
    }, COUNTDOWN_STEP_MS);
    return () => clearTimeout(timer);
  }, [countdownLeft, gameId, timeLimitSeconds]);

  // The match loop runs while this seed is being played.
  const playingSeed = state.phase === 'playing' ? state.run.match.seed : null;
  useEffect(() => {
    if (playingSeed === null) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const loop = (): void => {
      const atMs = elapsedMs();
      dispatch({ type: 'clock', atMs });
      timer = setTimeout(loop, loopDelayMs(atMs, nextEventAtRef.current));
    };
    timer = setTimeout(loop, 0);
    return () => clearTimeout(timer);
  }, [playingSeed, elapsedMs]);

  const start = useCallback(() => dispatch({ type: 'start' }), []);
  const reset = useCallback(() => dispatch({ type: 'reset' }), []);
  const sendInput = useCallback((input: unknown) => dispatch({ type: 'input', input, atMs: elapsedMs() }), [elapsedMs]);

  return { state, timeLimitSeconds, start, reset, sendInput };
}
