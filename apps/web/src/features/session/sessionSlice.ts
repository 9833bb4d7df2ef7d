import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { GuestUser, User } from '@skillduel/contracts';

/** SPEC §4 Session: anonymous, signed in (tokens stored), guest (guest session stored). */
export type SessionState =
  { kind: 'anonymous' } | { kind: 'signedIn'; user: User } | { kind: 'guest'; user: GuestUser };

const initialState = { kind: 'anonymous' } as SessionState;

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn: (_state, action: PayloadAction<User>): SessionState => ({ kind: 'signedIn', user: action.payload }),
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
  },
});

export const { signedIn, guestStarted, sessionEnded } = sessionSlice.actions;
export const { selectSession, selectCurrentUser, selectHasSession, selectIsGuest } = sessionSlice.selectors;
