import { http, HttpResponse } from 'msw';
import { gamesApi } from '../features/games/gamesApi';
import { createGuestSession } from '../features/session/guestSession';
import { buildUser } from '../test/factories';
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

  it('clears the tokens and ends the session on a 401 for a call that carried a token', async () => {
    storeTokens();
    server.use(http.get(apiUrl('/games/'), () => HttpResponse.json({ detail: 'Token expired' }, { status: 401 })));
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
