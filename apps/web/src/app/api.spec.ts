import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { authApi } from '../features/auth/authApi';
import { gamesApi } from '../features/games/gamesApi';
import { matchmakingApi } from '../features/matchmaking/matchmakingApi';
import { createGuestSession } from '../features/session/guestSession';
import { currentUserApi } from '../features/session/currentUserApi';
import { buildUser } from '../test/factories';
import { renderApp } from '../test/renderWithProviders';
import { apiUrl, server } from '../test/server';
import { STORAGE_KEYS } from './storage';
import { setupStore } from './store';

function storeTokens() {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'token-abc');
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-abc');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(buildUser()));
}

describe('base query', () => {
  it('sends the stored access token as a Bearer header', async () => {
    storeTokens();
    let authorization: string | null = null;
    server.use(
      http.get(apiUrl('/games/'), ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json([]);
      }),
    );
    const store = setupStore();
    await store.dispatch(gamesApi.endpoints.getGames.initiate());
    expect(authorization).toBe('Bearer token-abc');
  });

  it('sends no Authorization header without a token', async () => {
    let authorization: string | null = 'unset';
    server.use(
      http.get(apiUrl('/games/'), ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json([]);
      }),
    );
    const store = setupStore();
    await store.dispatch(gamesApi.endpoints.getGames.initiate());
    expect(authorization).toBeNull();
  });

  it('makes up no device id: calls carry no X-Device-Id and go same-origin, so the browser adds the server’s cookie', async () => {
    const seen: Array<{ header: string | null; credentials: RequestCredentials }> = [];
    server.use(
      http.post(apiUrl('/auth/login'), ({ request }) => {
        seen.push({ header: request.headers.get('X-Device-Id'), credentials: request.credentials });
        return HttpResponse.json({ detail: 'Invalid email or password' }, { status: 401 });
      }),
      http.get(apiUrl('/games/'), ({ request }) => {
        seen.push({ header: request.headers.get('X-Device-Id'), credentials: request.credentials });
        return HttpResponse.json([]);
      }),
      http.post(apiUrl('/matchmaking/queue'), ({ request }) => {
        seen.push({ header: request.headers.get('X-Device-Id'), credentials: request.credentials });
        return HttpResponse.json(null, { status: 400 });
      }),
    );
    const store = setupStore();
    await store.dispatch(gamesApi.endpoints.getGames.initiate());
    await store.dispatch(authApi.endpoints.login.initiate({ email: 'a@example.test', password: 'nope-nope' }));
    await store.dispatch(matchmakingApi.endpoints.enterQueue.initiate({ game_id: 'number-rush', bet_amount: 2 }));
    expect(seen).toEqual(Array.from({ length: 3 }, () => ({ header: null, credentials: 'same-origin' })));
    expect(localStorage.getItem('device_id')).toBeNull();
  });

  it('clears the tokens and ends the session when the refresh after a 401 fails', async () => {
    storeTokens();
    server.use(
      http.get(apiUrl('/games/'), () => HttpResponse.json({ detail: 'Token expired' }, { status: 401 })),
      http.post(apiUrl('/auth/refresh'), () =>
        HttpResponse.json(
          { detail: 'Invalid or expired refresh token', code: 'INVALID_REFRESH_TOKEN' },
          { status: 401 },
        ),
      ),
    );
    const store = setupStore();
    expect(store.getState().session.kind).toBe('signedIn');

    const result = await store.dispatch(gamesApi.endpoints.getGames.initiate());

    expect(result.error).toMatchObject({ status: 401, message: 'Authentication required' });
    expect(store.getState().session.kind).toBe('anonymous');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('leaves a guest session alone on a 401 (no token was sent)', async () => {
    localStorage.setItem(STORAGE_KEYS.guestSession, JSON.stringify(createGuestSession()));
    server.use(http.get(apiUrl('/games/'), () => new HttpResponse(null, { status: 401 })));
    const store = setupStore();
    await store.dispatch(gamesApi.endpoints.getGames.initiate());
    expect(store.getState().session.kind).toBe('guest');
  });

  it('maps real failures through mapApiError', async () => {
    server.use(http.get(apiUrl('/games/'), () => HttpResponse.json({ detail: 'boom' }, { status: 500 })));
    const store = setupStore();
    const serverFault = await store.dispatch(gamesApi.endpoints.getGames.initiate());
    expect(serverFault.error).toMatchObject({ status: 500, message: 'Server error. Please try again later.' });

    server.use(http.get(apiUrl('/games/'), () => HttpResponse.error()));
    const offline = await store.dispatch(gamesApi.endpoints.getGames.initiate(undefined, { forceRefetch: true }));
    expect(offline.error).toMatchObject({
      status: 'FETCH_ERROR',
      message: 'Network error. Please check your connection.',
    });
  });
});

