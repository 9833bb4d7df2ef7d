import { Injectable } from '@nestjs/common';
import type { ServerToClientEvents } from '@skillduel/contracts';
import { AppServer, AppSocket, DisconnectListener, RealtimeHandler } from './realtime.types';

type EventName = keyof ServerToClientEvents;
type PayloadOf<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/**
 * The realtime layer as the feature modules see it: register client event handlers and disconnect listeners, and
 * emit to channels. The transport details (auth, origin, rate limits, sessions) stay in the gateway. Emitting before
 * the socket server exists (REST-only use, tests without a listening server) is a no-op.
 */
@Injectable()
export class RealtimeServer {
  private io?: AppServer;
  private readonly handlers = new Map<string, RealtimeHandler>();
  private readonly disconnectListeners: DisconnectListener[] = [];

  attach(io: AppServer): void {
    this.io = io;
  }

  detach(): void {
    this.io = undefined;
  }

  get server(): AppServer | undefined {
    return this.io;
  }

  /** Registers the handler of one client event (once, at module init). */
  handle(event: string, handler: RealtimeHandler): void {
    if (this.handlers.has(event)) throw new Error(`realtime event ${event} has two handlers`);
    this.handlers.set(event, handler);
  }

  handlerFor(event: string): RealtimeHandler | undefined {
    return this.handlers.get(event);
  }

  registeredEvents(): string[] {
    return [...this.handlers.keys()];
  }

  onDisconnect(listener: DisconnectListener): void {
    this.disconnectListeners.push(listener);
  }

  listenersOnDisconnect(): readonly DisconnectListener[] {
    return this.disconnectListeners;
  }

  emitTo<E extends EventName>(channel: string, event: E, payload: PayloadOf<E>): void {
    if (!this.io) return;
    // The typed emit's rest-tuple inference does not follow a generic event name; the map above keeps it honest.
    (this.io.to(channel).emit as (event: string, payload: unknown) => boolean)(event, payload);
  }

  emitToSocket<E extends EventName>(socket: AppSocket, event: E, payload: PayloadOf<E>): void {
    (socket.emit as (event: string, payload: unknown) => boolean)(event, payload);
  }

  /** A socket of this instance, by id. */
  localSocket(socketId: string): AppSocket | undefined {
    return this.io?.sockets.sockets.get(socketId);
  }

  /**
   * Puts a socket into a channel, wherever it is connected: a socket of this instance at once; one on another
   * instance through the adapter (Redis: the instance that holds it applies it).
   */
  async joinChannel(socketId: string, channel: string): Promise<void> {
    const socket = this.localSocket(socketId);
    if (socket) await socket.join(channel);
    else this.io?.in(socketId).socketsJoin(channel);
  }

  async leaveChannel(socketId: string, channel: string): Promise<void> {
    const socket = this.localSocket(socketId);
    if (socket) await socket.leave(channel);
    else this.io?.in(socketId).socketsLeave(channel);
  }

  /** Emits to one socket, wherever it is connected (every socket is in the channel named by its id). */
  emitToSocketId<E extends EventName>(socketId: string, event: E, payload: PayloadOf<E>): void {
    const socket = this.localSocket(socketId);
    if (socket) this.emitToSocket(socket, event, payload);
    else this.emitTo(socketId, event, payload);
  }

  disconnectSocket(socketId: string): void {
    const socket = this.localSocket(socketId);
    if (socket) socket.disconnect(true);
    else this.io?.in(socketId).disconnectSockets(true);
  }

  /** Sockets of this instance in a channel (the local part of presence; see docs/decisions/0603). */
  localSocketsIn(channel: string): AppSocket[] {
    const ids = this.io?.sockets.adapter.rooms.get(channel);
    if (!ids || !this.io) return [];
    const sockets: AppSocket[] = [];
    for (const id of ids) {
      const socket = this.io.sockets.sockets.get(id);
      if (socket) sockets.push(socket);
    }
    return sockets;
  }

  localCountIn(channel: string): number {
    return this.io?.sockets.adapter.rooms.get(channel)?.size ?? 0;
  }

  localSockets(): AppSocket[] {
    return this.io ? [...this.io.sockets.sockets.values()] : [];
  }
}
