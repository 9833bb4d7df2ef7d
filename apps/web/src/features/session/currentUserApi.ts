import type { User } from '@skillduel/contracts';
import { api } from '../../app/api';
import type { AppThunk } from '../../app/store';
import { userUpdated } from './sessionSlice';
import { storeUser } from './sessionStorage';

/** Same content: skips a re-render of every screen that reads the user when nothing changed. */
export function sameUser(left: User, right: User): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

/** Keeps the session and the cached copy in step with a fresher user from the server. */
export const applyCurrentUser =
  (user: User): AppThunk =>
  (dispatch, getState) => {
    const session = getState().session;
    if (session.kind !== 'signedIn' || session.user.id !== user.id) return;
    storeUser(user);
    if (!sameUser(session.user, user)) dispatch(userUpdated(user));
  };

/** Fields PUT /users/me/ accepts (docs/product/accounts.md#profile); anything else is refused by the API. */
export interface ProfileUpdate {
  username?: string;
  email?: string;
  country?: string | null;
  /** Re-authentication, sent only with an email change (decision 1001). */
  current_password?: string;
  two_factor_code?: string;
}

export const currentUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/users/me/ — the signed-in user (docs/product/accounts.md#user-answer). */
    getCurrentUser: build.query<User, void>({
      query: () => '/users/me/',
      providesTags: ['CurrentUser'],
      // Every answer that arrives reaches the session, which the top bar and the dashboard read: a refetch started by
      // a tag, a push or a reload all count. Callers that reload at the same moment share one request, and a shared
      // call's own result can be the older copy, so no caller applies a result itself.
      onQueryStarted: async (_request, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(applyCurrentUser(data));
        } catch {
          // A failed reload changes nothing.
        }
      },
    }),
    /** PUT /api/users/me/ — username, email, country. */
    updateCurrentUser: build.mutation<User, ProfileUpdate>({
      query: (body) => ({ url: '/users/me/', method: 'PUT', body }),
      invalidatesTags: ['Security'],
    }),
  }),
});

export const { useUpdateCurrentUserMutation } = currentUserApi;
