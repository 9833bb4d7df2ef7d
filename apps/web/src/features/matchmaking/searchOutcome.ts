import type { MatchmakingExpiredDto, MatchmakingMatchedDto } from '@skillduel/contracts';
import { useSyncExternalStore } from 'react';

/** How a search ended, pushed by the server: paired (the room is about to open) or expired (the stake is back). */
export type SearchOutcome =
  { kind: 'found'; matched: MatchmakingMatchedDto } | { kind: 'expired'; expired: MatchmakingExpiredDto };

let current: SearchOutcome | null = null;
const listeners = new Set<() => void>();

/**
 * The latest search outcome, shared by the signed-in layout (which hears the pushes wherever the player is) and
 * the game page's searching screen (which shows them). Lives for the page; the layout clears it when it unmounts.
 */
export function setSearchOutcome(next: SearchOutcome | null): void {
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSearchOutcome(): SearchOutcome | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
