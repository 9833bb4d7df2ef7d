// Helpers for this library's specs only (not exported from the package).
import type { ApplyResult, GameEngine, PlayerSlot } from '../core/types';

/** Freezes a value recursively, so any mutation by an engine throws in strict-mode code. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

/** Applies an input that the test expects to be accepted; throws with the reason otherwise. */
export function accept<S, I, V>(
  engine: GameEngine<S, I, V>,
  state: S,
  player: PlayerSlot,
  input: unknown,
  atMs: number,
): S {
  const applied = engine.applyInput(state, player, input, atMs);
  if (!applied.ok)
    throw new Error(`expected ${JSON.stringify(input)} at ${atMs} to be accepted, got ${applied.reason}`);
  return applied.state;
}

/** Applies an input that the test expects to be rejected; returns the rejection. */
export function rejectOf<S, I, V>(
  engine: GameEngine<S, I, V>,
  state: S,
  player: PlayerSlot,
  input: unknown,
  atMs: number,
): Extract<ApplyResult<S>, { ok: false }> {
  const applied = engine.applyInput(state, player, input, atMs);
  if (applied.ok) throw new Error(`expected ${JSON.stringify(input)} at ${atMs} to be rejected`);
  return applied;
}

export interface TimedInput {
  readonly player: PlayerSlot;
  readonly input: unknown;
  readonly atMs: number;
}