describe('401 → refresh → retry', () => {
  /** The API: only the access token `fresh-access` is valid; a refresh rotates `refresh-abc` once. */
  function serveRotation(refreshDelayMs = 0) {
    const calls = { refresh: 0, refreshBodies: [] as unknown[], games: [] as (string | null)[], config: 0 };
    server.use(
      http.get(apiUrl('/games/'), ({ request }) => {
        const authorization = request.headers.get('Authorization');
        calls.games.push(authorization);
        if (authorization !== 'Bearer fresh-access') {
          return HttpResponse.json({ detail: 'Authentication required', code: 'UNAUTHORIZED' }, { status: 401 });
        }
        return HttpResponse.json([]);
      }),
      http.get(apiUrl('/users/me/'), ({ request }) => {
        if (request.headers.get('Authorization') !== 'Bearer fresh-access') {
          return HttpResponse.json({ detail: 'Authentication required', code: 'UNAUTHORIZED' }, { status: 401 });
        }
        return HttpResponse.json(buildUser());
      }),
      http.post(apiUrl('/auth/refresh'), async ({ request }) => {
        calls.refresh += 1;
        const body = (await request.json()) as { refresh_token?: string };
        calls.refreshBodies.push(body);
        await new Promise((resolve) => setTimeout(resolve, refreshDelayMs));
        if (body.refresh_token !== 'refresh-abc' || calls.refresh > 1) {
          return HttpResponse.json({ detail: 'Invalid or expired refresh token' }, { status: 401 });
        }
        return HttpResponse.json({ access_token: 'fresh-access', refresh_token: 'refresh-rotated' });
      }),
    );
    return calls;
  }

  it('refreshes once with the stored refresh token, stores the rotated pair and retries the call', async () => {
    storeTokens();
    const calls = serveRotation();
    const store = setupStore();

    const result = await store.dispatch(gamesApi.endpoints.getGames.initiate());

    expect(result.error).toBeUndefined();
    expect(result.data).toEqual([]);
    expect(calls.refresh).toBe(1);
    expect(calls.refreshBodies).toEqual([{ refresh_token: 'refresh-abc' }]);
    expect(calls.games).toEqual(['Bearer token-abc', 'Bearer fresh-access']);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('fresh-access');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-rotated');
    expect(store.getState().session.kind).toBe('signedIn');
  });

  it('makes concurrent 401s share ONE refresh (single-flight), then retries each', async () => {
    storeTokens();
    const calls = serveRotation(50);
    const store = setupStore();

    const [games, me] = await Promise.all([
      store.dispatch(gamesApi.endpoints.getGames.initiate()),
      store.dispatch(currentUserApi.endpoints.getCurrentUser.initiate()),
    ]);

    expect(calls.refresh).toBe(1);
    expect(games.data).toEqual([]);
    expect(me.data).toMatchObject({ username: 'alice' });
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-rotated');
    expect(store.getState().session.kind).toBe('signedIn');
  });

  it('does not refresh for a 401 about the credentials themselves (2FA code needed)', async () => {
    storeTokens();
    let refreshed = false;
    server.use(
      http.post(apiUrl('/auth/login'), () =>
        HttpResponse.json(
          { detail: 'Two-factor authentication code required', code: 'TWO_FACTOR_REQUIRED' },
          { status: 401 },
        ),
      ),
      http.post(apiUrl('/auth/refresh'), () => {
        refreshed = true;
        return HttpResponse.json({ access_token: 'x', refresh_token: 'y' });
      }),
    );
    const store = setupStore();
    const result = await store.dispatch(
      authApi.endpoints.login.initiate({ email: 'alice@example.com', password: 'secret-one' }),
    );
    expect(result.error).toMatchObject({ status: 401 });
    expect(refreshed).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('token-abc');
  });

  it('sends the visitor to / when the refresh fails on a guarded screen', async () => {
    storeTokens();
    server.use(
      http.get(apiUrl('/users/me/'), () => HttpResponse.json({ detail: 'Authentication required' }, { status: 401 })),
      http.post(apiUrl('/auth/refresh'), () => HttpResponse.json({ detail: 'Invalid' }, { status: 401 })),
    );
    renderApp('/profile');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(await screen.findByRole('button', { name: 'Continue as Guest' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });
});
