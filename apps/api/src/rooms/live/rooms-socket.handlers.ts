import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import {
  CLIENT_EVENTS,
  REALTIME_ERROR_CODES,
  REALTIME_MESSAGES,
  ROOM_ID_PATTERN,
  RoomJoinedDto,
  SERVER_EVENTS,
} from '@skillduel/contracts';
import { RealtimeServer } from '../../realtime/realtime.server';
import { AppSocket, CHANNELS, RealtimeError } from '../../realtime/realtime.types';
import { LiveRoomsService } from './live-rooms.service';
import { OwnerGoneError, RoomCluster } from './room-cluster';

function invalid(): RealtimeError {
  return new RealtimeError(REALTIME_ERROR_CODES.invalidPayload, REALTIME_MESSAGES.invalidPayload);
}

function objectPayload(payload: unknown): Record<string, unknown> {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw invalid();
  return payload as Record<string, unknown>;
}

function roomIdOf(payload: unknown): string {
  const roomId = objectPayload(payload)['room_id'];
  if (typeof roomId !== 'string' || !ROOM_ID_PATTERN.test(roomId)) throw invalid();
  return roomId;
}

function stringField(payload: unknown, name: string, maxLength: number): string {
  const value = objectPayload(payload)[name];
  if (typeof value !== 'string' || value.length > maxLength) throw invalid();
  return value;
}

/**
 * The rooms' client events (the realtime contract in libs/contracts realtime.ts), validated and dispatched: to this
 * instance's LiveRoomsService when it runs the room, else (REDIS_URL set) forwarded to the instance that owns it
 * (RoomCluster; docs/decisions/0801). The owner's broadcasts reach this instance's sockets through the Redis adapter.
 */
@Injectable()
export class RoomsSocketHandlers implements OnModuleInit {
  private readonly logger = new Logger('LiveRooms');
  /** Sockets of this instance watching rooms owned by another instance: socket id → room id → owner. */
  private readonly forwarded = new Map<string, Map<string, string>>();
  /** Rooms each socket of this instance has joined (here or through another instance) and not left. */
  private readonly joined = new Map<string, Set<string>>();

  constructor(
    private readonly realtime: RealtimeServer,
    private readonly live: LiveRoomsService,
    private readonly cluster: RoomCluster,
  ) {}

  onModuleInit(): void {
    const live = this.live;
    this.realtime.handle(CLIENT_EVENTS.roomJoin, {
      bucket: 'control',
      handle: (socket, payload) => this.join(socket, roomIdOf(payload)),
    });
    this.realtime.handle(CLIENT_EVENTS.roomLeave, {
      bucket: 'control',
      handle: (socket, payload) => this.leave(socket, roomIdOf(payload)),
    });
    this.realtime.handle(CLIENT_EVENTS.matchReady, {
      bucket: 'control',
      handle: (socket, payload) => {
        const roomId = roomIdOf(payload);
        return this.route(socket, roomId, 'ready', {}, () => live.ready(socket, roomId));
      },
    });
    this.realtime.handle(CLIENT_EVENTS.matchPlayAgain, {
      bucket: 'control',
      handle: (socket, payload) => {
        const roomId = roomIdOf(payload);
        return this.route(socket, roomId, 'playAgain', {}, () => live.playAgain(socket, roomId));
      },
    });
    this.realtime.handle(CLIENT_EVENTS.matchInput, {
      bucket: 'input',
      handle: (socket, payload) => {
        const roomId = roomIdOf(payload);
        const input = objectPayload(payload)['input'];
        return this.route(socket, roomId, 'input', { input }, () => live.input(socket, roomId, input));
      },
    });
    this.realtime.handle(CLIENT_EVENTS.chatSend, {
      bucket: 'chat',
      // Guests are told to sign up before anything else is looked at.
      handle: (socket, payload) => {
        const roomId = roomIdOf(payload);
        const text = guestFirst(socket, payload, 'message');
        return this.route(socket, roomId, 'chat', { text }, () => live.chat(socket, roomId, text));
      },
    });
    this.realtime.handle(CLIENT_EVENTS.chatEmote, {
      bucket: 'emote',
      handle: (socket, payload) => {
        const roomId = roomIdOf(payload);
        const emote = guestFirst(socket, payload, 'emote');
        return this.route(socket, roomId, 'emote', { emote }, () => live.emote(socket, roomId, emote));
      },
    });
    this.realtime.handle(CLIENT_EVENTS.lobbySubscribe, {
      bucket: 'control',
      handle: async (socket: AppSocket) => {
        await socket.join(CHANNELS.lobby);
        return null;
      },
    });
    this.realtime.handle(CLIENT_EVENTS.lobbyUnsubscribe, {
      bucket: 'control',
      handle: async (socket: AppSocket) => {
        await socket.leave(CHANNELS.lobby);
        return null;
      },
    });
    this.realtime.onDisconnect((socket) => this.gone(socket));
    live.onRoomMoved((roomId, socketIds) => this.rewatch(roomId, socketIds));
  }

