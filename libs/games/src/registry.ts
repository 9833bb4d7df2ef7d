import { GAME_IDS } from '@skillduel/contracts';
import type { ColorMatchInput } from './color-match/color-match';
import { colorMatchEngine } from './color-match/color-match';
import type { GameEngine, GameId, MatchState, PlayerView } from './core/types';
import type { MemoryMasterInput } from './memory-master/memory-master';
import { memoryMasterEngine } from './memory-master/memory-master';
import type { NumberRushInput } from './number-rush/number-rush';
import { numberRushEngine } from './number-rush/number-rush';
import type { PatternProInput } from './pattern-pro/pattern-pro';
import { patternProEngine } from './pattern-pro/pattern-pro';
import type { QuickClickInput } from './quick-click/quick-click';
import { quickClickEngine } from './quick-click/quick-click';
import type { ReactionTimeInput } from './reaction-time/reaction-time';
import { reactionTimeEngine } from './reaction-time/reaction-time';
import type { WordWizardInput } from './word-wizard/word-wizard';
import { wordWizardEngine } from './word-wizard/word-wizard';

type GameInput =
  | QuickClickInput
  | NumberRushInput
  | MemoryMasterInput
  | PatternProInput
  | WordWizardInput
  | ReactionTimeInput
  | ColorMatchInput;

/** An engine held by a runtime game id (server side). Each engine throws if handed another game's state. */
export type AnyGameEngine = GameEngine<MatchState<unknown>, GameInput, PlayerView<unknown>>;

export const GAME_ENGINES = {
  'quick-click': quickClickEngine,
  'number-rush': numberRushEngine,
  'memory-master': memoryMasterEngine,
  'pattern-pro': patternProEngine,
  'word-wizard': wordWizardEngine,
  'reaction-time': reactionTimeEngine,
  'color-match': colorMatchEngine,
} as const satisfies { readonly [K in GameId]: AnyGameEngine };

type GameEngines = typeof GAME_ENGINES;
export type EngineOf<K extends GameId> = GameEngines[K];
export type InputOf<K extends GameId> = NonNullable<ReturnType<GameEngines[K]['parseInput']>>;

export function isGameId(value: unknown): value is GameId {
  return typeof value === 'string' && (GAME_IDS as readonly string[]).includes(value);
}

/** The engine for `id`, precisely typed for a literal id; widen to `AnyGameEngine` for a runtime id. */
export function getEngine<K extends GameId>(id: K): EngineOf<K> {
  if (!isGameId(id)) throw new RangeError(`unknown game id: ${String(id)}`);
  return GAME_ENGINES[id];
}
