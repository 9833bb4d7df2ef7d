import { screen, waitFor, within } from '@testing-library/react';
import type { LeaderboardEntry, LeaderboardResponse } from '@skillduel/contracts';
import { delay, http, HttpResponse } from 'msw';
import { browser } from '../../app/browser';
import { storeGuest, storeSignedIn } from '../../test/gameRoom';
import { renderApp } from '../../test/renderWithProviders';
import { apiUrl, server } from '../../test/server';
import { flagFor } from './flags';

function entry(rank: number, overrides: Partial<LeaderboardEntry> = {}): LeaderboardEntry {
  return {
    rank,
    id: `user-${rank + 10}`,
    username: `player${rank}`,
    country: 'CO',
    level: 3,
    total_earnings: 100 - rank,
    total_wins: 10 - rank,
    ...overrides,
  };
}

function answer(overrides: Partial<LeaderboardResponse> = {}): LeaderboardResponse {
  const leaderboard = [
    entry(1, { country: 'MX' }),
    entry(2, { id: 'user-1', username: 'alice', country: 'US', total_earnings: 57.5, total_wins: 1 }),
    entry(3, { country: 'FR' }),
    entry(4, { country: null }),
  ];
  return {
    metric: 'total_earnings',
    period: 'all',
    region: 'global',
    period_start: null,
    leaderboard,
    me: { ...leaderboard[1], rank: 2 },
    highlights: { hot_streak: null, high_roller: null, speed_demon: null },
    ...overrides,
  };
}

/** Serves `respond` and records the query strings the page sent. */
function serveLeaderboard(respond: (query: URLSearchParams) => LeaderboardResponse = () => answer()) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('/users/leaderboard/'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      return HttpResponse.json(respond(query));
    }),
  );
  return queries;
}

const filter = (group: string, name: string) =>
  within(screen.getByRole('group', { name: group })).getByRole('button', { name });

