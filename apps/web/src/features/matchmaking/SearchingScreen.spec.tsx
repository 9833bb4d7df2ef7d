import { screen, waitFor } from '@testing-library/react';
import type { LobbyFiguresDto, MatchmakingEntryDto } from '@skillduel/contracts';
import { http, HttpResponse } from 'msw';
import { installFakeSocket } from '../../test/realtime';
import { renderWithProviders } from '../../test/renderWithProviders';
import { apiUrl, server } from '../../test/server';
import { playFoundChime } from './foundChime';
import { SearchingScreen } from './SearchingScreen';

jest.mock('./foundChime', () => ({ playFoundChime: jest.fn() }));

const ENTRY: MatchmakingEntryDto = {
  id: 'entry-1',
  game_id: 'number-rush',
  bet_amount: 5,
  status: 'waiting',
  since: '2026-11-25T00:00:00.000Z',
  waited_ms: 4000,
  rating: 1500,
  rating_window: { min: 1400, max: 1600 },
  room_id: null,
};

const FIGURES: LobbyFiguresDto = {
  players_online: 7,
  searching: 4,
  playing: 2,
  live_matches: 1,
  games: [{ game_id: 'number-rush', searching: 3, playing: 2, live_matches: 1 }],
};

describe('SearchingScreen', () => {
  beforeEach(() => {
    jest.mocked(playFoundChime).mockClear();
    server.use(http.get(apiUrl('/matchmaking/figures'), () => HttpResponse.json(FIGURES)));
  });

  it('shows how many players are searching this game right now, from the lobby figures', async () => {
    installFakeSocket();
    renderWithProviders(
      <SearchingScreen search={{ kind: 'searching', entry: ENTRY }} onCancel={jest.fn()} onDismiss={jest.fn()} />,
    );
    expect(await screen.findByText('Searching this game')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('matchmaking-searching-count')).toHaveTextContent('3'));
    expect(playFoundChime).not.toHaveBeenCalled();
  });

  it('chimes once when the opponent is found', () => {
    renderWithProviders(
      <SearchingScreen
        search={{ kind: 'found', matched: { room_id: 'room-1', game_id: 'number-rush', bet_amount: 5 } }}
        onCancel={jest.fn()}
        onDismiss={jest.fn()}
      />,
    );
    expect(screen.getByTestId('matchmaking-found')).toHaveTextContent('Opponent found!');
    expect(playFoundChime).toHaveBeenCalledTimes(1);
  });
});
