import { screen, within } from '@testing-library/react';
import { buildUser } from '../../test/factories';
import { renderApp } from '../../test/renderWithProviders';
import { createGuestSession } from '../../features/session/guestSession';
import { STORAGE_KEYS } from '../storage';

const NAV = [
  ['Dashboard', '/dashboard'],
  ['Games', '/games'],
  ['Leaderboard', '/leaderboard'],
  ['Profile', '/profile'],
  ['Wallet', '/wallet'],
];

function storeSignedIn() {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'a');
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'r');
  localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify(buildUser({ username: 'alice', level: 4, current_balance: 12.5 })),
  );
}

describe('shared layout: top bar and navigation', () => {
  it('has the landmarks, the brand and the five nav items in both navigations', () => {
    storeSignedIn();
    renderApp('/dashboard');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'SkillDuel' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('main')).toBeInTheDocument();

    for (const navName of ['Main navigation', 'Mobile navigation']) {
      const links = within(screen.getByRole('navigation', { name: navName })).getAllByRole('link');
      expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(NAV);
    }
  });

  it('marks the current section', () => {
    storeSignedIn();
    renderApp('/leaderboard');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Leaderboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Games' })).not.toHaveAttribute('aria-current');
  });

  it("shows the user's balance, avatar initial, username and level", () => {
    storeSignedIn();
    renderApp('/dashboard');
    expect(screen.getByTestId('balance')).toHaveTextContent('Balance: $12.50');
    const chip = screen.getByTestId('user-chip');
    expect(chip).toHaveTextContent('A');
    expect(chip).toHaveTextContent('alice');
    expect(chip).toHaveTextContent('Level 4');
  });

  it('shows a guest a zero balance', () => {
    localStorage.setItem(STORAGE_KEYS.guestSession, JSON.stringify(createGuestSession()));
    renderApp('/dashboard');
    expect(screen.getByTestId('balance')).toHaveTextContent('$0.00');
    expect(screen.getByTestId('user-chip')).toHaveTextContent('Level 1');
  });

  it('opens an empty notification list from the bell, with no unread badge', async () => {
    storeSignedIn();
    const { user } = renderApp('/dashboard');
    const bell = screen.getByRole('button', { name: 'Notifications' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument();

    await user.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Notifications' })).toHaveTextContent('No notifications');

    await user.keyboard('{Escape}');
    expect(screen.queryByText('No notifications')).not.toBeInTheDocument();
  });

  it('navigates between sections', async () => {
    storeSignedIn();
    const { user } = renderApp('/dashboard');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Games' }),
    );
    expect(await screen.findByRole('heading', { name: 'Games', level: 1 })).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Mobile navigation' })).getByRole('link', { name: 'Profile' }),
    );
    expect(screen.getByRole('heading', { name: 'Profile', level: 1 })).toBeInTheDocument();
  });
});
