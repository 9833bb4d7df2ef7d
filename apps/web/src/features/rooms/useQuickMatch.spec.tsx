import { screen, waitFor } from '@testing-library/react';
import { TOAST_MESSAGES, VALIDATION_MESSAGES } from '@skillduel/contracts';
import { http, HttpResponse } from 'msw';
import { buildUser } from '../../test/factories';
import { installFakeSocket } from '../../test/realtime';
import { renderApp } from '../../test/renderWithProviders';
import { ALICE, buildJoined, buildRoom, buildRoomView, serveRoomView } from '../../test/rooms';
import { apiUrl, server } from '../../test/server';
import { storeSignedInUser } from '../../test/wallet';

describe('Find opponent (quick match, PRODUCT §4) and the live room behind /game/{roomId}', () => {
  function serveQuickMatch(answer: () => Response): unknown[] {
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('/rooms/quick-match'), async ({ request }) => {
        bodies.push(await request.json());
        return answer();
      }),
    );
    return bodies;
  }

  it('creates a room with the game’s default bet when nobody waits, then opens it live', async () => {
    const fake = installFakeSocket();
    const room = buildRoom({ id: 'room_quick00000000000001', player1: ALICE, bet_amount: 10 });
    serveRoomView(buildRoomView(room, { your_seat: 0 }));
    fake.respond('room:join', () => ({ ok: true, data: buildJoined(room, { your_seat: 0 }) }));
    const bodies = serveQuickMatch(() => HttpResponse.json({ room, matched: false }, { status: 201 }));
    storeSignedInUser(buildUser({ id: ALICE.id }));
    const { user } = renderApp('/game/number-rush');
    await user.click(await screen.findByRole('button', { name: 'Find opponent' }));
    expect(await screen.findByText(TOAST_MESSAGES.roomCreated)).toBeInTheDocument();
    expect(bodies).toEqual([{ game_id: 'number-rush', bet_amount: 10 }]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/game/${room.id}`));
    expect(await screen.findByTestId('room-subtitle')).toHaveTextContent('Bet: $10.00');
    expect(await screen.findByTestId('waiting-hint')).toHaveTextContent('Waiting for an opponent to join...');
    expect(fake.sentOf('room:join')).toEqual([{ room_id: room.id }]);
  });

  it('says Joined room successfully! when it matched a waiting room', async () => {
    const room = buildRoom({ id: 'room_quick00000000000002', player2: ALICE, current_players: 2, status: 'ready' });
    serveRoomView(buildRoomView(room, { your_seat: 1 }));
    serveQuickMatch(() => HttpResponse.json({ room, matched: true }));
    storeSignedInUser(buildUser({ id: ALICE.id }));
    const { user } = renderApp('/game/number-rush');
    await user.click(await screen.findByRole('button', { name: 'Find opponent' }));
    expect(await screen.findByText(TOAST_MESSAGES.joinedRoom)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/game/${room.id}`));
  });

  it('stays on the waiting screen and says why when it fails', async () => {
    serveQuickMatch(() =>
      HttpResponse.json({ statusCode: 400, detail: VALIDATION_MESSAGES.insufficientBalance }, { status: 400 }),
    );
    storeSignedInUser(buildUser({ current_balance: 0, balance: 0 }));
    const { user } = renderApp('/game/number-rush');
    await user.click(await screen.findByRole('button', { name: 'Find opponent' }));
    expect(await screen.findByText(TOAST_MESSAGES.failedToJoinRoom)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION_MESSAGES.insufficientBalance)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/game\/number-rush$/);
  });
});
