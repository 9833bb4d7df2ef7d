/**
 * Names of the values SkillDuel keeps in the browser's localStorage (docs/product/accounts.md#session-in-the-browser).
 */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  user: 'user',
  guestSession: 'guest_session',
  theme: 'theme',
  language: 'lang',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** localStorage can throw (private mode, quota, disabled storage): the app then runs without persistence. */
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Persistence is best-effort; the in-memory state stays correct.
  }
}

export function removeStorage(...keys: StorageKey[]): void {
  for (const key of keys) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // See writeStorage.
    }
  }
}
