import type { User } from '@skillduel/contracts';
import { api } from '../../app/api';

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
    }),
    /** PUT /api/users/me/ — username, email, country. */
    updateCurrentUser: build.mutation<User, ProfileUpdate>({
      query: (body) => ({ url: '/users/me/', method: 'PUT', body }),
      invalidatesTags: ['Security'],
    }),
  }),
});

export const { useUpdateCurrentUserMutation } = currentUserApi;
