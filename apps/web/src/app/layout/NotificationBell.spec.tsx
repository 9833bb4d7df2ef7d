import { screen, within } from '@testing-library/react';
import type { NotificationDto, NotificationsResponse } from '@skillduel/contracts';
import { http, HttpResponse } from 'msw';
import { storeGuest, storeSignedIn } from '../../test/gameRoom';
import { installFakeSocket } from '../../test/realtime';
import { renderApp } from '../../test/renderWithProviders';
import { apiUrl, server } from '../../test/server';

const WIN: NotificationDto = {
  id: '00000000-0000-4000-8000-000000000001',
  type: 'win',
  title: 'You won!',
  message: 'You won $18.00 (+$9.00 net).',
  read: false,
  created_at: '2026-11-22T10:00:00.000Z',
};
const LEVEL: NotificationDto = {
  ...WIN,
  id: '00000000-0000-4000-8000-000000000002',
  type: 'level',
  title: 'Level up!',
  message: 'You reached level 2 (Bronze).',
};

/** A server-side store of notifications the bell reads and marks. */
function serveNotifications(initial: NotificationDto[]) {
  let notifications = initial.map((n) => ({ ...n }));
  const answer = (): NotificationsResponse => ({
    notifications,
    unread_count: notifications.filter((n) => !n.read).length,
  });
  const calls: string[] = [];
  server.use(
    http.get(apiUrl('/notifications'), () => {
      calls.push('list');
      return HttpResponse.json(answer());
    }),
    http.post(apiUrl('/notifications/read-all'), () => {
      calls.push('read-all');
      notifications = notifications.map((n) => ({ ...n, read: true }));
      return HttpResponse.json(answer());
    }),
    http.post(apiUrl('/notifications/:id/read'), ({ params }) => {
      notifications = notifications.map((n) => (n.id === params['id'] ? { ...n, read: true } : n));
      return HttpResponse.json(answer());
    }),
  );
  return calls;
}

describe('notification bell: stored notifications, unread count, pushed', () => {
  it('shows the unread count and the stored notifications; opening the panel reads what it shows', async () => {
    const calls = serveNotifications([WIN, LEVEL]);
    storeSignedIn();
    const { user } = renderApp('/dashboard');
    expect(await screen.findByTestId('notification-count')).toHaveTextContent('2');
    const bell = screen.getByRole('button', { name: 'Notifications, 2 unread' });

    await user.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const items = within(panel).getAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    // One payout vocabulary on every screen: the pot paid out and the net gain.
    expect(items[0]).toHaveTextContent('You won!');
    expect(items[0]).toHaveTextContent('You won $18.00 (+$9.00 net).');
    expect(within(items[0]).getByRole('img', { name: 'Win' })).toBeInTheDocument();
    expect(within(items[1]).getByRole('img', { name: 'Level up' })).toBeInTheDocument();
    // Opened: both were shown, so both are read at once (one request); they stay highlighted while it is open.
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument();
    expect(calls).toContain('read-all');
    expect(items[0]).toHaveClass('is-unread');
  });

  it('marks one read: an item that arrives while the panel is open', async () => {
    const socket = installFakeSocket();
    serveNotifications([{ ...WIN, read: true }]);
    storeSignedIn();
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    server.use(
      http.get(apiUrl('/notifications'), () =>
        HttpResponse.json({ notifications: [LEVEL, { ...WIN, read: true }], unread_count: 1 }),
      ),
      http.post(apiUrl('/notifications/:id/read'), () =>
        HttpResponse.json({
          notifications: [
            { ...LEVEL, read: true },
            { ...WIN, read: true },
          ],
          unread_count: 0,
        }),
      ),
    );
    socket.serverEmit('notifications:changed', { unread_count: 1 });
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const markOne = await within(panel).findByRole('button', { name: 'Mark as read' });
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeInTheDocument();
    await user.click(markOne);
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument();
  });

  it('shows a win in Spanish with the same figures', async () => {
    serveNotifications([WIN]);
    storeSignedIn();
    const { user } = renderApp('/dashboard', { language: 'es' });
    await user.click(await screen.findByTestId('notification-bell'));
    const item = await screen.findByTestId('notification-item');
    expect(item).toHaveTextContent('¡Ganaste!');
    expect(item).toHaveTextContent('Ganaste $18.00 (+$9.00 netos).');
  });

  it('follows pushes over the socket: the count changes at once and the list is fetched again', async () => {
    const socket = installFakeSocket();
    const calls = serveNotifications([WIN]);
    storeSignedIn();
    renderApp('/dashboard');
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    // Signed in, the socket is open as the user (pushes go to the user's own channel).
    expect(socket.lastAuth).toMatchObject({ token: expect.any(String) });
    const fetchesBefore = calls.length;

    // A level-up happened on the server: it stores the notification and pushes the new count.
    server.use(
      http.get(apiUrl('/notifications'), () => {
        calls.push('list');
        return HttpResponse.json({ notifications: [LEVEL, WIN], unread_count: 2 } satisfies NotificationsResponse);
      }),
    );
    socket.serverEmit('notifications:changed', { unread_count: 2 });
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    await screen.findByTestId('notification-count');
    expect(calls.length).toBeGreaterThan(fetchesBefore);
  });

  it('loads nothing for guests', async () => {
    const calls = serveNotifications([WIN]);
    storeGuest();
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(screen.getByRole('region', { name: 'Notifications' })).toHaveTextContent('No notifications');
    expect(calls).toHaveLength(0);
  });
});
