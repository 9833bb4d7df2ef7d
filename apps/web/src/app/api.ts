import {
  createApi,
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
} from '@reduxjs/toolkit/query/react';
import { AUTH_ERROR_CODES, LIMITS, type RefreshResponse } from '@skillduel/contracts';
import { sessionEnded } from '../features/session/sessionSlice';
import { clearStoredTokens, readAccessToken, readRefreshToken, storeTokens } from '../features/session/sessionStorage';
import { mapApiError, type ApiError } from './apiErrors';

export const API_BASE_PATH = '/api';

/**
 * Absolute base URL on the page's own origin. Browsers accept the relative '/api', but Node's Request
 * (used under jest) rejects relative URLs, so the base is resolved against the current location.
 */
function apiBaseUrl(): string {
  const pageUrl = typeof window === 'undefined' ? 'http://localhost/' : window.location.href;
  return new URL(API_BASE_PATH, pageUrl).href;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiBaseUrl(),
  timeout: LIMITS.requestTimeoutMs,
  // The device id is the server's (decision 2330): an HttpOnly cookie set at sign-in and refresh that the browser
  // sends back with every same-origin call; this code never sees it, so no script can read or copy it.
  credentials: 'same-origin',
  prepareHeaders: (headers) => {
    const accessToken = readAccessToken();
    if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
    return headers;
  },
});

type RawResult = Awaited<ReturnType<typeof rawBaseQuery>>;

const REFRESH_PATH = '/auth/refresh';

/**
 * 401 answers that are about the credentials in the body, not about the Bearer token: a refresh cannot help
 * (wrong password, a 2FA code needed or wrong, a spent refresh token).
 */
const CREDENTIAL_ERROR_CODES: ReadonlySet<string> = new Set([
  AUTH_ERROR_CODES.invalidCredentials,
  AUTH_ERROR_CODES.twoFactorRequired,
  AUTH_ERROR_CODES.twoFactorInvalid,
  AUTH_ERROR_CODES.invalidRefreshToken,
]);

function errorCodeOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const code = (data as Record<string, unknown>)['code'];
  return typeof code === 'string' ? code : undefined;
}

function isRefreshResponse(data: unknown): data is RefreshResponse {
  if (typeof data !== 'object' || data === null) return false;
  const body = data as Record<string, unknown>;
  return typeof body['access_token'] === 'string' && typeof body['refresh_token'] === 'string';
}

function urlOf(args: string | FetchArgs): string {
  return typeof args === 'string' ? args : args.url;
}

/** Is this a 401 that a fresh access token could fix? Only for a call that carried one. */
function isExpiredTokenAnswer(result: RawResult, args: string | FetchArgs, sentToken: string | null): boolean {
  if (sentToken === null || result.error?.status !== 401) return false;
  if (urlOf(args) === REFRESH_PATH) return false;
  const code = errorCodeOf(result.error.data);
  return code === undefined || !CREDENTIAL_ERROR_CODES.has(code);
}

/** The one refresh under way in this tab; every 401 that arrives meanwhile waits for it (single-flight). */
let refreshInFlight: Promise<boolean> | null = null;

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** Web Locks keep two tabs from spending the same refresh token at once; without them, run unguarded. */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as (Navigator & { locks?: LockManagerLike }) | undefined)?.locks;
  return locks ? locks.request('skillduel-token-refresh', task) : task();
}

/**
 * POST /auth/refresh with the stored refresh token and store the rotated pair (decision 0101).
 * Resolves whether a usable access token is now stored. `staleAccessToken` is the token the failed call
 * sent: if the stored one already differs, another call or tab refreshed meanwhile and there is nothing to do.
 */
async function refreshTokens(staleAccessToken: string, queryApi: BaseQueryApi): Promise<boolean> {
  const current = readAccessToken();
  if (current !== null && current !== staleAccessToken) return true;
  const refreshToken = readRefreshToken();
  if (!refreshToken) return false;
  // Not tied to the abort signal of the call that triggered it: an unmounted screen must not cancel the
  // refresh every other waiting call depends on.
  const detachedApi: BaseQueryApi = { ...queryApi, signal: new AbortController().signal };
  const result = await rawBaseQuery(
    { url: REFRESH_PATH, method: 'POST', body: { refresh_token: refreshToken } },
    detachedApi,
    {},
  );
  if (isRefreshResponse(result.data)) {
    storeTokens(result.data);
    return true;
  }
  // Another tab may have rotated the token while this request was on its way: its new pair is in storage.
  const latest = readRefreshToken();
  return latest !== null && latest !== refreshToken && readAccessToken() !== staleAccessToken;
}

function refreshOnce(staleAccessToken: string, queryApi: BaseQueryApi): Promise<boolean> {
  refreshInFlight ??= withRefreshLock(() => refreshTokens(staleAccessToken, queryApi)).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * Every call goes through here: Bearer token in, status-message mapping out
 * (docs/product/app-and-api.md#status-messages). A 401 on a call that carried a token means the access token expired or
 * was revoked: the client refreshes once (one refresh at a time; concurrent 401s wait for it) and retries the call with
 * the new token. If the refresh fails, the tokens are cleared, the session becomes anonymous and the route guard sends
 * the visitor to `/`. A 401 about the request's own credentials (wrong password at login, 2FA code needed) is
 * just an error.
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, queryApi, extraOptions) => {
  const sentToken = readAccessToken();
  let result = await rawBaseQuery(args, queryApi, extraOptions);

  if (isExpiredTokenAnswer(result, args, sentToken) && sentToken !== null) {
    const refreshed = await refreshOnce(sentToken, queryApi);
    if (refreshed) {
      const retryToken = readAccessToken();
      result = await rawBaseQuery(args, queryApi, extraOptions);
      if (isExpiredTokenAnswer(result, args, retryToken)) endSignedInSession(queryApi);
    } else {
      endSignedInSession(queryApi);
    }
  }

  if (!result.error) return { data: result.data, meta: result.meta };
  return { error: mapApiError(result.error), meta: result.meta };
};

function endSignedInSession(queryApi: BaseQueryApi): void {
  clearStoredTokens();
  queryApi.dispatch(sessionEnded());
}

/** The single RTK Query API; features add their endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Games', 'Config', 'CurrentUser', 'AuthSessions', 'Security', 'Transactions'],
  endpoints: () => ({}),
});
