import { screen, waitFor } from '@testing-library/react';
import { MATCHMAKING_MESSAGES, VALIDATION_MESSAGES, type MatchmakingEntryDto } from '@skillduel/contracts';
import { http, HttpResponse } from 'msw';
import { buildUser, buildMatchmakingEntry } from '../../test/factories';
import { installFakeSocket } from '../../test/realtime';
import { renderApp } from '../../test/renderWithProviders';
import { ALICE, buildRoom, buildRoomView, serveRoomView } from '../../test/rooms';
import { apiUrl, server } from '../../test/server';
import { storeSignedInUser } from '../../test/wallet';

describe('Find opponent: the matchmaking queue', () => {
  /** GET answers `current()`; POST and DELETE are recorded. */
  function serveQueue(options: {
    current?: MatchmakingEntryDto | null;
    enter?: () => Response;
    leave?: () => Response;
  }) {
    const calls: { method: string; body?: unknown; idempotencyKey?: string | null }[] = [];
    let current = options.current ?? null;
    server.use(
      http.get(apiUrl('/matchmaking/queue'), () => HttpResponse.json(current)),
      http.post(apiUrl('/matchmaking/queue'), async ({ request }) => {
        const body = (await request.json()) as { game_id: string; bet_amount: number };
        calls.push({ method: 'POST', body, idempotencyKey: request.headers.get('Idempotency-Key') });
        if (options.enter) return options.enter();
        current = buildMatchmakingEntry({ game_id: body.game_id, bet_amount: body.bet_amount });
        return HttpResponse.json(current, { status: 201 });
      }),
      http.delete(apiUrl('/matchmaking/queue'), () => {
        calls.push({ method: 'DELETE' });
        if (options.leave) return options.leave();
        const left = { ...(current ?? buildMatchmakingEntry()), status: 'cancelled' };
        current = null;
        return HttpResponse.json(left);
      }),
    );
    return calls;
  }

  it('enters the queue with the confirmed stake and shows the searching state: elapsed time and rating window', async () => {
    const calls = serveQueue({});
    storeSignedInUser(buildUser({ id: ALICE.id, current_balance: 50, balance: 50 }));
    const { user } = renderApp('/game/number-rush');
    await user.click(await screen.findByRole('button', { name: 'Find opponent' }));
    // No stake without consent: the amount is shown, editable, and nothing is sent before Confirm.
    expect(screen.getByTestId('stake-amount')).toHaveValue(10);
    expect(calls).toEqual([]);
    const amount = screen.getByTestId('stake-amount');
    await user.clear(amount);
    await user.type(amount, '7.5');
    await user.click(screen.getByRole('button', { name: 'Stake $7.50 and find opponent' }));

    const searching = await screen.findByTestId('matchmaking-searching');
    expect(calls).toEqual([
      { method: 'POST', body: { game_id: 'number-rush', bet_amount: 7.5 }, idempotencyKey: expect.any(String) },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Searching for an opponent…');
    expect(searching).toHaveTextContent('Your stake: $7.50');
    expect(screen.getByTestId('matchmaking-window')).toHaveTextContent('±100');
    expect(screen.getByTestId('matchmaking-elapsed')).toHaveTextContent('0:00');
    // The clock ticks.
    await waitFor(() => expect(screen.getByTestId('matchmaking-elapsed')).toHaveTextContent('0:01'), {
      timeout: 2500,
    });
    expect(screen.getByRole('button', { name: 'Cancel search' })).toHaveFocus();
  });

  it('restores the search after a reload (GET), with the time already waited and the widened window', async () => {
    serveQueue({ current: buildMatchmakingEntry({ waited_ms: 30_000, rating_window: { min: 1250, max: 1750 } }) });
    storeSignedInUser(buildUser({ id: ALICE.id }));
    renderApp('/game/number-rush');
    expect(await screen.findByTestId('matchmaking-searching')).toBeInTheDocument();
    expect(screen.getByTestId('matchmaking-elapsed')).toHaveTextContent('0:30');
    expect(screen.getByTestId('matchmaking-window')).toHaveTextContent('±250');
    // Not practice any more: the header says so.
    expect(screen.getByTestId('room-subtitle')).toHaveTextContent('Finding an opponent');
  });

  it('Cancel leaves the queue (DELETE), says the stake was refunded and goes back to Find opponent', async () => {
    const calls = serveQueue({ current: buildMatchmakingEntry({ bet_amount: 5 }) });
    storeSignedInUser(buildUser({ id: ALICE.id }));
    const { user } = renderApp('/game/number-rush');
    await user.click(await screen.findByRole('button', { name: 'Cancel search' }));
    expect(await screen.findByText('Search cancelled. Your stake of $5.00 was refunded.')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'DELETE' }]);
    expect(await screen.findByRole('button', { name: 'Find opponent' })).toHaveFocus();
    expect(screen.queryByTestId('matchmaking-searching')).not.toBeInTheDocument();
  });

  it('when matched (pushed), says Opponent found! and opens the room', async () => {
    const fake = installFakeSocket();
    serveQueue({ current: buildMatchmakingEntry() });
    const room = buildRoom({ id: 'room_match0000000000001', player1: ALICE, current_players: 2, status: 'ready' });
    serveRoomView(buildRoomView(room, { your_seat: 0 }));
    storeSignedInUser(buildUser({ id: ALICE.id }));
    renderApp('/game/number-rush');
    expect(await screen.findByTestId('matchmaking-searching')).toBeInTheDocument();
    await waitFor(() => expect(fake.connected).toBe(true));
    fake.serverEmit('matchmaking:matched', { room_id: room.id, game_id: 'number-rush', bet_amount: 10 });
    expect(await screen.findByTestId('matchmaking-found')).toHaveTextContent('Opponent found!');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/game/${room.id}`), {
      timeout: 3000,
    });
  });

  it('shows the server’s reason when entering is refused, and stays on Find opponent', async () => {
    serveQueue({
      enter: () =>
        HttpResponse.json({ statusCode: 400, detail: VALIDATION_MESSAGES.insufficientBalance }, { status: 400 }),
    });
    storeSignedInUser(buildUser({ current_balance: 20, balance: 20 }));
    const { user } = renderApp('/game/number-rush');
    await user.click(await screen.findByRole('button', { name: 'Find opponent' }));
    await user.click(screen.getByRole('button', { name: 'Stake $10.00 and find opponent' }));
    expect(await screen.findByText('Could not start searching')).toBeInTheDocument();
    expect(screen.getByText(VALIDATION_MESSAGES.insufficientBalance)).toBeInTheDocument();
    expect(screen.queryByTestId('matchmaking-searching')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/game\/number-rush$/);
  });

  it('409 already in the queue: says so and shows that search', async () => {
    let entered = false;
    server.use(
      http.get(apiUrl('/matchmaking/queue'), () =>
        HttpResponse.json(entered ? buildMatchmakingEntry({ waited_ms: 5_000 }) : null),
      ),
      http.post(apiUrl('/matchmaking/queue'), () => {
        entered = true;
        return HttpResponse.json(
          { statusCode: 409, code: 'ALREADY_IN_QUEUE', detail: MATCHMAKING_MESSAGES.alreadyQueued },
          { status: 409 },
        );
      }),
    );
    storeSignedInUser(buildUser({ id: ALICE.id }));
    const { user } = renderApp('/game/number-rush');
    await user.click(await screen.findByRole('button', { name: 'Find opponent' }));
    await user.click(screen.getByRole('button', { name: 'Stake $10.00 and find opponent' }));
    expect(await screen.findByText(MATCHMAKING_MESSAGES.alreadyQueued)).toBeInTheDocument();
    expect(await screen.findByTestId('matchmaking-searching')).toBeInTheDocument();
  });
});
