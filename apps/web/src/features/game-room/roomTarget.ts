import { GAME_IDS, type GameDto, type GameId } from '@skillduel/contracts';

/**
 * The seven built-in games (docs/product/games.md#the-seven-games). Checked here rather than with @skillduel/games,
 * which loads with the room.
 */
export function isBuiltInGameId(id: string): id is GameId {
  return (GAME_IDS as readonly string[]).includes(id);
}

/** Ids of real rooms contain 'room'; built-in game ids never do. */
function isRoomId(id: string): boolean {
  return id.includes('room');
}

/**
 * Leave Room: guests back to the catalogue, everyone else to the dashboard
 * (docs/product/rooms-and-matches.md#leaving-a-room).
 */
export function leaveRoomPath(isGuest: boolean): string {
  return isGuest ? '/games' : '/dashboard';
}

/** What a game id shows in the header. */
export interface GameInfo {
  readonly name: string;
  readonly icon: string;
}

/** What `/game/{gameId}` opens (docs/product/rooms-and-matches.md#game-room-page). */
export type RoomTarget =
  /** A built-in game, or a catalogue game without an engine of its own (it plays quick-click). */
  | { readonly kind: 'game'; readonly gameId: string; readonly engineId: GameId; readonly info: GameInfo }
  | { readonly kind: 'room'; readonly roomId: string }
  | { readonly kind: 'loading' }
  | { readonly kind: 'notFound' };

const FALLBACK_ICON = '🎮';

/** 'quick-click' → 'Quick Click', when the catalogue cannot name a built-in game. */
function nameFromId(id: string): string {
  return id
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export function resolveRoomTarget(
  id: string,
  catalogue: { readonly games: readonly GameDto[] | undefined; readonly isLoading: boolean },
): RoomTarget {
  if (isRoomId(id)) return { kind: 'room', roomId: id };
  if (catalogue.isLoading) return { kind: 'loading' };
  const game = catalogue.games?.find((candidate) => candidate.id === id);
  if (isBuiltInGameId(id)) {
    return { kind: 'game', gameId: id, engineId: id, info: game ?? { name: nameFromId(id), icon: FALLBACK_ICON } };
  }
  if (game) return { kind: 'game', gameId: id, engineId: 'quick-click', info: game };
  return { kind: 'notFound' };
}
