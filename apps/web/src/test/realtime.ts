import type {
  Ack,
  ClientToServerEvents,
  RealtimeAuth,
  RealtimeErrorDto,
  ServerToClientEvents,
} from '@skillduel/contracts';
import { act } from '@testing-library/react';
import { setSocketFactory } from '../app/realtime';
import type { AckDataOf, PayloadOf, RealtimeSocket, SocketEvents } from '../app/realtime';

type ClientEvent = keyof ClientToServerEvents;
type AckOf<E extends ClientEvent> = Ack<AckDataOf<E>>;
type Listener = (...args: never[]) => void;

/** What the app sent, in order. */
export interface SentEvent {
  event: ClientEvent;
  payload: unknown;
}

/** Events the fake answers `{ ok: true, data: null }` unless a test scripts them. */
const NULL_ACK_EVENTS: ReadonlySet<ClientEvent> = new Set<ClientEvent>([
  'room:leave',
  'match:ready',
  'match:play_again',
  'chat:send',
  'chat:emote',
  'lobby:subscribe',
  'lobby:unsubscribe',
]);

/**
 * A scripted Socket.IO server for component tests: the app's realtime client gets this instead of a connection
 * (see `installFakeSocket`). Tests push server events with `serverEmit`, answer requests with `respond`, and drop
 * or restore the connection. Pushes and connection changes run inside `act`.
 */
export class FakeSocket implements RealtimeSocket {
  connected = false;
  /** Accept `connect()` at once (a test that wants to control the handshake turns this off). */
  autoConnect = true;
  connectCalls = 0;
  readonly sent: SentEvent[] = [];
  getAuth: () => RealtimeAuth = () => ({});
  /** The auth of the latest handshake. */
  lastAuth: RealtimeAuth | null = null;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly responders = new Map<ClientEvent, (payload: unknown) => unknown>();

  connect(): void {
    this.connectCalls += 1;
    if (this.autoConnect) this.acceptConnection();
  }

  disconnect(): void {
    if (!this.connected) return;
    this.connected = false;
    this.fire('disconnect', 'io client disconnect');
  }

  on<E extends keyof SocketEvents>(event: E, listener: SocketEvents[E]): void {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(event, set);
  }

  off<E extends keyof SocketEvents>(event: E, listener: SocketEvents[E]): void {
    this.listeners.get(event)?.delete(listener);
  }

  emit<E extends ClientEvent>(event: E, payload: PayloadOf<E>, ack: (response: AckOf<E>) => void): void {
    this.sent.push({ event, payload });
    const responder = this.responders.get(event);
    if (responder) {
      const answer = responder(payload);
      if (answer !== undefined) ack(answer as AckOf<E>);
      return;
    }
    if (NULL_ACK_EVENTS.has(event)) ack({ ok: true, data: null } as AckOf<E>);
  }

  /** Scripts the server's answer to a client event; return undefined to leave it unanswered. */
  respond<E extends ClientEvent>(event: E, answer: (payload: PayloadOf<E>) => AckOf<E> | undefined): void {
    this.responders.set(event, answer as (payload: unknown) => unknown);
  }

  /** Refuses a client event with an error (the gateway's `{ ok: false, error }`). */
  refuse(event: ClientEvent, error: RealtimeErrorDto): void {
    this.responders.set(event, () => ({ ok: false, error }) satisfies Ack<never>);
  }

  /** The server sends an event to this socket. */
  serverEmit<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>): void {
    act(() => this.fire(event, ...args));
  }

  /** The network drops: Socket.IO reports a transport close and starts retrying. */
  dropConnection(): void {
    act(() => {
      this.connected = false;
      this.fire('disconnect', 'transport close');
    });
  }

  /** The handshake succeeds (again), with the auth the app gives at that moment (as Socket.IO reads it). */
  acceptConnection(): void {
    this.lastAuth = this.getAuth();
    this.connected = true;
    this.fire('connect');
  }

  /** A reconnection after `dropConnection`, inside act (async: the rejoin's acknowledgement lands in it too). */
  async reconnect(): Promise<void> {
    await act(async () => {
      this.acceptConnection();
      await Promise.resolve();
    });
  }

  /** The handshake is refused (e.g. 'UNAUTHORIZED' for an expired access token). */
  refuseConnection(code: string, message = 'Authentication required'): void {
    act(() => {
      this.lastAuth = this.getAuth();
      this.fire('connect_error', { message, data: { code } });
    });
  }

  /** Every event of one kind the app sent. */
  sentOf<E extends ClientEvent>(event: E): PayloadOf<E>[] {
    return this.sent.filter((entry) => entry.event === event).map((entry) => entry.payload as PayloadOf<E>);
  }

  private fire(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      (listener as (...values: unknown[]) => void)(...args);
    }
  }
}

/** Gives the app's realtime client a fresh FakeSocket (every test gets one by default, see setup-tests). */
export function installFakeSocket(): FakeSocket {
  const fake = new FakeSocket();
  setSocketFactory(({ getAuth }) => {
    fake.getAuth = getAuth;
    return fake;
  });
  return fake;
}
