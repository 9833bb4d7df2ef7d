import { screen, waitFor, within } from '@testing-library/react';
import { GAME_ROOM_MESSAGES } from '@skillduel/contracts';
import { http, HttpResponse } from 'msw';
import { buildUser } from '../../test/factories';
import { renderLiveRoom } from '../../test/liveRoom';
import { installFakeSocket, type FakeSocket } from '../../test/realtime';
import {
  ALICE,
  BOB,
  buildGameResult,
  buildJoined,
  buildMatchResult,
  buildRoom,
  buildRoomView,
  serveRoomView,
} from '../../test/rooms';
import { apiUrl, server } from '../../test/server';
import { storeSignedInUser } from '../../test/wallet';

/** The server's word on the balance after a held round: the stake went into escrow, nothing came back. */
function serveBalance(userId: string, username: string, loads: { count: number }): void {
  server.use(
    http.get(apiUrl('/users/me/'), () => {
      loads.count += 1;
      return HttpResponse.json(buildUser({ id: userId, username, current_balance: 45 }));
    }),
  );
}

/** A round that ends held for a fair-play review (decision 1802): the pot stays in escrow, payout 0. */
function finishHeld(fake: FakeSocket, roomId: string, winner: 'player' | 'opponent'): void {
  fake.serverEmit('match:finished', {
    room_id: roomId,
    result: buildMatchResult({ payout: 0, fee: 0, payout_held: true }),
  });
  fake.serverEmit('match:result', {
    room_id: roomId,
    result: buildGameResult(
      winner === 'player'
        ? { earnings: 0, payout_held: true }
        : { winner: 'opponent', player_score: 20, opponent_score: 40, earnings: 0, payout_held: true },
    ),
  });
}

describe('live room: a payout held for fair-play review', () => {
  let fake: FakeSocket;
  beforeEach(() => {
    fake = installFakeSocket();
  });

  async function openPlayingRoom(seat: 0 | 1, language?: 'en' | 'es') {
    const me = seat === 0 ? ALICE : BOB;
    storeSignedInUser(buildUser({ id: me.id, username: me.username, current_balance: 45 }));
    const room = buildRoom({ player1: ALICE, player2: BOB, current_players: 2, status: 'playing' });
    serveRoomView(buildRoomView(room, { your_seat: seat }));
    fake.respond('room:join', () => ({ ok: true, data: buildJoined(room, { your_seat: seat, phase: 'playing' }) }));
    const loads = { count: 0 };
    serveBalance(me.id, me.username, loads);
    const rendered = renderLiveRoom(room.id, language);
    await screen.findByTestId('game-room');
    return { room, loads, ...rendered };
  }

  it('tells the winner the payout is held, claims no winnings and no "+$", and keeps the server balance', async () => {
    const { room, loads, store } = await openPlayingRoom(0);
    finishHeld(fake, room.id, 'player');

    const result = screen.getByTestId('game-result');
    expect(within(result).getByRole('heading', { name: 'You Won!' })).toBeInTheDocument();
    expect(within(result).getByTestId('payout-held')).toHaveTextContent('Payout held for review');
    expect(within(result).getByTestId('payout-held')).toHaveTextContent('both bets wait in escrow');
    expect(within(result).queryByTestId('winnings')).not.toBeInTheDocument();
    expect(await screen.findByText('You won. The payout is held for a fair-play review.')).toBeInTheDocument();
    expect(screen.queryByText(GAME_ROOM_MESSAGES.youWon)).not.toBeInTheDocument();
    expect(screen.queryByText(/\+\$/)).not.toBeInTheDocument();
    // The balance is reloaded from the server (which paid nothing), never bumped locally.
    await waitFor(() => expect(loads.count).toBeGreaterThan(0));
    const session = store.getState().session;
    expect(session.kind === 'signedIn' ? session.user.current_balance : null).toBe(45);
  });

  it('tells the loser too, in Spanish', async () => {
    const { room } = await openPlayingRoom(1, 'es');
    finishHeld(fake, room.id, 'opponent');
    const result = screen.getByTestId('game-result');
    expect(within(result).getByRole('heading', { name: '¡Perdiste!' })).toBeInTheDocument();
    expect(within(result).getByTestId('payout-held')).toHaveTextContent('Pago retenido para revisión');
    expect(within(result).queryByTestId('winnings')).not.toBeInTheDocument();
  });

  it('shows the usual winnings when nothing is held', async () => {
    const { room } = await openPlayingRoom(0);
    fake.serverEmit('match:finished', { room_id: room.id, result: buildMatchResult() });
    fake.serverEmit('match:result', { room_id: room.id, result: buildGameResult({ earnings: 10 }) });
    expect(screen.getByTestId('winnings')).toHaveTextContent('Winnings: $10.00');
    expect(screen.queryByTestId('payout-held')).not.toBeInTheDocument();
  });
});
