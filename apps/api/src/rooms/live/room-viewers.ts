import {
  HTTP_ERROR_MESSAGES,
  REALTIME_ERROR_CODES,
  REALTIME_LIMITS,
  REALTIME_MESSAGES,
  RoomJoinedDto,
  RoomSeat,
} from '@skillduel/contracts';
import type { AuthUser } from '../../auth/current-user.decorator';
import { AppConfig } from '../../config/app-config';
import { RealtimeServer } from '../../realtime/realtime.server';
import { CHANNELS, RealtimeError } from '../../realtime/realtime.types';
import { LiveMatch } from './live-match';
import { MatchClock } from './match-clock';
import { RoomBroadcaster } from './room-broadcaster';
import { RoomRegistry } from './room-registry';
import { RoomRuntime } from './room-runtime';
import { RoundEnd } from './round-end';

/**
 * A socket as the room's owner sees it: connected to this instance (an AppSocket) or to another one (its id and user,
 * forwarded through RoomCluster). Channels and emits go through RealtimeServer by socket id, so both work.
 */
export interface ViewerSocket {
  id: string;
  /** `viewerKey`: who watches, for spectator counts (the gateway sets it; decision 1002). */
  data: { user: AuthUser | null; viewerKey?: string };
  connected: boolean;
}

/**
 * Who watches which room on this instance: joining and leaving (channels, seats, presence), sockets forwarded by
 * other instances, and the reconnect grace of a seated player whose last socket left during a round.
 */
export class RoomViewers {
  /** Rooms each socket watches. */
  private readonly watching = new Map<string, Set<string>>();
  /** Sockets of other instances watching rooms run here: socket id → the instance it is connected to. */
  private readonly remoteViewers = new Map<string, string>();

  constructor(
    private readonly registry: RoomRegistry,
    private readonly broadcaster: RoomBroadcaster,
    private readonly roundEnd: RoundEnd,
    private readonly realtime: RealtimeServer,
    private readonly clock: MatchClock,
    private readonly config: AppConfig,
    /** True once a graceful stop began: a player who leaves then gets no grace period. */
    private readonly shuttingDown: () => boolean,
  ) {}

  async watch(socket: ViewerSocket, roomId: string): Promise<RoomJoinedDto> {
    const watched = this.watching.get(socket.id) ?? new Set<string>();
    if (!watched.has(roomId) && watched.size >= REALTIME_LIMITS.maxRoomsPerSocket) {
      throw new RealtimeError(REALTIME_ERROR_CODES.tooManyRooms, REALTIME_MESSAGES.tooManyRooms);
    }
    const runtime = await this.registry.runtime(roomId);
    if (!runtime) throw new RealtimeError(REALTIME_ERROR_CODES.roomNotFound, 'Resource not found');
    if (!socket.connected) throw new RealtimeError(REALTIME_ERROR_CODES.invalidState, REALTIME_MESSAGES.notWatching);
    const userId = socket.data.user?.userId ?? null;
    let seat = runtime.seatOfUser(userId);
    if (runtime.record.isPrivate && seat === null) {
      // Only its players may watch a private room (decision 2350). One who has just joined over REST may not be in
      // this copy of the room yet: read its row once more before refusing.
      await runtime.exclusive(() => this.registry.reload(runtime));
      seat = runtime.seatOfUser(userId);
      if (seat === null) {
        this.registry.maybeEvict(runtime);
        throw new RealtimeError(REALTIME_ERROR_CODES.privateRoom, HTTP_ERROR_MESSAGES[403]);
      }
    }
    clearTimeout(runtime.evictTimer);
    runtime.evictTimer = undefined;

    watched.add(roomId);
    this.watching.set(socket.id, watched);
    const key = socket.data.viewerKey ?? (userId ? `user:${userId}` : `socket:${socket.id}`);
    runtime.viewers.set(socket.id, { seat, userId, key });
    await this.realtime.joinChannel(socket.id, CHANNELS.room(roomId));
    if (seat !== null) {
      await this.realtime.joinChannel(socket.id, CHANNELS.seat(roomId, seat));
      const seatState = runtime.seats[seat];
      if (seatState) {
        seatState.sockets.add(socket.id);
        if (seatState.graceTimer) {
          // Back within the grace period: the match goes on.
          clearTimeout(seatState.graceTimer);
          seatState.graceTimer = undefined;
          seatState.graceEndsAt = null;
        }
      }
    }
    this.broadcaster.schedulePresence(runtime, seat !== null);
    const joined: RoomJoinedDto = { ...this.broadcaster.stateOf(runtime), your_seat: seat, chat: [...runtime.chat] };
    const match = runtime.match;
    if (seat !== null && match?.phase === 'playing') {
      // Resume: the player's own view right after the ack.
      setImmediate(() => this.broadcaster.sendView(runtime, seat, [socket.id]));
    }
    return joined;
  }

  unwatch(socket: ViewerSocket, roomId: string): void {
    const runtime = this.registry.get(roomId);
    void this.realtime.leaveChannel(socket.id, CHANNELS.room(roomId));
    void this.realtime.leaveChannel(socket.id, CHANNELS.seat(roomId, 0));
    void this.realtime.leaveChannel(socket.id, CHANNELS.seat(roomId, 1));
    this.watching.get(socket.id)?.delete(roomId);
    if (runtime) this.removeViewer(runtime, socket.id);
  }

  /** A socket disconnected: it stops watching everything. */
  socketGone(socket: ViewerSocket): void {
    const rooms = this.watching.get(socket.id);
    this.watching.delete(socket.id);
    this.remoteViewers.delete(socket.id);
    for (const roomId of rooms ?? []) {
      const runtime = this.registry.get(roomId);
      if (runtime) this.removeViewer(runtime, socket.id);
    }
  }

