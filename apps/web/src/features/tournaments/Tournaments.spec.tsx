import { act, screen, waitFor, within } from '@testing-library/react';
import type { TournamentAttemptDto, TournamentDto, TournamentStandingsDto } from '@skillduel/contracts';
import { GAME_ENGINES } from '@skillduel/games';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { buildConfig } from '../../test/factories';
import { storeSignedIn } from '../../test/gameRoom';
import { installFakeSocket } from '../../test/realtime';
import { renderApp } from '../../test/renderWithProviders';
import { apiUrl, server } from '../../test/server';

const ID = '11111111-2222-4333-8444-555555555555';

function buildTournament(overrides: Partial<TournamentDto> = {}): TournamentDto {
  return {
    id: ID,
    name: 'Friday Arena',
    game_id: 'number-rush',
    format: 'arena',
    status: 'scheduled',
    entry_fee: 2,
    entrants: 3,
    entries: 3,
    min_entrants: 2,
    max_entrants: 100,
    max_entries_per_player: 2,
    prize_mode: 'guaranteed',
    payout_table: [10, 5],
    rake_bps: 0,
    prize_pool: 15,
    starts_at: new Date(Date.now() + 3_600_000).toISOString(),
    ends_at: new Date(Date.now() + 7_200_000).toISOString(),
    seed_commitment: 'a'.repeat(64),
    seed: null,
    cancel_reason: null,
    my_entry: null,
    ...overrides,
  };
}

function standings(rows: Array<[string, number, number]>): TournamentStandingsDto {
  return {
    tournament_id: ID,
    ranked: rows.length,
    offset: 0,
    limit: 10,
    rows: rows.map(([username, score, rank]) => ({
      rank,
      user_id: `user-${username}`,
      username,
      score,
      reached_at: '2026-11-28T12:00:00.000Z',
      is_me: username === 'alice',
    })),
    me: null,
  };
}

