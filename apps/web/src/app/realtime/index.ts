export {
  getRealtimeClient,
  REQUEST_TIMEOUT_MS,
  resetRealtimeClient,
  setSocketFactory,
  TIMEOUT_ERROR_CODE,
  type RealtimeClient,
  type RealtimeLease,
  type RealtimeStatus,
} from './client';
export { realtimeAuthRefresher } from './auth';
export { useRealtimeConnection, useRealtimeStatus } from './hooks';
export type { AckDataOf, PayloadOf, RealtimeSocket, SocketEvents, SocketFactory, SocketFactoryOptions } from './socket';
