import type { Ack, ClientToServerEvents, RealtimeAuth, ServerToClientEvents } from '@skillduel/contracts';

/** Socket.IO's own connection events, as this app reads them. */
interface LifecycleEvents {
  connect: () => void;
  /** `reason` is Socket.IO's: 'io client disconnect', 'io server disconnect', 'transport close', 'ping timeout', … */
  disconnect: (reason: string) => void;
  /** A refused handshake carries `data.code` (e.g. 'UNAUTHORIZED'); a network failure has no data. */
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

interface SocketFactoryOptions {
  /** Read on every connection attempt, so a reconnect always carries the latest access token. */
  getAuth: () => RealtimeAuth;
}

export type SocketFactory = (options: SocketFactoryOptions) => RealtimeSocket;

/** Reconnection backoff: 1 s, doubling up to 10 s, ±50 % jitter (socket.io-client's exponential backoff). */
export const RECONNECT_BACKOFF = { delayMs: 1000, maxDelayMs: 10_000, jitter: 0.5 } as const;

/**
 * A socket whose real implementation is loaded on first use: every call made before it arrives is replayed on it
 * in order (listeners, connect, emits, which Socket.IO buffers until connected). A failed load is retried.
 */
export function deferredSocketFactory(
  load: () => Promise<SocketFactory>,
  retryDelayMs: number = RECONNECT_BACKOFF.maxDelayMs,
): SocketFactory {
  return (options) => {
    let real: RealtimeSocket | null = null;
    let loading = false;
    const queued: ((socket: RealtimeSocket) => void)[] = [];
    const startLoading = (): void => {
      if (loading || real) return;
      loading = true;
      load().then(
        (factory) => {
          real = factory(options);
          for (const action of queued.splice(0)) action(real);
        },
        () => {
          loading = false;
          setTimeout(startLoading, retryDelayMs);
        },
      );
    };
    const whenLoaded = (action: (socket: RealtimeSocket) => void): void => {
      if (real) action(real);
      else queued.push(action);
    };
    // The screen that asked for the socket is about to connect: start fetching now.
    startLoading();
    return {
      get connected() {
        return real?.connected ?? false;
      },
      connect: () => whenLoaded((socket) => socket.connect()),
      disconnect: () => whenLoaded((socket) => socket.disconnect()),
      on: (event, listener) => whenLoaded((socket) => socket.on(event, listener)),
      off: (event, listener) => whenLoaded((socket) => socket.off(event, listener)),
      emit: (event, payload, ack) => whenLoaded((socket) => socket.emit(event, payload, ack)),
    };
  };
}

/**
 * The real transport (Socket.IO on the page's own origin, ./socketIo). socket.io-client is fetched as its own chunk
 * when a screen first uses the socket, not with the app (docs/decisions/1301).
 */
export const socketIoFactory: SocketFactory = deferredSocketFactory(() =>
  import('./socketIo').then((module) => module.socketIoFactory),
);
