// Public API of @skillduel/games: pure, seeded mini-game engines shared by the server and the browser.
export * from './core/types';
export { DEFAULT_TIME_LIMIT_MS, MAX_INPUTS_PER_WINDOW, MAX_TIME_LIMIT_MS, RATE_WINDOW_MS } from './core/engine';
export type { CompletionPolicy } from './core/engine';
export {
  MAX_SUSTAINED_INPUTS_PER_SECOND,
  MAX_SUSTAINED_INPUTS_PER_WINDOW,
  MIN_ARITHMETIC_STEP_MS,
  MIN_HUMAN_REACTION_MS,
  MIN_KEYSTROKE_MS,
  SUSTAINED_RATE_WINDOW_MS,
} from './core/plausibility';
export { rngFor, hashToState } from './core/rng';
export type { Rng, SeedKey } from './core/rng';
export * from './registry';
export * from './replay';
export * from './bot/bot';
export * from './quick-click/quick-click';
export * from './number-rush/number-rush';
export * from './memory-master/memory-master';
export * from './pattern-pro/pattern-pro';
export * from './word-wizard/word-wizard';
export * from './reaction-time/reaction-time';
export * from './color-match/color-match';
export { streakPoints, cappedDisplayScore } from './core/scoring';
