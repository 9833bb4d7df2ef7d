export { getRealtimeClient, resetRealtimeClient, setSocketFactory, TIMEOUT_ERROR_CODE } from './client';
export { realtimeAuthRefresher } from './auth';
export { useRealtimeStatus } from './hooks';
export type { AckDataOf, PayloadOf, RealtimeSocket, SocketEvents } from './socket';
