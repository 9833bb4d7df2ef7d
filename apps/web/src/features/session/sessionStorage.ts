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

/**
 * The session at start (SPEC §4): tokens with their user → signed in; otherwise a stored guest session;
 * otherwise anonymous. Tokens without a usable user are cleared.
 * Extension point: once GET /users/me/ exists, the signed-in user is reloaded from the server at start.
 */
export function loadStoredSession(): SessionState {
  if (readAccessToken()) {
    const user = parseJson(readStorage(STORAGE_KEYS.user));
    if (isStoredUser(user) && !user.isGuest) return { kind: 'signedIn', user };
    clearStoredTokens();
  }
  const guest = parseJson(readStorage(STORAGE_KEYS.guestSession));
  if (isStoredGuest(guest)) return { kind: 'guest', user: guest };
  removeStorage(STORAGE_KEYS.guestSession);
  return { kind: 'anonymous' };
}

/** Login and registration replace any guest session (SPEC §4). */
export function storeSignedInSession(auth: AuthResponseDto): void {
  removeStorage(STORAGE_KEYS.guestSession);
  writeStorage(STORAGE_KEYS.accessToken, auth.access_token);
  writeStorage(STORAGE_KEYS.refreshToken, auth.refresh_token);
  writeStorage(STORAGE_KEYS.user, JSON.stringify(auth.user));
}

/** A guest start replaces whatever session was stored (SPEC §4). */
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
