import { screen, waitFor, within } from '@testing-library/react';
import { TOAST_MESSAGES } from '@skillduel/contracts';
import { delay, http, HttpResponse } from 'msw';
import { browser } from '../../app/browser';
import { STORAGE_KEYS } from '../../app/storage';
import { buildUser, GAMES } from '../../test/factories';
import { renderApp } from '../../test/renderWithProviders';
import { apiUrl, server } from '../../test/server';
import { createGuestSession } from '../session/guestSession';

function storeGuest() {
  localStorage.setItem(STORAGE_KEYS.guestSession, JSON.stringify(createGuestSession()));
}

function storeSignedIn() {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'a');
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'r');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(buildUser()));
}

const chip = (name: string) =>
  within(screen.getByRole('group', { name: 'Filter by category' })).getByRole('button', {
    name: new RegExp(`^${name}( · coming soon)?$`),
  });

describe('games page', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows a spinner while loading, then one card per game', async () => {
    server.use(
      http.get(apiUrl('/games/'), async () => {
        await delay(50);
        return HttpResponse.json(GAMES);
      }),
    );
    storeSignedIn();
    renderApp('/games');

    expect(screen.getByRole('status')).toHaveTextContent('Loading games...');
    expect(await screen.findAllByTestId('game-card')).toHaveLength(7);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('has chips for All and the eight categories, All selected first', async () => {
    storeSignedIn();
    renderApp('/games');
    await screen.findAllByTestId('game-card');
    const chips = screen.getAllByTestId('category-chip');
    expect(chips.map((element) => element.textContent)).toEqual([
      'All',
      'Reaction',
      'Math',
      'Memory',
      'Logic',
      'Typing',
      'Visual',
      'Strategy · coming soon',
      'Puzzle · coming soon',
    ]);
    expect(chip('All')).toHaveAttribute('aria-pressed', 'true');
  });

  it('filters cards by category and back to all', async () => {
    storeSignedIn();
    const { user } = renderApp('/games');
    await screen.findAllByTestId('game-card');

    await user.click(chip('Reaction'));
    const reactionCards = screen.getAllByTestId('game-card');
    expect(reactionCards).toHaveLength(2);
    expect(reactionCards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Quick Click',
      'Reaction Time',
    ]);
    expect(chip('Reaction')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('All')).toHaveAttribute('aria-pressed', 'false');

    await user.click(chip('Math'));
    expect(screen.getAllByTestId('game-card')).toHaveLength(1);

    await user.click(chip('All'));
    expect(screen.getAllByTestId('game-card')).toHaveLength(7);
  });

  it("says 'No games found in this category' for an empty category", async () => {
    storeSignedIn();
    const { user } = renderApp('/games');
    await screen.findAllByTestId('game-card');
    await user.click(chip('Strategy'));
    expect(screen.queryAllByTestId('game-card')).toHaveLength(0);
    expect(screen.getByText('No games found in this category')).toBeInTheDocument();
    expect(screen.getByText('No Strategy games yet: coming soon.')).toBeInTheDocument();
  });

  it('names the games and marks the empty categories in Spanish', async () => {
    localStorage.setItem(STORAGE_KEYS.language, 'es');
    storeSignedIn();
    renderApp('/games');
    const cards = await screen.findAllByTestId('game-card');
    expect(within(cards[0]).getByRole('heading').textContent).toBe('Clic Rápido');
    expect(within(cards[0]).getByText(/^Haz clic lo más rápido/)).toBeInTheDocument();
    const chips = screen.getAllByTestId('category-chip').map((element) => element.textContent);
    expect(chips).toContain('Estrategia · próximamente');
  });

  it('shows a signed-in player the full card with bet range and Play Now', async () => {
    storeSignedIn();
    renderApp('/games');
    const [card] = await screen.findAllByTestId('game-card');
    const scope = within(card);
    expect(scope.getByRole('heading', { name: 'Quick Click' })).toBeInTheDocument();
    expect(scope.getByText('⚡')).toBeInTheDocument();
    // The built-in game's own description, whatever words the catalogue answers.
    expect(scope.getByText('Click as fast as you can. First to hit the target wins.')).toBeInTheDocument();
    expect(scope.getByTestId('category-badge')).toHaveTextContent('Reaction');
    expect(scope.getByTestId('difficulty-badge')).toHaveTextContent('Easy');
    expect(scope.getByText('12 online')).toBeInTheDocument();
    expect(scope.getByText('~30s per game')).toBeInTheDocument();
    expect(scope.getByTestId('bet-range')).toHaveTextContent('$1 - $100');
    expect(scope.getByRole('link', { name: 'Play Now' })).toHaveAttribute('href', '/game/quick-click');
  });

  it('shows a guest Practice and no bet range', async () => {
    storeGuest();
    renderApp('/games');
    const cards = await screen.findAllByTestId('game-card');
    expect(cards).toHaveLength(7);
    for (const card of cards) {
      expect(within(card).getByRole('link', { name: 'Practice' })).toBeInTheDocument();
      expect(within(card).queryByRole('link', { name: 'Play Now' })).not.toBeInTheDocument();
      expect(within(card).queryByTestId('bet-range')).not.toBeInTheDocument();
      expect(within(card).queryByText(/\$\d/)).not.toBeInTheDocument();
    }
  });

  it('opens the game room from a card', async () => {
    storeGuest();
    const { user } = renderApp('/games');
    const cards = await screen.findAllByTestId('game-card');
    await user.click(within(cards[1]).getByRole('link', { name: 'Practice' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/game/number-rush');
    expect(await screen.findByRole('heading', { level: 1, name: 'Number Rush' })).toBeInTheDocument();
  });

  it('on failure shows Retry, which reloads the page, and toasts', async () => {
    server.use(http.get(apiUrl('/games/'), () => HttpResponse.json({ detail: 'down' }, { status: 503 })));
    const reload = jest.spyOn(browser, 'reload').mockImplementation(() => undefined);
    storeSignedIn();
    const { user } = renderApp('/games');

    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(await screen.findByText(TOAST_MESSAGES.failedToLoadGames)).toBeInTheDocument();
    expect(screen.queryAllByTestId('game-card')).toHaveLength(0);

    await user.click(retry);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });
});
