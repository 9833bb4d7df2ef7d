import type { AuthResponseDto, GuestUser, User } from '@skillduel/contracts';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../../app/storage';
import type { SessionState } from './sessionSlice';

const SESSION_KEYS = [
  STORAGE_KEYS.accessToken,
  STORAGE_KEYS.refreshToken,
  STORAGE_KEYS.user,
  STORAGE_KEYS.guestSession,
] as const;

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Enough of a User to render the shell; anything else in storage is treated as absent. */
function isStoredUser(value: unknown): value is User {
  return (
    isRecord(value) &&
    typeof value['id'] === 'string' &&
    typeof value['username'] === 'string' &&
    typeof value['isGuest'] === 'boolean'
  );
}

function isStoredGuest(value: unknown): value is GuestUser {
  return isStoredUser(value) && value.isGuest && typeof value.id === 'string' && value.id.startsWith('guest_');
}

export function readAccessToken(): string | null {
  return readStorage(STORAGE_KEYS.accessToken);
}

export function readRefreshToken(): string | null {
  return readStorage(STORAGE_KEYS.refreshToken);
}

/** After POST /auth/refresh: the rotated refresh token replaces the spent one every time. */
export function storeTokens(tokens: { access_token: string; refresh_token: string }): void {
  writeStorage(STORAGE_KEYS.accessToken, tokens.access_token);
  writeStorage(STORAGE_KEYS.refreshToken, tokens.refresh_token);
}

/** The signed-in user is cached so a reload can draw the shell before GET /users/me/ answers. */
export function storeUser(user: User): void {
  writeStorage(STORAGE_KEYS.user, JSON.stringify(user));
}

/** The stored guest session, if there is a valid one; an invalid one is removed. */
export function loadStoredGuest(): GuestUser | null {
  const guest = parseJson(readStorage(STORAGE_KEYS.guestSession));
  if (isStoredGuest(guest)) return guest;
  removeStorage(STORAGE_KEYS.guestSession);
  return null;
}

/**
 * The session at start (docs/product/accounts.md#session-in-the-browser), read synchronously when the store is made.
 * With a stored access token the cached user (if any) is shown at once, and `startSession` then loads the current user
 * from the server (`restoring` until it answers when nothing is cached). Otherwise a stored guest session; otherwise
 * anonymous.
 */
export function loadStoredSession(): SessionState {
  if (readAccessToken()) {
    const user = parseJson(readStorage(STORAGE_KEYS.user));
    if (isStoredUser(user) && !user.isGuest) return { kind: 'signedIn', user };
    return { kind: 'anonymous', restoring: true };
  }
  const guest = loadStoredGuest();
  return guest ? { kind: 'guest', user: guest } : { kind: 'anonymous' };
}

/** Login and registration replace any guest session. */
export function storeSignedInSession(auth: AuthResponseDto): void {
  removeStorage(STORAGE_KEYS.guestSession);
  storeTokens(auth);
  storeUser(auth.user);
}

/** A guest start replaces whatever session was stored. */
export function storeGuestSession(guest: GuestUser): void {
  clearStoredSession();
  writeStorage(STORAGE_KEYS.guestSession, JSON.stringify(guest));
}

export function clearStoredTokens(): void {
  removeStorage(STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken, STORAGE_KEYS.user);
}

/** Signing out clears every stored session item. Device preferences (theme, language) stay. */
export function clearStoredSession(): void {
  removeStorage(...SESSION_KEYS);
}