describe('leaderboard page', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows a spinner, then Your Ranking and the Top Players with medals, #n, flags and the caller highlighted', async () => {
    server.use(
      http.get(apiUrl('/users/leaderboard/'), async () => {
        await delay(30);
        return HttpResponse.json(answer());
      }),
    );
    storeSignedIn();
    renderApp('/leaderboard');
    expect(await screen.findByText('Loading leaderboard...')).toBeInTheDocument();

    const rows = await screen.findAllByTestId('leaderboard-row');
    expect(rows).toHaveLength(4);
    expect(within(rows[0]).getByRole('img', { name: 'Gold medal, 1st place' })).toHaveTextContent('🥇');
    expect(within(rows[1]).getByRole('img', { name: 'Silver medal, 2nd place' })).toBeInTheDocument();
    expect(within(rows[2]).getByRole('img', { name: 'Bronze medal, 3rd place' })).toBeInTheDocument();
    expect(rows[3]).toHaveTextContent('#4');
    expect(within(rows[0]).getByRole('img', { name: 'Country: MX' })).toHaveTextContent(flagFor('MX'));
    expect(within(rows[2]).getByRole('img', { name: 'Country: FR' })).toHaveTextContent('🌐');
    expect(within(rows[3]).getByRole('img', { name: 'Country: not set' })).toHaveTextContent('🌐');
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(rows[0]).not.toHaveAttribute('aria-current');
    expect(rows[1]).toHaveTextContent('alice');
    expect(rows[1]).toHaveTextContent('$57.50');
    expect(rows[1]).toHaveTextContent('1 win');

    const card = screen.getByTestId('your-ranking');
    expect(card).toHaveTextContent('Your Ranking');
    expect(card).toHaveTextContent('#2');
    expect(card).toHaveTextContent('A');
    expect(card).toHaveTextContent('Level 3');
    expect(card).toHaveTextContent('$57.50');
  });

  it('sends the Time Period and Region choices to the API (All Time and Global by default)', async () => {
    const queries = serveLeaderboard((query) =>
      answer({
        leaderboard: [entry(1, { username: `top_${query.get('period')}_${query.get('region')}` })],
      }),
    );
    storeSignedIn();
    const { user } = renderApp('/leaderboard');
    expect(await screen.findByText('top_all_global')).toBeInTheDocument();
    expect(Object.fromEntries(queries[0])).toEqual({ metric: 'total_earnings', period: 'all', region: 'global' });
    expect(filter('Time Period', 'All Time')).toHaveAttribute('aria-pressed', 'true');
    expect(filter('Region', 'Global')).toHaveAttribute('aria-pressed', 'true');

    await user.click(filter('Time Period', 'This Week'));
    expect(await screen.findByText('top_week_global')).toBeInTheDocument();
    await user.click(filter('Region', 'Dom. Republic'));
    expect(await screen.findByText('top_week_do')).toBeInTheDocument();
    expect(filter('Region', 'Dom. Republic')).toHaveAttribute('aria-pressed', 'true');
    expect(filter('Time Period', 'This Week')).toHaveAttribute('aria-pressed', 'true');

    await user.click(filter('Time Period', 'Today'));
    expect(await screen.findByText('top_day_do')).toBeInTheDocument();
    await user.click(filter('Time Period', 'This Month'));
    await user.click(filter('Region', 'Mexico'));
    expect(await screen.findByText('top_month_mx')).toBeInTheDocument();
    expect(['Global', 'Mexico', 'Colombia', 'Dom. Republic', 'United States']).toEqual(
      within(screen.getByRole('group', { name: 'Region' }))
        .getAllByRole('button')
        .map((button) => button.textContent),
    );
  });

  it('gives medals by position and shows the shared competition rank of tied players, under column headers', async () => {
    serveLeaderboard(() =>
      answer({
        leaderboard: [
          entry(1, { username: 'first', total_earnings: 5 }),
          entry(1, { id: 'user-99', username: 'tied', total_earnings: 5 }),
          entry(3, { username: 'third', total_earnings: 1 }),
        ],
      }),
    );
    storeSignedIn();
    renderApp('/leaderboard');
    const rows = await screen.findAllByTestId('leaderboard-row');
    expect(screen.getByTestId('leaderboard-head')).toHaveTextContent(
      /Rank.*Player.*Country.*Level.*Earnings \(net\).*Wins/,
    );
    expect(within(rows[0]).getByRole('img', { name: 'Gold medal, 1st place' })).toBeInTheDocument();
    expect(within(rows[1]).getByRole('img', { name: 'Silver medal, 2nd place' })).toBeInTheDocument();
    expect(within(rows[1]).getByTestId('leaderboard-rank')).toHaveTextContent('Rank #1 (tied)');
    expect(within(rows[2]).getByRole('img', { name: 'Bronze medal, 3rd place' })).toBeInTheDocument();
    expect(within(rows[0]).queryByTestId('leaderboard-rank')).not.toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /Gold medal/ })).toHaveLength(1);
  });

  it('shows Unranked and the empty state when nobody has results', async () => {
    serveLeaderboard(() =>
      answer({
        leaderboard: [],
        me: { rank: null, id: 'user-1', username: 'alice', country: 'MX', level: 1, total_earnings: 0, total_wins: 0 },
      }),
    );
    storeSignedIn();
    renderApp('/leaderboard');
    expect(await screen.findByText('No leaderboard data available')).toBeInTheDocument();
    expect(screen.getByText('Play some games to see rankings!')).toBeInTheDocument();
    expect(screen.getByTestId('your-rank')).toHaveTextContent('Unranked');
    expect(screen.getByTestId('your-ranking')).toHaveTextContent('$0.00');
    expect(screen.getByTestId('your-ranking')).toHaveTextContent('0 wins');
  });

  it('names the real holders on the info cards', async () => {
    serveLeaderboard(() =>
      answer({
        highlights: {
          hot_streak: { id: 'u9', username: 'streaky', country: 'MX', streak: 7 },
          high_roller: { id: 'u8', username: 'whale', country: 'US', bet: 250 },
          speed_demon: null,
        },
      }),
    );
    storeSignedIn();
    renderApp('/leaderboard');
    expect(await screen.findByTestId('info-hot-streak')).toHaveTextContent('streaky · 7 wins in a row');
    expect(screen.getByTestId('info-high-roller')).toHaveTextContent('whale · $250.00 bet');
    expect(screen.getByTestId('info-speed-demon')).toHaveTextContent('Fastest game completion');
    expect(screen.getByTestId('info-speed-demon')).toHaveTextContent('No holder yet');
  });

  it('shows the error with Retry (reloads the page) when loading fails', async () => {
    server.use(http.get(apiUrl('/users/leaderboard/'), () => HttpResponse.json({ detail: 'x' }, { status: 500 })));
    const reload = jest.spyOn(browser, 'reload').mockImplementation(() => undefined);
    storeSignedIn();
    const { user } = renderApp('/leaderboard');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load leaderboard');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows guests the sign-up banner and loads nothing', async () => {
    const queries = serveLeaderboard();
    storeGuest();
    renderApp('/leaderboard');
    const banner = await screen.findByTestId('leaderboard-guest-banner');
    expect(banner).toHaveTextContent('Sign up to compete on the leaderboard!');
    expect(within(banner).getByRole('link', { name: 'Sign Up Now' })).toHaveAttribute('href', '/?mode=signup');
    await waitFor(() => expect(screen.queryByText('Loading leaderboard...')).not.toBeInTheDocument());
    expect(screen.queryByTestId('leaderboard-row')).not.toBeInTheDocument();
    expect(queries).toHaveLength(0);
  });
});
