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
    // No stake without consent (issue 13): the amount is shown, editable, and nothing is sent before Confirm.
    expect(screen.getByTestId('stake-amount')).toHaveValue(10);
    expect(screen.getByTestId('stake-summary')).toHaveTextContent(
      'You stake $10.00 and your opponent the same. The winner is paid $20.00.',
    );
    expect(bodies).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Stake $10.00 and find opponent' }));
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
    await user.click(screen.getByRole('button', { name: 'Stake $10.00 and find opponent' }));
    expect(await screen.findByText(TOAST_MESSAGES.joinedRoom)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/game/${room.id}`));
  });

  it('stays on the waiting screen and says why when it fails', async () => {
    serveQuickMatch(() =>
      HttpResponse.json({ statusCode: 400, detail: VALIDATION_MESSAGES.insufficientBalance }, { status: 400 }),
    );
    storeSignedInUser(buildUser({ current_balance: 20, balance: 20 }));
    const { user } = renderApp('/game/number-rush');
    await user.click(await screen.findByRole('button', { name: 'Find opponent' }));
    await user.click(screen.getByRole('button', { name: 'Stake $10.00 and find opponent' }));
    expect(await screen.findByText(TOAST_MESSAGES.failedToJoinRoom)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION_MESSAGES.insufficientBalance)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/game\/number-rush$/);
  });

  it('sends the stake the player chose within the game’s limits, and nothing when they cancel', async () => {
    const room = buildRoom({ id: 'room_quick00000000000003', player1: ALICE, bet_amount: 7.5 });
    serveRoomView(buildRoomView(room, { your_seat: 0 }));
    const bodies = serveQuickMatch(() => HttpResponse.json({ room, matched: false }, { status: 201 }));
    storeSignedInUser(buildUser({ id: ALICE.id, current_balance: 50, balance: 50 }));
    const { user } = renderApp('/game/number-rush');
    await user.click(await screen.findByRole('button', { name: 'Find opponent' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('stake-confirm')).not.toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Find opponent' }));
    const amount = screen.getByTestId('stake-amount');
    await user.clear(amount);
    await user.type(amount, '500');
    await user.click(screen.getByRole('button', { name: 'Stake and find opponent' }));
    expect(screen.getByTestId('stake-error')).toHaveTextContent('Maximum bet for this game is $100.00');
    await user.clear(amount);
    await user.type(amount, '7.5');
    await user.click(screen.getByRole('button', { name: 'Stake $7.50 and find opponent' }));
    await waitFor(() => expect(bodies).toEqual([{ game_id: 'number-rush', bet_amount: 7.5 }]));
  });
});
