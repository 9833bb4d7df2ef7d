import { screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { createGuestSession } from '../features/session/guestSession';
import { buildUser } from '../test/factories';
import { renderApp } from '../test/renderWithProviders';
import { apiUrl, server } from '../test/server';
import { STORAGE_KEYS } from './storage';

const GUARDED_ROUTES = ['/dashboard', '/games', '/leaderboard', '/profile', '/wallet', '/game/quick-click'];

function storeGuest() {
  localStorage.setItem(STORAGE_KEYS.guestSession, JSON.stringify(createGuestSession()));
}

function storeSignedIn() {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'a');
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'r');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(buildUser()));
}

describe('route guard: guarded screens need a signed-in or guest session', () => {
  it.each(GUARDED_ROUTES)('sends an anonymous visitor at %s to /', async (route) => {
    renderApp(route);
    expect(await screen.findByRole('button', { name: 'Continue as Guest' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it.each(GUARDED_ROUTES)('admits a guest to %s', async (route) => {
    storeGuest();
    renderApp(route);
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(route);
  });

  it('admits a signed-in user', async () => {
    storeSignedIn();
    renderApp('/wallet');
    expect(await screen.findByRole('heading', { name: 'Wallet', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('$12.50');
  });

  it('sends a signed-in visitor at / to the dashboard', async () => {
    storeSignedIn();
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/);
  });

  it('sends a guest at / to the dashboard, unless they came to sign up', async () => {
    storeGuest();
    const first = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    first.unmount();

    renderApp('/?mode=signup');
    expect(await screen.findByRole('tab', { name: 'Sign Up', selected: true })).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toBeInTheDocument();
  });
});

describe('public routes', () => {
  it.each(['google', 'facebook', 'microsoft'])('renders the sign-in completion screen for %s', async (provider) => {
    // The code exchange is left pending so the screen stays up.
    server.use(
      http.post(apiUrl('/auth/oauth/callback'), async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    renderApp(`/auth/${provider}/callback?code=abc&state=xyz`);
    expect(await screen.findByRole('heading', { name: 'Completing sign in...' })).toBeInTheDocument();
    expect(screen.getByText('Please wait while we process your authentication')).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it.each([
    ['/verify-email?token=t', 'Email verification'],
    ['/reset-password?token=t', 'Choose a new password'],
  ])('serves the mailed link %s to anyone', async (route, heading) => {
    server.use(
      http.post(apiUrl('/auth/verify-email'), async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    renderApp(route);
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
  });

  it('shows the not-found page for unknown routes and unknown providers', async () => {
    const first = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    first.unmount();
    renderApp('/auth/github/callback');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
