import { http, HttpResponse } from 'msw';
import { buildUser } from '../../test/factories';
import { installFakeSocket, type FakeSocket } from '../../test/realtime';
import { apiUrl, server } from '../../test/server';
import { storeSignedInUser } from '../../test/wallet';
import { createGuestSession } from '../../features/session/guestSession';
import { STORAGE_KEYS } from '../storage';
import { setupStore } from '../store';
import { realtimeAuthRefresher } from './auth';
import { getRealtimeClient, TIMEOUT_ERROR_CODE } from './client';

describe('realtime client: one shared socket per tab', () => {
  let fake: FakeSocket;
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['nextTick'] });
    fake = installFakeSocket();
  });
  afterEach(() => jest.useRealTimers());

  it('opens one connection for every user of it, with the stored access token, and closes it when idle', () => {
    storeSignedInUser();
    const client = getRealtimeClient();
    expect(client.getStatus()).toBe('idle');
    const first = client.acquire();
    const second = client.acquire();
    expect(fake.connectCalls).toBe(1);
    expect(fake.lastAuth).toEqual({ token: 'access-token-1' });
    expect(client.getStatus()).toBe('connected');

    first.release();
    second.release();
    // A screen change (dashboard → room) within a few seconds keeps the connection.
    jest.advanceTimersByTime(1000);
    const third = client.acquire();
    jest.advanceTimersByTime(10_000);
    expect(fake.connected).toBe(true);
    third.release();
    jest.advanceTimersByTime(5000);
    expect(fake.connected).toBe(false);
    expect(client.getStatus()).toBe('idle');
  });

  it('connects a guest without a token', () => {
    getRealtimeClient().acquire();
    expect(fake.lastAuth).toEqual({});
  });

  it("sends a guest session's id, so the guest counts once as a spectator (decision 1002)", () => {
    const guest = createGuestSession();
    localStorage.setItem(STORAGE_KEYS.guestSession, JSON.stringify(guest));
    getRealtimeClient().acquire();
    expect(fake.lastAuth).toEqual({ guest_id: guest.id });
  });

  it('reconnects as the new user after a sign-in', () => {
    const client = getRealtimeClient();
    client.acquire().release();
    expect(fake.lastAuth).toEqual({});
    storeSignedInUser();
    client.acquire();
    expect(fake.connectCalls).toBe(2);
    expect(fake.lastAuth).toEqual({ token: 'access-token-1' });
  });

  it('reports a dropped connection as reconnecting and re-subscribes the lobby when it is back', async () => {
    const client = getRealtimeClient();
    const statuses: string[] = [];
    client.subscribeStatus(() => statuses.push(client.getStatus()));
    const reconnects: boolean[] = [];
    client.onConnect((reconnected) => reconnects.push(reconnected));
    client.acquire();
    const events: string[] = [];
    client.subscribeLobby((event) => events.push(event.kind));
    expect(fake.sentOf('lobby:subscribe')).toHaveLength(1);
    fake.dropConnection();
    expect(client.getStatus()).toBe('reconnecting');
    await fake.reconnect();
    expect(client.getStatus()).toBe('connected');
    expect(statuses).toEqual(['connecting', 'connected', 'reconnecting', 'connected']);
    expect(reconnects).toEqual([false, true]);
    expect(fake.sentOf('lobby:subscribe')).toHaveLength(2);
  });

  it('answers a request the server never acknowledges with a TIMEOUT refusal', async () => {
    const client = getRealtimeClient();
    client.acquire();
    fake.respond('room:join', () => undefined);
    const answer = client.request('room:join', { room_id: 'room_x' });
    jest.advanceTimersByTime(10_000);
    await expect(answer).resolves.toEqual({
      ok: false,
      error: { code: TIMEOUT_ERROR_CODE, message: 'No answer from the server', event: 'room:join' },
    });
  });

  it('refreshes the token once when the handshake is refused as UNAUTHORIZED, then connects again', async () => {
    storeSignedInUser();
    fake.autoConnect = false;
    const refreshAuth = jest.fn(() => {
      localStorage.setItem(STORAGE_KEYS.accessToken, 'access-token-2');
      return Promise.resolve();
    });
    const client = getRealtimeClient();
    client.acquire({ refreshAuth });
    fake.refuseConnection('UNAUTHORIZED');
    expect(refreshAuth).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    await Promise.resolve();
    expect(fake.connectCalls).toBe(2);
    fake.acceptConnection();
    expect(fake.lastAuth).toEqual({ token: 'access-token-2' });
    expect(client.getStatus()).toBe('connected');
  });

  it('does not refresh twice in a row; it tries again later', async () => {
    storeSignedInUser();
    fake.autoConnect = false;
    const refreshAuth = jest.fn(() => Promise.resolve());
    getRealtimeClient().acquire({ refreshAuth });
    fake.refuseConnection('UNAUTHORIZED');
    await Promise.resolve();
    await Promise.resolve();
    fake.refuseConnection('UNAUTHORIZED');
    expect(refreshAuth).toHaveBeenCalledTimes(1);
    const calls = fake.connectCalls;
    jest.advanceTimersByTime(5000);
    expect(fake.connectCalls).toBe(calls + 1);
  });

  it('uses the app’s refresh flow: GET /users/me/ answers 401, POST /auth/refresh rotates the tokens', async () => {
    jest.useRealTimers();
    storeSignedInUser(buildUser());
    server.use(
      http.get(apiUrl('/users/me/'), ({ request }) =>
        request.headers.get('Authorization') === 'Bearer access-token-2'
          ? HttpResponse.json(buildUser())
          : HttpResponse.json({ statusCode: 401, detail: 'Authentication required' }, { status: 401 }),
      ),
      http.post(apiUrl('/auth/refresh'), () =>
        HttpResponse.json({ access_token: 'access-token-2', refresh_token: 'refresh-token-2' }),
      ),
    );
    const store = setupStore();
    fake.autoConnect = false;
    getRealtimeClient().acquire({ refreshAuth: realtimeAuthRefresher(store.dispatch) });
    fake.refuseConnection('UNAUTHORIZED');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-token-2');
    expect(fake.connectCalls).toBe(2);
    fake.acceptConnection();
    expect(fake.lastAuth).toEqual({ token: 'access-token-2' });
    expect(store.getState().session.kind).toBe('signedIn');
  });

  it('asks the refresh flow to end a revoked session', () => {
    storeSignedInUser();
    const refreshAuth = jest.fn(() => Promise.resolve());
    const client = getRealtimeClient();
    const errors: string[] = [];
    client.onError((error) => errors.push(error.code));
    client.acquire({ refreshAuth });
    fake.serverEmit('app:error', { code: 'SESSION_REVOKED', message: 'Your session has ended. Please sign in again.' });
    expect(errors).toEqual(['SESSION_REVOKED']);
    expect(refreshAuth).toHaveBeenCalledTimes(1);
  });
});
