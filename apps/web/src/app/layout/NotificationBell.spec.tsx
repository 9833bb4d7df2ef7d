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
  message: 'You won a match and earned $9.00.',
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

describe('notification bell (SPEC §2 Shared layout, PRODUCT.md §7)', () => {
  it('shows the unread count and the stored notifications, and marks one read', async () => {
    serveNotifications([WIN, LEVEL]);
    storeSignedIn();
    const { user } = renderApp('/dashboard');
    expect(await screen.findByTestId('notification-count')).toHaveTextContent('2');
    const bell = screen.getByRole('button', { name: 'Notifications, 2 unread' });

    await user.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const items = within(panel).getAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('You won!');
    expect(items[0]).toHaveTextContent('You won a match and earned $9.00.');
    expect(within(items[0]).getByRole('img', { name: 'Win' })).toBeInTheDocument();
    expect(within(items[1]).getByRole('img', { name: 'Level up' })).toBeInTheDocument();

    await user.click(within(items[0]).getByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(within(items[0]).queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument();
  });

  it('marks all read and clears the count', async () => {
    serveNotifications([WIN, LEVEL]);
    storeSignedIn();
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
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
