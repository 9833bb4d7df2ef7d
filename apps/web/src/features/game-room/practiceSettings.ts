import type { GameId } from '@skillduel/contracts';
import { GAME_ROOM_DEFAULTS } from '@skillduel/contracts';

/**
 * Practice time limit per game, in seconds. The default is 30 s (docs/product/games.md#time-limits); memory-master gets
 * 60 s because its display phases alone take 30 s, so round 5 would be unreachable (libs/games README). The server will
 * publish time limits with rooms (Game room view `settings.time_limit`); until then this is the one place that sets
 * them.
 */
export const PRACTICE_TIME_LIMIT_SECONDS: Readonly<Record<GameId, number>> = {
  'quick-click': GAME_ROOM_DEFAULTS.timeLimitSeconds,
  'number-rush': GAME_ROOM_DEFAULTS.timeLimitSeconds,
  'memory-master': 60,
  'pattern-pro': GAME_ROOM_DEFAULTS.timeLimitSeconds,
  'word-wizard': GAME_ROOM_DEFAULTS.timeLimitSeconds,
  'reaction-time': GAME_ROOM_DEFAULTS.timeLimitSeconds,
  'color-match': GAME_ROOM_DEFAULTS.timeLimitSeconds,
};

/** Bytes of randomness in a practice seed (128 bits, written as 32 hex digits). */
const SEED_BYTES = 16;

/** A fresh match seed from the browser's CSPRNG, as hex (the engines take any non-empty string). */
export function randomSeedHex(): string {
  const bytes = new Uint8Array(SEED_BYTES);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
