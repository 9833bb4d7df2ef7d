import {
  CLIENT_EVENTS,
  REALTIME_ERROR_CODES,
  SERVER_EVENTS,
  type Ack,
  type ClientToServerEvents,
  type LobbyRoomEventDto,
  type RealtimeAuth,
  type RealtimeErrorDto,
} from '@skillduel/contracts';
import { loadStoredGuest, readAccessToken } from '../../features/session/sessionStorage';
import {
  RECONNECT_BACKOFF,
  socketIoFactory,
  type AckDataOf,
  type PayloadOf,
  type RealtimeSocket,
  type SocketEventName,
  type SocketEvents,
  type SocketFactory,
} from './socket';

/**
 * - `idle`: nobody needs the socket (no screen holds a lease), or it was never opened.
 * - `connecting`: the first connection is being made.
 * - `connected`: live.
 * - `reconnecting`: the connection dropped (or a handshake failed) and the client is retrying with backoff.
 */
export type RealtimeStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting';

/** What a screen gets while it uses the socket. `release` once done (on unmount). */
export interface RealtimeLease {
  release(): void;
}

export interface LeaseOptions {
  /**
   * Gets a fresh access token through the app's refresh flow (docs/product/accounts.md#tokens-and-refresh). Called when
   * the handshake is refused with UNAUTHORIZED, or when the server says the session was revoked.
   */
  refreshAuth?: () => Promise<unknown>;
}

/** A request that was not answered in time gets this refusal. */
const REQUEST_TIMEOUT_MS = 10_000;
export const TIMEOUT_ERROR_CODE = 'TIMEOUT';

/** After a refusal the server does not retry by itself (a kick, a refused handshake): try again after this. */
const MANUAL_RETRY_MS = RECONNECT_BACKOFF.maxDelayMs / 2;

/** A screen going away and the next one arriving (dashboard → room) should not drop and redo the connection. */
const IDLE_DISCONNECT_MS = 5_000;

function errorCodeOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const code = (data as Record<string, unknown>)['code'];
  return typeof code === 'string' ? code : undefined;
}

/**
 * One Socket.IO connection per tab (docs/product/rooms-and-matches.md#realtime-connection), shared by every screen that
 * needs it. It connects when the first lease is taken, carries the stored access token (none = guest spectator),
 * reconnects with backoff, refreshes the token once when the handshake is refused as UNAUTHORIZED, re-subscribes the
 * lobby after a reconnect, and tells listeners about every (re)connection so they can rejoin their rooms.
 */
export class RealtimeClient {
  private socket: RealtimeSocket | null = null;
  private status: RealtimeStatus = 'idle';
  private everConnected = false;
  private leases = 0;
  private wanted = false;
  /** The token the current connection was opened with: a different stored token (sign-in, sign-out) reconnects. */
  private connectedToken: string | null = null;
  private refreshAuth: (() => Promise<unknown>) | null = null;
  private refreshTried = false;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly statusListeners = new Set<() => void>();
  private readonly connectListeners = new Set<(reconnected: boolean) => void>();
  private readonly errorListeners = new Set<(error: RealtimeErrorDto) => void>();
  private readonly lobbyListeners = new Set<(event: LobbyRoomEventDto) => void>();

  constructor(private readonly factory: SocketFactory = socketIoFactory) {}

  getStatus = (): RealtimeStatus => this.status;

  subscribeStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  /** Opens (or keeps) the connection for one user of it. */
  acquire(options: LeaseOptions = {}): RealtimeLease {
    this.leases += 1;
    if (options.refreshAuth) this.refreshAuth = options.refreshAuth;
    if (this.idleTimer !== null) {
      clearTimeout(this.idleTimer);
      this.idleTimer = null;
    }
    this.wanted = true;
    const socket = this.ensureSocket();
    if (socket.connected && this.connectedToken !== readAccessToken()) {
      // Signed in or out since this connection was made: reconnect as the current user.
      socket.disconnect();
      this.open();
    } else if (!socket.connected && this.status === 'idle') {
      this.open();
    }
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.leases -= 1;
        if (this.leases === 0) this.scheduleIdleDisconnect();
      },
    };
  }

  /** Listens to a server event; returns the way to stop. */
  on<E extends SocketEventName>(event: E, listener: SocketEvents[E]): () => void {
    const socket = this.ensureSocket();
    socket.on(event, listener);
    return () => socket.off(event, listener);
  }

  /** Called after every successful connection; `reconnected` is false for the very first one. */
  onConnect(listener: (reconnected: boolean) => void): () => void {
    this.connectListeners.add(listener);
    return () => this.connectListeners.delete(listener);
  }

  /** `app:error` events: refusals without an ack, rate limits, the reason of a disconnection. */
  onError(listener: (error: RealtimeErrorDto) => void): () => void {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  }

  /** Lobby events for the dashboard; the subscription is made once per connection, for all listeners. */
  subscribeLobby(listener: (event: LobbyRoomEventDto) => void): () => void {
    this.lobbyListeners.add(listener);
    if (this.lobbyListeners.size === 1 && this.socket?.connected) this.sendLobby(true);
    return () => {
      this.lobbyListeners.delete(listener);
      if (this.lobbyListeners.size === 0 && this.socket?.connected) this.sendLobby(false);
    };
  }

  /**
   * Sends a client event and resolves with its acknowledgement. Never rejects: no answer within
   * REQUEST_TIMEOUT_MS resolves as a TIMEOUT refusal. Sent while offline, it waits in Socket.IO's buffer.
   */
  request<E extends keyof ClientToServerEvents>(
    event: E,
    payload: PayloadOf<E>,
    timeoutMs = REQUEST_TIMEOUT_MS,
  ): Promise<Ack<AckDataOf<E>>> {
    const socket = this.ensureSocket();
    return new Promise((resolve) => {
      let settled = false;
      const timer = setTimeout(() => {
        if (settled) return;
        settled = true;
        resolve({ ok: false, error: { code: TIMEOUT_ERROR_CODE, message: 'No answer from the server', event } });
      }, timeoutMs);
      socket.emit(event, payload, (response) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(response);
      });
    });
  }

  /** Closes the connection and forgets every listener (tests, or a new socket factory). */
  destroy(): void {
    this.wanted = false;
    this.clearTimers();
    // Listeners go first: nobody hears about a disconnection they asked for.
    this.statusListeners.clear();
    this.connectListeners.clear();
    this.errorListeners.clear();
    this.lobbyListeners.clear();
    this.socket?.disconnect();
    this.socket = null;
  }

  private ensureSocket(): RealtimeSocket {
    if (this.socket) return this.socket;
    const socket = this.factory({ getAuth: () => this.currentAuth() });
    socket.on('connect', this.handleConnect);
    socket.on('disconnect', this.handleDisconnect);
    socket.on('connect_error', this.handleConnectError);
    socket.on(SERVER_EVENTS.lobbyRoom, this.handleLobbyEvent);
    socket.on(SERVER_EVENTS.error, this.handleAppError);
    this.socket = socket;
    return socket;
  }

  private currentAuth(): RealtimeAuth {
    const token = readAccessToken();
    this.connectedToken = token;
    if (token) return { token };
    // A guest counts once as a spectator however many tabs watch (decision 1002).
    const guest = loadStoredGuest();
    return guest ? { guest_id: guest.id } : {};
  }

  private open(): void {
    if (!this.wanted) return;
    this.setStatus(this.everConnected ? 'reconnecting' : 'connecting');
    this.ensureSocket().connect();
  }

  private setStatus(status: RealtimeStatus): void {
    if (this.status === status) return;
    this.status = status;
    for (const listener of [...this.statusListeners]) listener();
  }

  private scheduleIdleDisconnect(): void {
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.leases > 0) return;
      this.wanted = false;
      this.clearTimers();
      this.socket?.disconnect();
      this.setStatus('idle');
    }, IDLE_DISCONNECT_MS);
  }

  private clearTimers(): void {
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.idleTimer = null;
    this.retryTimer = null;
  }

  private retryLater(): void {
    if (this.retryTimer !== null || !this.wanted) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.wanted && !this.socket?.connected) this.open();
    }, MANUAL_RETRY_MS);
  }

  private sendLobby(subscribe: boolean): void {
    const event = subscribe ? CLIENT_EVENTS.lobbySubscribe : CLIENT_EVENTS.lobbyUnsubscribe;
    void this.request(event, {});
  }

  private readonly handleConnect = (): void => {
    const reconnected = this.everConnected;
    this.everConnected = true;
    this.refreshTried = false;
    this.setStatus('connected');
    if (this.lobbyListeners.size > 0) this.sendLobby(true);
    for (const listener of [...this.connectListeners]) listener(reconnected);
  };

  private readonly handleDisconnect = (reason: string): void => {
    if (reason === 'io client disconnect' || !this.wanted) {
      if (!this.wanted) this.setStatus('idle');
      return;
    }
    this.setStatus('reconnecting');
    // The server closed this socket on purpose (a kick, a restart): Socket.IO does not retry that by itself.
    if (reason === 'io server disconnect') this.retryLater();
  };

  private readonly handleConnectError = (error: { message: string; data?: unknown }): void => {
    if (!this.wanted) return;
    this.setStatus(this.everConnected ? 'reconnecting' : 'connecting');
    if (errorCodeOf(error.data) !== REALTIME_ERROR_CODES.unauthorized) return; // a network failure: Socket.IO retries
    // A refused handshake is not retried by Socket.IO. Refresh the token once, then try again; without a usable
    // token the refresh flow ends the session and the next attempt is a guest spectator.
    const refresh = this.refreshAuth;
    if (refresh && !this.refreshTried && readAccessToken() !== null) {
      this.refreshTried = true;
      void refresh()
        .catch(() => undefined)
        .then(() => this.open());
      return;
    }
    this.retryLater();
  };

  private readonly handleLobbyEvent = (event: LobbyRoomEventDto): void => {
    for (const listener of [...this.lobbyListeners]) listener(event);
  };

  private readonly handleAppError = (error: RealtimeErrorDto): void => {
    for (const listener of [...this.errorListeners]) listener(error);
    if (error.code === REALTIME_ERROR_CODES.sessionRevoked) {
      // The refresh flow finds out the session is gone and ends it here too (the route guard then sends the
      // visitor to `/`); the socket is not reopened with the revoked token.
      this.wanted = this.leases > 0;
      void this.refreshAuth?.().catch(() => undefined);
    }
  };
}

let sharedFactory: SocketFactory = socketIoFactory;
let sharedClient: RealtimeClient | null = null;

/** The tab's realtime client, made on first use. */
export function getRealtimeClient(): RealtimeClient {
  sharedClient ??= new RealtimeClient(sharedFactory);
  return sharedClient;
}

/**
 * Replaces how sockets are made (tests inject a scripted fake) and drops the current client, so the next
 * `getRealtimeClient()` uses the new factory.
 */
export function setSocketFactory(factory: SocketFactory): void {
  sharedFactory = factory;
  resetRealtimeClient();
}

export function resetRealtimeClient(): void {
  sharedClient?.destroy();
  sharedClient = null;
}
