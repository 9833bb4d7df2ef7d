import type { AuthResponseDto, GuestUser, User } from '@skillduel/contracts';
import { api } from '../../app/api';
import type { AppThunk } from '../../app/store';
import { authApi } from '../auth/authApi';
import { currentUserApi, sameUser } from './currentUserApi';
import { createGuestSession } from './guestSession';
import { guestStarted, sessionEnded, signedIn } from './sessionSlice';
import {
  clearStoredSession,
  clearStoredTokens,
  loadStoredGuest,
  readAccessToken,
  storeGuestSession,
  storeSignedInSession,
  storeUser,
} from './sessionStorage';

/** Makes and stores a fresh guest session, replacing any other session (docs/product/app-and-api.md#guest-sessions). */
export const startGuestSession = (): AppThunk<GuestUser> => (dispatch) => {
  const guest = createGuestSession();
  storeGuestSession(guest);
  dispatch(api.util.resetApiState());
  dispatch(guestStarted(guest));
  return guest;
};

/** Stores the tokens and user from a login, registration or social sign-in; any guest session is replaced. */
export const completeSignIn =
  (auth: AuthResponseDto): AppThunk =>
  (dispatch) => {
    storeSignedInSession(auth);
    dispatch(api.util.resetApiState());
    dispatch(signedIn(auth.user));
  };

/**
 * Reloads the signed-in user from GET /users/me/ (e.g. after a balance change); the answer reaches the session through
 * the query itself (currentUserApi). Resolves the user, or null when it could not be loaded.
 */
export const reloadCurrentUser = (): AppThunk<Promise<User | null>> => async (dispatch) => {
  const result = await dispatch(
    currentUserApi.endpoints.getCurrentUser.initiate(undefined, { subscribe: false, forceRefetch: true }),
  );
  return result.data ?? null;
};

/**
 * Session start (docs/product/accounts.md#session-in-the-browser): with a stored access token the current user is
 * loaded, and if that fails the tokens are cleared (then a stored guest session, if any, is restored); otherwise the
 * guest session that the store already restored stands. A 401 is first answered by the base query's refresh-and-retry.
 */
export const startSession = (): AppThunk<Promise<void>> => async (dispatch, getState) => {
  if (!readAccessToken()) return;
  const result = await dispatch(
    currentUserApi.endpoints.getCurrentUser.initiate(undefined, { subscribe: false, forceRefetch: true }),
  );
  if (result.data && !result.data.isGuest) {
    // A logout or guest start while the call was out has removed the tokens: that choice stands.
    if (!readAccessToken()) return;
    storeUser(result.data);
    const session = getState().session;
    if (session.kind === 'signedIn' && sameUser(session.user, result.data)) return;
    dispatch(signedIn(result.data));
    return;
  }
  if (!readAccessToken()) return;
  clearStoredTokens();
  const guest = loadStoredGuest();
  dispatch(guest ? guestStarted(guest) : sessionEnded());
};

/** Clears every stored session item and cached server data; theme and language stay. */
export const endSession = (): AppThunk => (dispatch) => {
  clearStoredSession();
  dispatch(api.util.resetApiState());
  dispatch(sessionEnded());
};

/**
 * Logout: POST /auth/logout for a signed-in user (skipped for guests), then everything is cleared
 * whatever the server said — a dead network must not keep anyone signed in on this device.
 */
export const logout = (): AppThunk<Promise<void>> => async (dispatch, getState) => {
  if (getState().session.kind === 'signedIn' && readAccessToken()) {
    await dispatch(authApi.endpoints.logout.initiate());
  }
  dispatch(endSession());
};
