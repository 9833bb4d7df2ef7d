import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { LIMITS } from '@skillduel/contracts';
import { sessionEnded } from '../features/session/sessionSlice';
import { clearStoredTokens, readAccessToken } from '../features/session/sessionStorage';
import { mapApiError, type ApiError } from './apiErrors';

export const API_BASE_PATH = '/api';

/**
 * Absolute base URL on the page's own origin. Browsers accept the relative '/api', but Node's Request
 * (used under jest) rejects relative URLs, so the base is resolved against the current location.
 */
export function apiBaseUrl(): string {
  const pageUrl = typeof window === 'undefined' ? 'http://localhost/' : window.location.href;
  return new URL(API_BASE_PATH, pageUrl).href;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiBaseUrl(),
  timeout: LIMITS.requestTimeoutMs,
  prepareHeaders: (headers) => {
    const accessToken = readAccessToken();
    if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
    return headers;
  },
});

/**
 * Every call goes through here: Bearer token in, SPEC §8 error mapping out.
 * A 401 on a call that carried a token ends the session: the tokens are cleared, the session becomes anonymous
 * and the route guard sends the visitor to `/` (SPEC §7). A 401 without a token (e.g. wrong password at
 * login) is just an error.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, queryApi, extraOptions) => {
  const sentToken = readAccessToken() !== null;
  const result = await rawBaseQuery(args, queryApi, extraOptions);
  if (!result.error) return { data: result.data, meta: result.meta };

  if (result.error.status === 401 && sentToken) {
    // Extension point (SPEC §7): try POST /auth/refresh once with the stored refresh token and, if it
    // answers a new access token, store it and retry `args` before giving up here.
    clearStoredTokens();
    queryApi.dispatch(sessionEnded());
  }
  return { error: mapApiError(result.error), meta: result.meta };
};

/** The single RTK Query API; features add their endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Games', 'Config'],
  endpoints: () => ({}),
});
