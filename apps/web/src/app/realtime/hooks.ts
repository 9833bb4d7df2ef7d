import { useEffect, useSyncExternalStore } from 'react';
import { useAppDispatch } from '../hooks';
import { realtimeAuthRefresher } from './auth';
import { getRealtimeClient, type RealtimeClient, type RealtimeStatus } from './client';

/** The connection state, for the 'Reconnecting…' notice. */
export function useRealtimeStatus(): RealtimeStatus {
  const client = getRealtimeClient();
  return useSyncExternalStore(client.subscribeStatus, client.getStatus, client.getStatus);
}

/** Keeps the tab's socket open while the calling component is mounted; returns the client. */
function useRealtimeConnection(): RealtimeClient {
  const dispatch = useAppDispatch();
  const client = getRealtimeClient();
  useEffect(() => {
    const lease = client.acquire({ refreshAuth: realtimeAuthRefresher(dispatch) });
    return () => lease.release();
  }, [client, dispatch]);
  return client;
}
