import { useSyncExternalStore } from 'react';
import { getRealtimeClient, type RealtimeStatus } from './client';

/** The connection state, for the 'Reconnecting…' notice. */
export function useRealtimeStatus(): RealtimeStatus {
  const client = getRealtimeClient();
  return useSyncExternalStore(client.subscribeStatus, client.getStatus, client.getStatus);
}