describe('tournaments pages', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows the Tournaments nav link only while the feature is on', async () => {
    storeSignedIn();
    renderApp('/dashboard');
    const main = () => screen.getByRole('navigation', { name: 'Main navigation' });
    expect(await within(main()).findByRole('link', { name: 'Tournaments' })).toHaveAttribute('href', '/tournaments');
  });

  it('hides the nav link when FEATURE_TOURNAMENTS is false', async () => {
    let configServed = false;
    server.use(
      http.get(apiUrl('/config'), () => {
        configServed = true;
        return HttpResponse.json(buildConfig({ features: { tournaments: false, chat: true, referrals: true } }));
      }),
    );
    storeSignedIn();
    renderApp('/dashboard');
    await waitFor(() => expect(configServed).toBe(true));
    // Let the answer reach the store and the navigation render once more.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.getAllByRole('link', { name: 'Dashboard' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Tournaments' })).not.toBeInTheDocument();
  });

  it('lists tournaments by status, with empty and error states', async () => {
    const asked: string[] = [];
    server.use(
      http.get(apiUrl('/tournaments'), ({ request }) => {
        const status = new URL(request.url).searchParams.get('status') ?? '';
        asked.push(status);
        if (status === 'finished') return HttpResponse.json({ message: 'boom' }, { status: 500 });
        return HttpResponse.json(status === 'scheduled' ? [buildTournament()] : []);
      }),
    );
    storeSignedIn();
    const { user } = renderApp('/tournaments');
    expect(await screen.findByTestId('tournaments-empty')).toHaveTextContent('No tournaments here yet');
    await user.click(screen.getByRole('button', { name: 'Upcoming' }));
    const card = await screen.findByTestId('tournament-card');
    expect(card).toHaveTextContent('Friday Arena');
    expect(card).toHaveTextContent('Entry fee $2.00');
    expect(card).toHaveTextContent('Prize pool $15.00');
    await user.click(screen.getByRole('button', { name: 'Finished' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load tournaments');
    expect(asked).toEqual(['running', 'scheduled', 'finished']);
  });

  it('shows the rules and prizes before paying; Join confirms the fee and the prizes and pays once', async () => {
    let entered = 0;
    const keys: string[] = [];
    let tournament = buildTournament();
    server.use(
      http.get(apiUrl(`/tournaments/${ID}`), () => HttpResponse.json(tournament)),
      http.post(apiUrl(`/tournaments/${ID}/entries`), ({ request }) => {
        entered += 1;
        keys.push(request.headers.get('idempotency-key') ?? '');
        tournament = buildTournament({
          my_entry: {
            entries: [{ id: 'e1', entry_no: 1, entry_fee: 2, status: 'held', created_at: '2026-11-28T10:00:00.000Z' }],
            active_entries: 1,
            entries_left: 1,
          },
        });
        return HttpResponse.json(tournament.my_entry?.entries[0], { status: 201 });
      }),
    );
    storeSignedIn();
    const { user, container } = renderApp(`/tournaments/${ID}`);
    const prizes = await screen.findByTestId('prize-table');
    expect(prizes).toHaveTextContent('#1$10.00');
    expect(prizes).toHaveTextContent('#2$5.00');
    expect(screen.getByText('Up to 2 entries per player')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Join for $2.00' }));
    const dialog = screen.getByRole('dialog', { name: 'Join Friday Arena?' });
    expect(dialog).toHaveTextContent('The entry fee of $2.00 is taken from your balance now');
    expect(dialog).toHaveTextContent('Prizes: #1 $10.00, #2 $5.00.');
    const results = await act(() => axe.run(container, { rules: { 'color-contrast': { enabled: false } } }));
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $2.00 and join' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(entered).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByTestId('my-entries')).toHaveTextContent('Entry 1 · Paid');
    expect(screen.getByRole('button', { name: 'Leave and get refunded' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy another entry for $2.00' })).toBeInTheDocument();
  }, 20_000);

  it('plays an attempt over the socket and reloads the standings on a pushed change', async () => {
    const socket = installFakeSocket();
    let standingsCalls = 0;
    const attempt: TournamentAttemptDto = {
      id: '99999999-2222-4333-8444-555555555555',
      tournament_id: ID,
      attempt_no: 1,
      room_id: '99999999-2222-4333-8444-555555555555',
      game_id: 'number-rush',
      status: 'waiting',
      seed_hash: 'b'.repeat(64),
      time_limit_ms: 60_000,
      score: null,
      reached_at: null,
    };
    server.use(
      http.get(apiUrl(`/tournaments/${ID}`), () =>
        HttpResponse.json(
          buildTournament({
            status: 'running',
            starts_at: new Date(Date.now() - 60_000).toISOString(),
            my_entry: {
              entries: [
                { id: 'e1', entry_no: 1, entry_fee: 2, status: 'held', created_at: '2026-11-28T10:00:00.000Z' },
              ],
              active_entries: 1,
              entries_left: 0,
            },
          }),
        ),
      ),
      http.get(apiUrl(`/tournaments/${ID}/standings`), () => {
        standingsCalls += 1;
        return HttpResponse.json(
          standingsCalls === 1
            ? standings([['bob', 10, 1]])
            : standings([
                ['alice', 20, 1],
                ['bob', 10, 2],
              ]),
        );
      }),
      http.post(apiUrl(`/tournaments/${ID}/attempts`), () => HttpResponse.json(attempt, { status: 201 })),
    );
    socket.respond('tournament:attempt:join', () => ({
      ok: true as const,
      data: {
        attempt: { ...attempt, status: 'playing' as const },
        phase: 'countdown' as const,
        starts_at: Date.now(),
        ends_at: Date.now() + 60_000,
        server_time: Date.now(),
        view: null,
      },
    }));
    storeSignedIn();
    const { user } = renderApp(`/tournaments/${ID}`);
    expect(await screen.findAllByTestId('standing-row')).toHaveLength(1);
    await waitFor(() => expect(socket.sentOf('tournament:subscribe')).toEqual([{ tournament_id: ID }]));

    await user.click(screen.getByRole('button', { name: 'Play an attempt' }));
    await waitFor(() => expect(socket.sentOf('tournament:attempt:join')).toEqual([{ attempt_id: attempt.id }]));
    const engine = GAME_ENGINES['number-rush'];
    const state = engine.create('seed', { timeLimitMs: 60_000 });
    socket.serverEmit('match:view', {
      room_id: attempt.id,
      round: 1,
      seat: 0,
      at_ms: 0,
      view: engine.view(state, 0, 0),
    });
    expect(await screen.findByTestId('game-board')).toBeInTheDocument();
    socket.serverEmit('tournament:attempt:finished', {
      attempt: { ...attempt, status: 'scored', score: 20, reached_at: '2026-11-28T12:00:00.000Z' },
      flags: 0,
    });
    expect(await screen.findByTestId('attempt-result')).toHaveTextContent('Attempt over: 20 points.');

    socket.serverEmit('tournament:standings', {
      tournament_id: ID,
      ranked: 2,
      changed: {
        rank: 1,
        user_id: 'user-alice',
        username: 'alice',
        score: 20,
        reached_at: '2026-11-28T12:00:00.000Z',
        is_me: false,
      },
    });
    await user.click(screen.getByRole('button', { name: 'Back to the tournament' }));
    await waitFor(() => expect(screen.getAllByTestId('standing-row')).toHaveLength(2));
  }, 20_000);

  it('speaks Spanish', async () => {
    server.use(http.get(apiUrl('/tournaments'), () => HttpResponse.json([])));
    storeSignedIn();
    renderApp('/tournaments', { language: 'es' });
    expect(await screen.findByRole('heading', { name: 'Torneos' })).toBeInTheDocument();
    expect(await screen.findByTestId('tournaments-empty')).toHaveTextContent('Aún no hay torneos aquí');
  });
});