  // ── Sockets forwarded by other instances ──────────────────────────────────────────────────────────────────────

  /** A socket connected to `instanceId` now watches a room run here. */
  addRemote(socketId: string, instanceId: string): void {
    this.remoteViewers.set(socketId, instanceId);
  }

  /** The instances whose sockets still watch rooms here (forgetting the sockets that watch nothing any more). */
  remoteInstances(): string[] {
    for (const socketId of this.remoteViewers.keys()) {
      if (!this.watching.get(socketId)?.size) this.remoteViewers.delete(socketId);
    }
    return [...new Set(this.remoteViewers.values())];
  }

  remoteSocketsOf(instanceId: string): string[] {
    return [...this.remoteViewers].filter(([, viewerInstance]) => viewerInstance === instanceId).map(([id]) => id);
  }

  /**
   * The room is no longer run here (another instance holds its lease now): every viewer stops watching it here, and
   * the sockets connected to this instance are returned so they can watch it again through its new owner. Their
   * channels are kept (the new owner's broadcasts reach them meanwhile); a remote socket's instance finds out from
   * the NOT_WATCHING its next request gets, and watches again through the new owner itself.
   */
  dropRoom(runtime: RoomRuntime): string[] {
    const local: string[] = [];
    for (const socketId of runtime.viewers.keys()) {
      this.watching.get(socketId)?.delete(runtime.id);
      if (!this.remoteViewers.has(socketId)) local.push(socketId);
    }
    runtime.viewers.clear();
    for (const seat of runtime.seats) seat?.sockets.clear();
    return local;
  }

  // ── Who may act ───────────────────────────────────────────────────────────────────────────────────────────────

  seatedViewer(socket: ViewerSocket, roomId: string): { runtime: RoomRuntime; seat: RoomSeat } {
    const userId = socket.data.user?.userId;
    if (!userId) throw new RealtimeError(REALTIME_ERROR_CODES.guestPlay, REALTIME_MESSAGES.guestPlay);
    const runtime = this.watchedRuntime(socket, roomId);
    const seat = runtime.viewers.get(socket.id)?.seat ?? null;
    if (seat === null) throw new RealtimeError(REALTIME_ERROR_CODES.notInRoom, REALTIME_MESSAGES.notInRoom);
    return { runtime, seat };
  }

  watchedRuntime(socket: ViewerSocket, roomId: string): RoomRuntime {
    const runtime = this.registry.get(roomId);
    if (!runtime || !runtime.viewers.has(socket.id)) {
      throw new RealtimeError(REALTIME_ERROR_CODES.notWatching, REALTIME_MESSAGES.notWatching);
    }
    return runtime;
  }

  /** After the seats changed: move each watching socket into (or out of) its seat channel. */
  async resyncSockets(runtime: RoomRuntime): Promise<void> {
    for (const [socketId, viewer] of runtime.viewers) {
      for (const seat of [0, 1] as const) {
        if (viewer.seat === seat) {
          await this.realtime.joinChannel(socketId, CHANNELS.seat(runtime.id, seat));
          runtime.seats[seat]?.sockets.add(socketId);
        } else {
          await this.realtime.leaveChannel(socketId, CHANNELS.seat(runtime.id, seat));
        }
      }
    }
  }

  // ── Presence and reconnect grace ──────────────────────────────────────────────────────────────────────────────

  private removeViewer(runtime: RoomRuntime, socketId: string): void {
    const viewer = runtime.viewers.get(socketId);
    if (!viewer) return;
    runtime.viewers.delete(socketId);
    let seatLeft = false;
    if (viewer.seat !== null) {
      const seatState = runtime.seats[viewer.seat];
      seatState?.sockets.delete(socketId);
      if (seatState && seatState.sockets.size === 0) {
        seatLeft = true;
        this.seatGone(runtime, viewer.seat);
      }
    }
    this.broadcaster.schedulePresence(runtime, seatLeft);
    this.registry.maybeEvict(runtime);
  }

  /** The last socket of a seated player left the room. */
  private seatGone(runtime: RoomRuntime, seat: RoomSeat): void {
    const seatState = runtime.seats[seat];
    if (!seatState) return;
    const match = runtime.match;
    if (match?.isLive) {
      if (seatState.graceTimer || this.shuttingDown()) return;
      const graceMs = this.config.RECONNECT_GRACE_SECONDS * 1000;
      seatState.graceEndsAt = this.clock.epochMs() + graceMs;
      seatState.graceTimer = setTimeout(() => this.graceExpired(runtime, match, seat), graceMs);
      seatState.graceTimer.unref();
      return;
    }
    if (seatState.ready || seatState.playAgain) {
      seatState.ready = false;
      seatState.playAgain = false;
      this.broadcaster.broadcastState(runtime);
    }
  }

  /** Gone beyond the grace period: forfeit, or void when the opponent is gone too. */
  private graceExpired(runtime: RoomRuntime, match: LiveMatch, seat: RoomSeat): void {
    const seatState = runtime.seats[seat];
    if (!seatState || runtime.match !== match || !match.isLive || runtime.isConnected(seat)) return;
    seatState.graceTimer = undefined;
    const other: RoomSeat = seat === 0 ? 1 : 0;
    this.roundEnd.endRoundLater(
      runtime,
      match,
      runtime.isConnected(other) ? { kind: 'forfeit', loser: seat } : { kind: 'void' },
    );
  }
}
