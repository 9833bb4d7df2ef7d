import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { buildUser } from '../../test/factories';
import { installFakeSocket } from '../../test/realtime';
import { renderApp } from '../../test/renderWithProviders';
import { apiUrl, server } from '../../test/server';
import { storeSignedInUser } from '../../test/wallet';

describe('wallet:changed: every tab follows the money the moment it moves', () => {
  it('reloads the balance in the top bar on a push, and says what a closed room refunded', async () => {
    const socket = installFakeSocket();
    const user = storeSignedInUser(buildUser({ current_balance: 45, balance: 45 }));
    renderApp('/dashboard');
    expect(await screen.findByTestId('balance')).toHaveTextContent('$45.00');

    // The opponent left before the start: the server refunded the stake and pushed it.
    server.use(http.get(apiUrl('/users/me/'), () => HttpResponse.json({ ...user, current_balance: 50, balance: 50 })));
    socket.serverEmit('wallet:changed', { kind: 'refund', amount: 5, room_id: 'room_x', reason: 'left' });
    expect(await screen.findByText('Your stake of $5.00 was refunded.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('$50.00'));
  });

  it('says nothing more for a payout or a tie refund (the room screen explains those), but still reloads', async () => {
    const socket = installFakeSocket();
    const user = storeSignedInUser(buildUser({ current_balance: 45, balance: 45 }));
    renderApp('/dashboard');
    expect(await screen.findByTestId('balance')).toHaveTextContent('$45.00');
    server.use(http.get(apiUrl('/users/me/'), () => HttpResponse.json({ ...user, current_balance: 55, balance: 55 })));
    socket.serverEmit('wallet:changed', { kind: 'refund', amount: 5, room_id: 'room_y', reason: 'tie' });
    socket.serverEmit('wallet:changed', { kind: 'win', amount: 10, room_id: 'room_y', reason: null });
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('$55.00'));
    expect(screen.queryByText(/was refunded/)).not.toBeInTheDocument();
  });
});
