import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { GuestUser, User } from '@skillduel/contracts';

/**
 * Session (docs/product/accounts.md#session-in-the-browser): anonymous, signed in (tokens stored), guest (guest session
 * stored). `restoring` marks the moment at start when tokens are stored but the user is not loaded yet (GET
 * /users/me/): the route guards wait instead of sending the visitor to `/`.
 */
export type SessionState =
  { kind: 'anonymous'; restoring?: true } | { kind: 'signedIn'; user: User } | { kind: 'guest'; user: GuestUser };

const initialState = { kind: 'anonymous' } as SessionState;

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn: (_state, action: PayloadAction<User>): SessionState => ({ kind: 'signedIn', user: action.payload }),
    /** A fresher copy of the signed-in user (GET/PUT /users/me/); ignored unless that user is signed in. */
    userUpdated: (state, action: PayloadAction<User>): SessionState =>
      state.kind === 'signedIn' && state.user.id === action.payload.id
        ? { kind: 'signedIn', user: action.payload }
        : state,
    guestStarted: (_state, action: PayloadAction<GuestUser>): SessionState => ({
      kind: 'guest',
      user: action.payload,
    }),
    /** Logout, or a rejected token: back to anonymous. */
    sessionEnded: (): SessionState => ({ kind: 'anonymous' }),
  },
  selectors: {
    selectSession: (state) => state,
    selectCurrentUser: (state): User | null => (state.kind === 'anonymous' ? null : state.user),
    selectHasSession: (state) => state.kind !== 'anonymous',
    selectIsGuest: (state) => state.kind === 'guest',
    selectIsRestoring: (state) => state.kind === 'anonymous' && state.restoring === true,
  },
});

export const { signedIn, userUpdated, guestStarted, sessionEnded } = sessionSlice.actions;
export const { selectSession, selectCurrentUser, selectIsGuest } = sessionSlice.selectors;
