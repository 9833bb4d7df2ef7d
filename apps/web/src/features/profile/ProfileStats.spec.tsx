import { screen, within } from '@testing-library/react';
import type {
  MatchHistoryItemDto,
  MatchHistoryPageDto,
  MatchReplayDto,
  PlayerStatisticsDto,
} from '@skillduel/contracts';
import { http, HttpResponse } from 'msw';
import { storeSignedIn } from '../../test/gameRoom';
import { renderApp } from '../../test/renderWithProviders';
import { apiUrl, server } from '../../test/server';

const STATS: PlayerStatisticsDto = {
  games_played: 6,
  wins: 4,
  losses: 1,
  ties: 1,
  win_rate: 66.7,
  total_earnings: 42.5,
  best_game: { game_id: 'number-rush', name: 'Number Rush', icon: '🔢', played: 4, wins: 3, win_rate: 75 },
  per_game: [
    { game_id: 'number-rush', name: 'Number Rush', icon: '🔢', played: 4, wins: 3, win_rate: 75 },
    { game_id: 'quick-click', name: 'Quick Click', icon: '⚡', played: 2, wins: 1, win_rate: 50 },
  ],
  earnings_over_time: [
    { date: '2026-11-20', earnings: 20, cumulative: 20 },
    { date: '2026-11-21', earnings: 0, cumulative: 20 },
    { date: '2026-11-22', earnings: 22.5, cumulative: 42.5 },
  ],
};

function historyItem(index: number, overrides: Partial<MatchHistoryItemDto> = {}): MatchHistoryItemDto {
  return {
    id: `match-${index}`,
    room_id: `room_${'a'.repeat(15)}${index}`,
    round: 1,
    game_id: 'number-rush',
    game_name: 'Number Rush',
    game_icon: '🔢',
    opponent: { id: 'bob-id', username: 'bob' },
    bet: 10,
    result: 'win',
    score: 80,
    opponent_score: 40,
    earnings: 9,
    ended_at: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

describe('profile statistics and history show real data', () => {
  it('shows the real figures and both charts', async () => {
    server.use(http.get(apiUrl('/users/me/statistics'), () => HttpResponse.json(STATS)));
    storeSignedIn();
    renderApp('/profile');
    expect(await screen.findByTestId('stat-gamesPlayed')).toHaveTextContent('Games played6');
    expect(screen.getByTestId('stat-totalWins')).toHaveTextContent('4');
    expect(screen.getByTestId('stat-losses')).toHaveTextContent('1');
    expect(screen.getByTestId('stat-winRate')).toHaveTextContent('66.7%');
    expect(screen.getByTestId('stat-totalEarnings')).toHaveTextContent('$42.50');
    expect(screen.getByTestId('stat-bestGame')).toHaveTextContent('Number Rush');
    expect(screen.queryByTestId('profile-stats-empty')).not.toBeInTheDocument();

    const winRate = screen.getByRole('img', { name: 'Number Rush 75%, Quick Click 50%' });
    expect(
      within(winRate)
        .getAllByTestId('win-rate-bar')
        .map((bar) => bar.getAttribute('data-value')),
    ).toEqual(['75', '50']);
    const earnings = screen.getByRole('img', {
      name: 'Cumulative net earnings over your last 3 days played: $42.50 in total',
    });
    expect(within(earnings).getAllByTestId('earnings-point')).toHaveLength(3);
  });

  it('lists matches with game, opponent, bet, result, score and date, paginated, with details', async () => {
    const pages: number[] = [];
    server.use(
      http.get(apiUrl('/users/me/matches'), ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        pages.push(page);
        const body: MatchHistoryPageDto = {
          page,
          page_size: 10,
          total: 12,
          matches:
            page === 1
              ? Array.from({ length: 10 }, (_unused, index) => historyItem(index))
              : [
                  historyItem(10, {
                    result: 'loss',
                    opponent: { id: 'c', username: 'carol' },
                    score: 20,
                    opponent_score: 70,
                  }),
                  historyItem(11, { result: 'void' }),
                ],
        };
        return HttpResponse.json(body);
      }),
      http.get(apiUrl('/rooms/:id/rounds/:round'), ({ params }) => {
        const replay: MatchReplayDto = {
          room_id: String(params['id']),
          round: 1,
          game_id: 'number-rush',
          time_limit_ms: 30_000,
          input_log: [],
          review: null,
          result: {
            round: 1,
            outcome: 'player1',
            reason: 'completed',
            scores: [80, 40],
            display_scores: [80, 40],
            duration: 12.3,
            pot: 20,
            fee: 1,
            payout: 19,
            seed_hash: 'f'.repeat(64),
            seed: 'the-revealed-seed',
            ended_at: '2026-11-22T10:00:00.000Z',
          },
        };
        return HttpResponse.json(replay);
      }),
    );
    storeSignedIn();
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    const rows = await screen.findAllByTestId('history-row');
    expect(rows).toHaveLength(10);
    expect(rows[0]).toHaveTextContent('Number Rush');
    expect(rows[0]).toHaveTextContent('bob');
    expect(rows[0]).toHaveTextContent('$10.00');
    expect(rows[0]).toHaveTextContent('Win');
    expect(rows[0]).toHaveTextContent('80 – 40');
    expect(within(rows[0]).getByRole('time')).toHaveAttribute('datetime', '2026-11-22T10:00:00.000Z');
    expect(screen.getByTestId('history-page')).toHaveTextContent('Page 1 of 2');

    await user.click(within(rows[0]).getByRole('button', { name: 'Details' }));
    const details = await screen.findByTestId('match-details');
    expect(details).toHaveTextContent('f'.repeat(64));
    expect(details).toHaveTextContent('the-revealed-seed');
    expect(details).toHaveTextContent('80 – 40');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('carol')).toBeInTheDocument();
    const second = screen.getAllByTestId('history-row');
    expect(second).toHaveLength(2);
    expect(second[0]).toHaveTextContent('Loss');
    expect(second[1]).toHaveTextContent('Refunded');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(pages).toEqual([1, 2]);
  });
});