  /** The other instances this instance's sockets watch rooms through (to notice when one of them dies). */
  forwardedOwners(): string[] {
    const owners = new Set<string>();
    for (const rooms of this.forwarded.values()) for (const owner of rooms.values()) owners.add(owner);
    return [...owners];
  }

  /**
   * The room moved to another instance (this one lost its lease): this instance's sockets that watched it watch it
   * again through the new owner, keeping their seats, and get the room's state from there.
   */
  private rewatch(roomId: string, socketIds: string[]): void {
    for (const socketId of socketIds) {
      const socket = this.realtime.localSocket(socketId);
      if (!socket?.connected) continue;
      this.join(socket, roomId).then(
        ({ your_seat: _seat, chat: _chat, ...state }) =>
          this.realtime.emitToSocket(socket, SERVER_EVENTS.roomState, state),
        // Rare (the new owner is unreachable too): the socket's requests for the room are refused NOT_WATCHING
        // until it joins again, as the web does on reconnect.
        (error: unknown) => this.logger.warn({ err: error, roomId, socketId }, 'Watching a moved room again failed'),
      );
    }
  }

  private async join(socket: AppSocket, roomId: string): Promise<RoomJoinedDto> {
    const joined = await this.watchFromHere(socket, roomId);
    const rooms = this.joined.get(socket.id) ?? new Set<string>();
    rooms.add(roomId);
    this.joined.set(socket.id, rooms);
    return joined;
  }

  private async watchFromHere(socket: AppSocket, roomId: string): Promise<RoomJoinedDto> {
    if (!this.cluster.enabled) return this.live.watch(socket, roomId);
    const remembered = this.forwarded.get(socket.id)?.get(roomId);
    try {
      return await this.joinThrough(socket, roomId, remembered ?? (await this.cluster.ownerFor(roomId)));
    } catch (error) {
      if (!(error instanceof OwnerGoneError)) throw error;
      // The room's owner has died (the one this socket watched through, or the lease holder just asked): free its
      // lease and ask again who runs the room now (usually this instance), instead of failing until the lease lapses.
      this.forwarded.get(socket.id)?.delete(roomId);
      await this.cluster.releaseGoneOwner(roomId, error.owner);
      return this.joinThrough(socket, roomId, await this.cluster.ownerFor(roomId)).catch(ownerStillGone);
    }
  }

  private async joinThrough(socket: AppSocket, roomId: string, owner: string): Promise<RoomJoinedDto> {
    if (owner === this.cluster.instanceId) return this.live.watch(socket, roomId);
    const joined = (await this.cluster.call(owner, {
      op: 'watch',
      roomId,
      args: { socketId: socket.id, user: socket.data.user, viewerKey: socket.data.viewerKey },
    })) as RoomJoinedDto;
    if (!socket.connected) {
      void this.cluster.call(owner, { op: 'gone', roomId, args: { socketId: socket.id } }).catch(() => undefined);
      throw new RealtimeError(REALTIME_ERROR_CODES.invalidState, REALTIME_MESSAGES.notWatching);
    }
    // Joined here too before the ack, so the owner's next broadcast cannot overtake the channel join.
    await socket.join(CHANNELS.room(roomId));
    if (joined.your_seat !== null) await socket.join(CHANNELS.seat(roomId, joined.your_seat));
    const rooms = this.forwarded.get(socket.id) ?? new Map<string, string>();
    rooms.set(roomId, owner);
    this.forwarded.set(socket.id, rooms);
    return joined;
  }

