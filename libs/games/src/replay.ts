import type { PlayerSlot, Scoreboard } from './core/types';
import { AnyGameEngine, GAME_ENGINES, isGameId } from './registry';

/** One entry of a match's input log as the server stores and publishes it (server time since the start). */
export type ReplayLogEntry = { at_ms: number; seat: PlayerSlot; input: unknown } | { at_ms: number; tick: true };

/**
 * Replays a finished round from its revealed seed and the server's input log, exactly as the server applied it:
 * every input (accepted or not: a refusal may still record a flag or a time-up) and every tick, in order. The
 * scoreboard it returns is what anyone can check the published scores against (provably fair). Null for a game
 * without an engine.
 */
export function replayRound(round: {
  gameId: string;
  seed: string;
  timeLimitMs: number;
  log: readonly ReplayLogEntry[];
}): Scoreboard | null {
  if (!isGameId(round.gameId)) return null;
  const engine = GAME_ENGINES[round.gameId] as AnyGameEngine;
  let state = engine.create(round.seed, { timeLimitMs: round.timeLimitMs });
  for (const entry of round.log) {
    state =
      'tick' in entry
        ? engine.tick(state, entry.at_ms)
        : engine.applyInput(state, entry.seat, entry.input, entry.at_ms).state;
  }
  return engine.scoreboard(state);
}
