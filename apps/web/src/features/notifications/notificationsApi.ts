import type { NotificationsResponse } from '@skillduel/contracts';
import { api } from '../../app/api';

/** The bell's fallback poll: changes are pushed over the socket (notifications:changed) as they happen. */
export const NOTIFICATIONS_POLL_MS = 60_000;

/** Every answer carries the whole list: put it in the list's cache instead of fetching it again. */
async function refreshListFrom(
  queryFulfilled: Promise<{ data: NotificationsResponse }>,
  upsert: (data: NotificationsResponse) => unknown,
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    await upsert(data);
  } catch {
    // A failed mutation leaves the list as it was; the next poll corrects it.
  }
}

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/notifications: newest first, with the unread count. */
    getNotifications: build.query<NotificationsResponse, void>({
      query: () => '/notifications',
    }),
    markNotificationRead: build.mutation<NotificationsResponse, string>({
      query: (id) => ({ url: `/notifications/${encodeURIComponent(id)}/read`, method: 'POST' }),
      onQueryStarted: async (_id, { dispatch, queryFulfilled }) => {
        await refreshListFrom(queryFulfilled, (data) =>
          dispatch(notificationsApi.util.upsertQueryData('getNotifications', undefined, data)),
        );
      },
    }),
    markAllNotificationsRead: build.mutation<NotificationsResponse, void>({
      query: () => ({ url: '/notifications/read-all', method: 'POST' }),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        await refreshListFrom(queryFulfilled, (data) =>
          dispatch(notificationsApi.util.upsertQueryData('getNotifications', undefined, data)),
        );
      },
    }),
  }),
});

export const { useGetNotificationsQuery, useMarkNotificationReadMutation, useMarkAllNotificationsReadMutation } =
  notificationsApi;
