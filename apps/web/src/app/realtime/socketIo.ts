import { REALTIME_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@skillduel/contracts';
import { io, type Socket } from 'socket.io-client';
import { RECONNECT_BACKOFF, type SocketFactory } from './socket';

/*
 * The only module that imports socket.io-client; ./socket.ts loads it with a dynamic import, so the library is a
 * separate chunk fetched when a screen first uses the socket (docs/decisions/1301).
 */

/** Loose view of Socket.IO's overloaded methods; the typed RealtimeSocket interface (./socket.ts) is what callers see. */
interface LooseSocket {
  on(event: string, listener: (...args: never[]) => void): void;
  off(event: string, listener: (...args: never[]) => void): void;
  emit(event: string, ...args: unknown[]): void;
}

/**
 * The real transport: Socket.IO on the page's own origin, path /socket.io
 * (docs/product/rooms-and-matches.md#realtime-connection).
 */
export const socketIoFactory: SocketFactory = ({ getAuth }) => {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({
    path: REALTIME_PATH,
    autoConnect: false,
    auth: (callback) => callback(getAuth()),
    reconnection: true,
    reconnectionDelay: RECONNECT_BACKOFF.delayMs,
    reconnectionDelayMax: RECONNECT_BACKOFF.maxDelayMs,
    randomizationFactor: RECONNECT_BACKOFF.jitter,
  });
  const loose = socket as unknown as LooseSocket;
  return {
    get connected() {
      return socket.connected;
    },
    connect: () => {
      socket.connect();
    },
    disconnect: () => {
      socket.disconnect();
    },
    on: (event, listener) => loose.on(event, listener),
    off: (event, listener) => loose.off(event, listener),
    emit: (event, payload, ack) => loose.emit(event, payload ?? {}, ack),
  };
};
