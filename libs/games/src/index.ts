// Public API of @skillduel/games: pure, seeded mini-game engines shared by the server and the browser.
export * from './core/types';
export { rngFor } from './core/rng';
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
