import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { TOAST_MESSAGES } from '@skillduel/contracts';
import { STORAGE_KEYS } from '../../app/storage';
import { buildUser } from '../../test/factories';
import { renderApp } from '../../test/renderWithProviders';
import { apiUrl, server } from '../../test/server';
import { createGuestSession } from './guestSession';

describe('guest start', () => {
  it('creates and stores the guest session, shows both toasts and opens the dashboard', async () => {
    const { user, store } = renderApp('/');

    await user.click(screen.getByRole('button', { name: 'Continue as Guest' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/);
    expect(await screen.findByText(TOAST_MESSAGES.guestWelcome)).toBeInTheDocument();
    expect(await screen.findByText(TOAST_MESSAGES.guestSignUpHint)).toBeInTheDocument();

    const state = store.getState().session;
    expect(state.kind).toBe('guest');
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.guestSession) ?? 'null');
    expect(stored).toMatchObject({
      email: null,
      level: 1,
      xp: 0,
      wins: 0,
      losses: 0,
      balance: 0,
      rank: 'Guest',
      isGuest: true,
      canPlay: true,
      canBet: false,
      canDeposit: false,
      canWithdraw: false,
      spectatorMode: true,
    });
    expect(stored).toEqual(state.kind === 'guest' ? state.user : null);
    expect((stored as { username: string }).username).toMatch(/^Guest_[a-z0-9]{6}$/);
    expect(screen.getByTestId('guest-banner')).toBeInTheDocument();
  });

  it('replaces a stored signed-in session', async () => {
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'stale-refresh');
    const { user } = renderApp('/');
    await user.click(screen.getByRole('button', { name: 'Continue as Guest' }));
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.guestSession)).not.toBeNull();
  });

  it('restores a stored guest session on load', async () => {
    const guest = createGuestSession();
    localStorage.setItem(STORAGE_KEYS.guestSession, JSON.stringify(guest));
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('user-chip')).toHaveTextContent(guest.username);
  });
});

describe('logout', () => {
  it('clears every stored session item, toasts and returns to the landing page', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'a');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'r');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(buildUser()));
    localStorage.setItem(STORAGE_KEYS.theme, 'light');
    const { user, store } = renderApp('/dashboard');

    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText(TOAST_MESSAGES.loggedOut)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(await screen.findByRole('button', { name: 'Continue as Guest' })).toBeInTheDocument();
    expect(store.getState().session).toEqual({ kind: 'anonymous' });
    for (const key of [
      STORAGE_KEYS.accessToken,
      STORAGE_KEYS.refreshToken,
      STORAGE_KEYS.user,
      STORAGE_KEYS.guestSession,
    ]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
  });
});

describe('logout calls the API for users only', () => {
  it('POSTs /auth/logout with the Bearer token for a signed-in user', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'a');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'r');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(buildUser()));
    const authorizations: (string | null)[] = [];
    server.use(
      http.post(apiUrl('/auth/logout'), ({ request }) => {
        authorizations.push(request.headers.get('Authorization'));
        return HttpResponse.json({ success: true, message: 'Logged out successfully' });
      }),
    );
    const { user } = renderApp('/dashboard');
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText(TOAST_MESSAGES.loggedOut)).toBeInTheDocument();
    expect(authorizations).toEqual(['Bearer a']);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('still signs out on this device when the server cannot be reached', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'a');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'r');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(buildUser()));
    server.use(http.post(apiUrl('/auth/logout'), () => HttpResponse.error()));
    const { user, store } = renderApp('/dashboard');
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText(TOAST_MESSAGES.loggedOut)).toBeInTheDocument();
    expect(store.getState().session).toEqual({ kind: 'anonymous' });
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('makes no call for a guest', async () => {
    localStorage.setItem(STORAGE_KEYS.guestSession, JSON.stringify(createGuestSession()));
    let called = false;
    server.use(
      http.post(apiUrl('/auth/logout'), () => {
        called = true;
        return HttpResponse.json({ success: true, message: 'x' });
      }),
    );
    const { user, store } = renderApp('/dashboard');
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText(TOAST_MESSAGES.loggedOut)).toBeInTheDocument();
    expect(called).toBe(false);
    expect(store.getState().session).toEqual({ kind: 'anonymous' });
    expect(localStorage.getItem(STORAGE_KEYS.guestSession)).toBeNull();
  });
});

describe('session start', () => {
  it('loads the current user from GET /users/me/ with the stored token and shows it', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'a');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'r');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(buildUser({ username: 'alice', level: 4 })));
    let authorization: string | null = null;
    server.use(
      http.get(apiUrl('/users/me/'), ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json(buildUser({ username: 'alice', level: 7, current_balance: 99 }));
      }),
    );
    const { store } = renderApp('/dashboard');
    await waitFor(() => expect(screen.getByTestId('user-chip')).toHaveTextContent('Level 7'));
    expect(screen.getByTestId('balance')).toHaveTextContent('$99.00');
    expect(authorization).toBe('Bearer a');
    expect(store.getState().session).toMatchObject({ kind: 'signedIn', user: { level: 7 } });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({ level: 7 });
  });

  it('waits for the user when only the tokens are stored, then admits them', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'a');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'r');
    server.use(http.get(apiUrl('/users/me/'), () => HttpResponse.json(buildUser({ username: 'bob' }))));
    renderApp('/wallet');
    expect(await screen.findByTestId('user-chip')).toHaveTextContent('bob');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/wallet$/);
  });

  it('clears the tokens when the user cannot be loaded, and restores a stored guest session instead', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'a');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'r');
    const guest = createGuestSession();
    localStorage.setItem(STORAGE_KEYS.guestSession, JSON.stringify(guest));
    server.use(http.get(apiUrl('/users/me/'), () => HttpResponse.json({ detail: 'boom' }, { status: 500 })));
    const { store } = renderApp('/dashboard');
    await waitFor(() => expect(store.getState().session.kind).toBe('guest'));
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(await screen.findByTestId('user-chip')).toHaveTextContent(guest.username);
  });

  it('clears the tokens and sends the visitor to / when the token and its refresh are rejected', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'a');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'r');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(buildUser()));
    server.use(
      http.get(apiUrl('/users/me/'), () => HttpResponse.json({ detail: 'Authentication required' }, { status: 401 })),
      http.post(apiUrl('/auth/refresh'), () => HttpResponse.json({ detail: 'Invalid' }, { status: 401 })),
    );
    const { store } = renderApp('/dashboard');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(store.getState().session).toEqual({ kind: 'anonymous' });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('makes no call without a stored token', async () => {
    let called = false;
    server.use(
      http.get(apiUrl('/users/me/'), () => {
        called = true;
        return HttpResponse.json(buildUser());
      }),
    );
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Continue as Guest' })).toBeInTheDocument();
    expect(called).toBe(false);
  });
});
