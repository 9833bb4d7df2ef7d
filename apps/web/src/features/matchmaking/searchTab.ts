/**
 * Which browser tab owns the player's search (sessionStorage is per tab and survives a reload of it). The tab that
 * entered the queue, or that shows the searching screen, is taken to the room when an opponent is found; the
 * player's other tabs (a wallet open beside the game) are told with a notice and a link, never navigated away.
 */
const KEY = 'skillduel.matchmaking.searchingHere';

export function markSearchingHere(): void {
  try {
    window.sessionStorage.setItem(KEY, '1');
  } catch {
    // No storage (private mode): this tab simply does not claim the search.
  }
}

export function clearSearchingHere(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}

export function isSearchingHere(): boolean {
  try {
    return window.sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}
