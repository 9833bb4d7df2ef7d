import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { MatchmakingEntryDto, MatchmakingExpiredDto } from '@skillduel/contracts';
import { http, HttpResponse } from 'msw';
import { buildUser, buildMatchmakingEntry } from '../../test/factories';
import { installFakeSocket } from '../../test/realtime';
import { renderApp } from '../../test/renderWithProviders';
import { ALICE, buildRoom, buildRoomView, serveRoomView } from '../../test/rooms';
import { apiUrl, server } from '../../test/server';
import { storeSignedInUser } from '../../test/wallet';
import { clearSearchingHere, markSearchingHere } from './searchTab';
import { OPPONENT_FOUND_PAUSE_MS } from './useMatchmakingPushes';

function buildEntry(overrides: Partial<MatchmakingEntryDto> = {}): MatchmakingEntryDto {
  return buildMatchmakingEntry({ id: 'mm_entry_0002', ...overrides });
}

/** GET /matchmaking/queue answers the entry until the test says the search is over. */
function serveEntry(entry: MatchmakingEntryDto): { end: () => void } {
  let current: MatchmakingEntryDto | null = entry;
  server.use(http.get(apiUrl('/matchmaking/queue'), () => HttpResponse.json(current)));
  return {
    end: () => {
      current = null;
    },
  };
}

describe('matchmaking pushes: expiry with its refund, and the match found from any page', () => {
  beforeEach(() => clearSearchingHere());

  it('an expired search ends with a clear message and the refund; OK goes back to Find opponent', async () => {
    const fake = installFakeSocket();
    const queue = serveEntry(buildEntry({ bet_amount: 7.5 }));
    storeSignedInUser(buildUser({ id: ALICE.id }));
    const { user } = renderApp('/game/number-rush');
    expect(await screen.findByTestId('matchmaking-searching')).toBeInTheDocument();
    await waitFor(() => expect(fake.connected).toBe(true));
    queue.end();
    const expired: MatchmakingExpiredDto = {
      entry_id: 'mm_entry_0002',
      game_id: 'number-rush',
      bet_amount: 7.5,
      refunded_amount: 7.5,
      waited_seconds: 120,
    };
    fake.serverEmit('matchmaking:expired', expired);

    const panel = await screen.findByTestId('matchmaking-expired');
    expect(panel).toHaveTextContent('No opponent found');
    expect(panel).toHaveTextContent('Nobody matched your rating and stake in 2:00.');
    expect(screen.getByTestId('matchmaking-expired-refund')).toHaveTextContent(
      'Your stake of $7.50 was refunded to your balance.',
    );
    expect(screen.queryByTestId('matchmaking-searching')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('button', { name: 'Find opponent' })).toHaveFocus();
  });

  it('a player who left the game page while searching is taken to the room when matched', async () => {
    const fake = installFakeSocket();
    const queue = serveEntry(buildEntry());
    const room = buildRoom({ id: 'room_match0000000000002', player1: ALICE, current_players: 2, status: 'ready' });
    serveRoomView(buildRoomView(room, { your_seat: 0 }));
    storeSignedInUser(buildUser({ id: ALICE.id }));
    // This tab searched (entered the queue, or showed the searching screen), then went to the wallet.
    markSearchingHere();
    renderApp('/wallet');
    await waitFor(() => expect(fake.connected).toBe(true));
    queue.end();
    fake.serverEmit('matchmaking:matched', { room_id: room.id, game_id: 'number-rush', bet_amount: 10 });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/game/${room.id}`), {
      timeout: 3000,
    });
  });

  it('another tab of the player (one that did not search) is told with a link, not taken away from its page', async () => {
    const fake = installFakeSocket();
    const queue = serveEntry(buildEntry());
    const room = buildRoom({ id: 'room_match0000000000003', player1: ALICE, current_players: 2, status: 'ready' });
    serveRoomView(buildRoomView(room, { your_seat: 0 }));
    storeSignedInUser(buildUser({ id: ALICE.id }));
    renderApp('/wallet');
    await waitFor(() => expect(fake.connected).toBe(true));
    queue.end();
    fake.serverEmit('matchmaking:matched', { room_id: room.id, game_id: 'number-rush', bet_amount: 10 });
    expect(await screen.findByText('Your $10.00 match is ready in the tab where you searched.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, OPPONENT_FOUND_PAUSE_MS + 200));
    expect(screen.getByTestId('location')).toHaveTextContent('/wallet');
    // A plain click: sonner's toast captures the pointer on pointerdown, which jsdom does not implement.
    fireEvent.click(screen.getByRole('button', { name: 'Open the room' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/game/${room.id}`));
  });
});
