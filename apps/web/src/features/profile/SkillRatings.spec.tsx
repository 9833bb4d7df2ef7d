import { screen, within } from '@testing-library/react';
import type { PlayerRatingsResponse } from '@skillduel/contracts';
import { http, HttpResponse } from 'msw';
import { storeSignedIn } from '../../test/gameRoom';
import { renderApp } from '../../test/renderWithProviders';
import { apiUrl, server } from '../../test/server';

const RATINGS: PlayerRatingsResponse = {
  user_id: 'user-1',
  ratings: [
    {
      game_id: 'number-rush',
      rating: 1662.4,
      deviation: 87.6,
      volatility: 0.06,
      games: 12,
      updated_at: '2026-11-24T10:00:00.000Z',
    },
    {
      game_id: 'quick-click',
      rating: 1421.5,
      deviation: 290.2,
      volatility: 0.06,
      games: 1,
      updated_at: '2026-11-24T11:00:00.000Z',
    },
  ],
};

describe('profile skill ratings', () => {
  it('shows the rating per game, rounded, with ± deviation and the rated matches', async () => {
    const requested: string[] = [];
    server.use(
      http.get(apiUrl('/users/:id/ratings'), ({ params }) => {
        requested.push(String(params['id']));
        return HttpResponse.json(RATINGS);
      }),
    );
    storeSignedIn();
    renderApp('/profile');
    const numberRush = await screen.findByTestId('rating-number-rush');
    expect(numberRush).toHaveTextContent('🔢 Number Rush');
    expect(numberRush).toHaveTextContent('12 rated matches');
    expect(within(numberRush).getByText('1662 ± 88')).toBeInTheDocument();
    const quickClick = screen.getByTestId('rating-quick-click');
    expect(quickClick).toHaveTextContent('1 rated match');
    expect(within(quickClick).getByText('1422 ± 290')).toBeInTheDocument();
    expect(requested).toEqual(['user-1']);
  });

  it('says a player without a finished money match is unrated', async () => {
    storeSignedIn();
    renderApp('/profile');
    expect(await screen.findByTestId('profile-ratings-empty')).toHaveTextContent(
      'Unrated: finish a money match to get a rating (everyone starts at 1500 ± 350).',
    );
  });
});
