import type { AuthResponseDto, GuestUser } from '@skillduel/contracts';
import { api } from '../../app/api';
import type { AppThunk } from '../../app/store';
import { createGuestSession } from './guestSession';
import { guestStarted, sessionEnded, signedIn } from './sessionSlice';
import { clearStoredSession, storeGuestSession, storeSignedInSession } from './sessionStorage';

/** Makes and stores a fresh guest session, replacing any other session (SPEC §3, §4). */
export const startGuestSession = (): AppThunk<GuestUser> => (dispatch) => {
  const guest = createGuestSession();
  storeGuestSession(guest);
  dispatch(api.util.resetApiState());
  dispatch(guestStarted(guest));
  return guest;
};

/** Stores the tokens and user from a login or registration answer. */
export const completeSignIn =
  (auth: AuthResponseDto): AppThunk =>
  (dispatch) => {
    storeSignedInSession(auth);
    dispatch(api.util.resetApiState());
    dispatch(signedIn(auth.user));
  };

/**
 * Clears every stored session item and cached server data.
 * Extension point: for signed-in users POST /auth/logout is called first (skipped for guests, SPEC §7).
 */
export const endSession = (): AppThunk => (dispatch) => {
  clearStoredSession();
  dispatch(api.util.resetApiState());
  dispatch(sessionEnded());
};
