import { screen, waitFor, within } from '@testing-library/react';
import type { LobbyFiguresDto } from '@skillduel/contracts';
import { http, HttpResponse } from 'msw';
import { installFakeSocket } from '../../test/realtime';
import { renderApp } from '../../test/renderWithProviders';
import { buildRoom, serveRooms } from '../../test/rooms';
import { apiUrl, server } from '../../test/server';
import { storeSignedInUser } from '../../test/wallet';

const FIGURES: LobbyFiguresDto = {
  players_online: 5,
  searching: 2,
  playing: 4,
  live_matches: 2,
  games: [{ game_id: 'quick-click', searching: 2, playing: 4, live_matches: 2 }],
};

describe('lobby figures: real players online, searching and playing, pushed', () => {
  beforeEach(() => {
    server.use(http.get(apiUrl('/matchmaking/figures'), () => HttpResponse.json(FIGURES)));
  });

  it('the dashboard shows players online and live matches, and follows lobby:figures pushes', async () => {
    const fake = installFakeSocket();
    serveRooms([buildRoom({ spectators: 3 })]);
    storeSignedInUser();
    renderApp('/dashboard');
    await waitFor(() => expect(screen.getByTestId('platform-online')).toHaveTextContent('Online players5'));
    expect(screen.getByTestId('platform-live')).toHaveTextContent('Live matches2');
    await waitFor(() => expect(fake.connected).toBe(true));
    fake.serverEmit('lobby:figures', { ...FIGURES, players_online: 9, live_matches: 3 });
    await waitFor(() => expect(screen.getByTestId('platform-online')).toHaveTextContent('Online players9'));
    expect(screen.getByTestId('platform-live')).toHaveTextContent('Live matches3');
  });

  it('each game card shows players searching and playing that game', async () => {
    installFakeSocket();
    storeSignedInUser();
    renderApp('/games');
    const cards = await screen.findAllByTestId('game-card');
    const quickClick = cards.find((card) => card.dataset.gameId === 'quick-click');
    const other = cards.find((card) => card.dataset.gameId !== 'quick-click');
    await waitFor(() =>
      expect(within(quickClick as HTMLElement).getByTestId('game-figures')).toHaveTextContent(
        '2 searching · 4 playing',
      ),
    );
    expect(within(other as HTMLElement).getByTestId('game-figures')).toHaveTextContent('0 searching · 0 playing');
  });
});