  private async leave(socket: AppSocket, roomId: string): Promise<null> {
    this.joined.get(socket.id)?.delete(roomId);
    const owner = this.forwarded.get(socket.id)?.get(roomId);
    if (!owner) {
      this.live.unwatch(socket, roomId);
      return null;
    }
    this.forwarded.get(socket.id)?.delete(roomId);
    for (const channel of [CHANNELS.room(roomId), CHANNELS.seat(roomId, 0), CHANNELS.seat(roomId, 1)]) {
      await socket.leave(channel);
    }
    await this.cluster.call(owner, { op: 'unwatch', roomId, args: { socketId: socket.id } }).catch((error: unknown) => {
      // A dead owner has nothing left to unwatch: the socket has left the room.
      if (!(error instanceof OwnerGoneError)) throw error;
    });
    return null;
  }

  /** Runs the request here, or at the owner when this socket watches the room through another instance. */
  private async route(
    socket: AppSocket,
    roomId: string,
    op: string,
    args: Record<string, unknown>,
    here: () => unknown,
  ): Promise<unknown> {
    const owner = this.forwarded.get(socket.id)?.get(roomId);
    const forward = (to: string) =>
      this.cluster.call(to, { op, roomId, args: { ...args, socketId: socket.id, user: socket.data.user } });
    try {
      return await (owner ? forward(owner) : here());
    } catch (error) {
      const ownerGone = error instanceof OwnerGoneError;
      const forgotten = error instanceof RealtimeError && error.code === REALTIME_ERROR_CODES.notWatching;
      if (!ownerGone && !(forgotten && this.joined.get(socket.id)?.has(roomId))) throw error;
      // The socket joined the room, but the request found nobody holding it as it was joined: the owner died (the
      // request reached nobody), the owner no longer knows this socket (this instance stalled for a whole lease, so it
      // dropped our sockets), or the room left memory (its settlement gave up while the database was away, or it was
      // handed to another instance). The request did not run, so it is safe to send again: watch the room again
      // through whoever runs it now (restoring this socket's seat), then send it once more.
      if (forgotten) this.forwarded.get(socket.id)?.delete(roomId);
      await this.join(socket, roomId);
      const next = this.forwarded.get(socket.id)?.get(roomId);
      return next ? forward(next).catch(ownerStillGone) : here();
    }
  }

  private gone(socket: AppSocket): void {
    this.joined.delete(socket.id);
    this.live.socketGone(socket);
    const rooms = this.forwarded.get(socket.id);
    this.forwarded.delete(socket.id);
    for (const [roomId, owner] of rooms ?? []) {
      void this.cluster.call(owner, { op: 'gone', roomId, args: { socketId: socket.id } }).catch(() => undefined);
    }
  }
}

/** A second dead owner in a row (the room's instances are dying one after another): the client may try again. */
function ownerStillGone(error: unknown): never {
  if (error instanceof OwnerGoneError) {
    throw new RealtimeError(REALTIME_ERROR_CODES.unavailable, REALTIME_MESSAGES.unavailable);
  }
  throw error;
}

/** A guest's chat or emote is refused with the spec's message even when the payload is odd; others are validated. */
function guestFirst(socket: AppSocket, payload: unknown, field: 'message' | 'emote'): string {
  if (!socket.data.user) return '';
  // Chat is trimmed and length-checked by the service (in characters); the raw string is bounded here.
  return stringField(payload, field, 4 * 200);
}
