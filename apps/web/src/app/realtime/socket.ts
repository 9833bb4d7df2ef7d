import {
  REALTIME_PATH,
  type Ack,
  type ClientToServerEvents,
  type RealtimeAuth,
  type ServerToClientEvents,
} from '@skillduel/contracts';
import { io, type Socket } from 'socket.io-client';

/** Socket.IO's own connection events, as this app reads them. */
export interface LifecycleEvents {
  connect: () => void;
  /** `reason` is Socket.IO's: 'io client disconnect', 'io server disconnect', 'transport close', 'ping timeout', … */
  disconnect: (reason: string) => void;
  /** A refused handshake carries `data.code` (e.g. 'UNAUTHORIZED', PRODUCT §6); a network failure has no data. */
  connect_error: (error: { message: string; data?: unknown }) => void;
}

export type SocketEvents = ServerToClientEvents & LifecycleEvents;
export type SocketEventName = keyof SocketEvents;

/** The payload a client event takes (`lobby:*` take none). */
export type PayloadOf<E extends keyof ClientToServerEvents> = Parameters<ClientToServerEvents[E]>[0];

/** What a client event's acknowledgement carries when it succeeds. */
export type AckDataOf<E extends keyof ClientToServerEvents> =
  NonNullable<Parameters<ClientToServerEvents[E]>[1]> extends (response: Ack<infer T>) => void ? T : never;

/**
 * The part of a socket.io-client Socket the app uses. The app talks to this interface only, so tests hand the
 * realtime client a scripted fake (see `setSocketFactory`) and no test ever opens a connection.
 */
export interface RealtimeSocket {
  readonly connected: boolean;
  connect(): void;
  disconnect(): void;
  on<E extends SocketEventName>(event: E, listener: SocketEvents[E]): void;
  off<E extends SocketEventName>(event: E, listener: SocketEvents[E]): void;
  emit<E extends keyof ClientToServerEvents>(
    event: E,
    payload: PayloadOf<E>,
    ack: (response: Ack<AckDataOf<E>>) => void,
  ): void;
}

export interface SocketFactoryOptions {
  /** Read on every connection attempt, so a reconnect always carries the latest access token. */
  getAuth: () => RealtimeAuth;
}

export type SocketFactory = (options: SocketFactoryOptions) => RealtimeSocket;

/** Reconnection backoff: 1 s, doubling up to 10 s, ±50 % jitter (socket.io-client's exponential backoff). */
export const RECONNECT_BACKOFF = { delayMs: 1000, maxDelayMs: 10_000, jitter: 0.5 } as const;

/** Loose view of Socket.IO's overloaded methods; the typed RealtimeSocket interface above is what callers see. */
interface LooseSocket {
  on(event: string, listener: (...args: never[]) => void): void;
  off(event: string, listener: (...args: never[]) => void): void;
  emit(event: string, ...args: unknown[]): void;
}

/** The real transport: Socket.IO on the page's own origin, path /socket.io (PRODUCT §6). */
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
