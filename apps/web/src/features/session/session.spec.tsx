import { screen, within } from '@testing-library/react';
import { TOAST_MESSAGES } from '@skillduel/contracts';
import { STORAGE_KEYS } from '../../app/storage';
import { buildUser } from '../../test/factories';
import { renderApp } from '../../test/renderWithProviders';
import { createGuestSession } from './guestSession';

describe('guest start (SPEC §3, §8)', () => {
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
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.getByRole('button', { name: 'Continue as Guest' })).toBeInTheDocument();
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
