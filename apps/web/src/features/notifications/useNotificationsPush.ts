import { SERVER_EVENTS } from '@skillduel/contracts';
import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { getRealtimeClient, realtimeAuthRefresher } from '../../app/realtime';
import { reloadCurrentUser } from '../session/sessionThunks';
import { notificationsApi } from './notificationsApi';

/**
 * While a user is signed in, keeps the tab's socket open and follows `notifications:changed`: the bell's count
 * changes at once and the list is fetched again (the server pushes a win, a level-up or an opponent joining the moment
 * it happens), and so is the current user (balance, wins, level). After a reconnect the list is fetched too, since
 * pushes sent while offline are lost.
 */
export function useNotificationsPush(signedIn: boolean): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!signedIn) return undefined;
    const client = getRealtimeClient();
    const lease = client.acquire({ refreshAuth: realtimeAuthRefresher(dispatch) });
    const refetch = () =>
      dispatch(
        notificationsApi.endpoints.getNotifications.initiate(undefined, { forceRefetch: true, subscribe: false }),
      );
    const stopPush = client.on(SERVER_EVENTS.notificationsChanged, ({ unread_count }) => {
      dispatch(
        notificationsApi.util.updateQueryData('getNotifications', undefined, (draft) => {
          draft.unread_count = unread_count;
        }),
      );
      void refetch();
      // A notification means something happened to the account (a win pays out, a level-up): the top bar's balance
      // and the user's figures are fetched again too.
      void dispatch(reloadCurrentUser());
    });
    const stopReconnect = client.onConnect((reconnected) => {
      if (reconnected) void refetch();
    });
    return () => {
      stopPush();
      stopReconnect();
      lease.release();
    };
  }, [signedIn, dispatch]);
}
