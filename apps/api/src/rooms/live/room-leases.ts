import { Logger } from '@nestjs/common';
import {
  LobbyEventKind,
  MatchInputAckDto,
  REALTIME_ERROR_CODES,
  REALTIME_MESSAGES,
  RoomJoinedDto,
} from '@skillduel/contracts';
import type { AuthUser } from '../../auth/current-user.decorator';
import { AppConfig } from '../../config/app-config';
import { RealtimeError } from '../../realtime/realtime.types';
import { ClusterRequest, RoomCluster } from './room-cluster';
import { RoomRegistry } from './room-registry';
import { RoomViewers, ViewerSocket } from './room-viewers';

/** The owner-side requests another instance may forward here (LiveRoomsService, with `route` false). */
export interface OwnedRoomRequests {
  watch(socket: ViewerSocket, roomId: string): Promise<RoomJoinedDto>;
  unwatch(socket: ViewerSocket, roomId: string): void;
  socketGone(socket: ViewerSocket): void;
  ready(socket: ViewerSocket, roomId: string): Promise<void>;
  playAgain(socket: ViewerSocket, roomId: string): Promise<void>;
  input(socket: ViewerSocket, roomId: string, input: unknown): MatchInputAckDto;
  chat(socket: ViewerSocket, roomId: string, text: string): void;
  emote(socket: ViewerSocket, roomId: string, emoteId: string): void;
  roomChanged(roomId: string, lobbyKind: LobbyEventKind | null, route?: boolean): Promise<void>;
  forfeitByLeave(roomId: string, userId: string, route?: boolean): Promise<boolean>;
  roundClosedElsewhere(roomId: string, route?: boolean): Promise<void>;
}

/**
 * Scale-out (REDIS_URL; docs/decisions/0801) as the live rooms use it: serving the requests other instances forward
 * to this one (the room's owner), renewing the leases of the rooms loaded here, publishing their spectator counts,
 * and treating the sockets of an instance that died as disconnected.
 */
export class RoomLeases {
  private readonly logger = new Logger('LiveRooms');
  private leaseTimer?: NodeJS.Timeout;
  private renewing = false;

  constructor(
    private readonly cluster: RoomCluster,
    private readonly config: AppConfig,
    private readonly registry: RoomRegistry,
    private readonly viewers: RoomViewers,
    private readonly owned: OwnedRoomRequests,
    /** Another instance holds the lease of a room loaded here: stop running it here. */
    private readonly leaseLost: (roomId: string) => Promise<void>,
  ) {}

  async start(): Promise<void> {
    if (!this.cluster.enabled) return;
    await this.cluster.serve((request) => this.served(request));
    this.leaseTimer = setInterval(() => void this.renewLeases(), Math.floor(this.config.ROOM_OWNER_LEASE_MS / 3));
    this.leaseTimer.unref();
  }

  stopRenewing(): void {
    clearInterval(this.leaseTimer);
  }

  /** Other instances may take these rooms at once (their viewers rejoin there). */
  async releaseAll(): Promise<void> {
    this.stopRenewing();
    await Promise.all(this.registry.ids().map((roomId) => this.cluster.release(roomId)));
  }

  /** The other instance that runs the room now (REST-side changes are applied there), else null. */
  async remoteOwner(roomId: string): Promise<string | null> {
    if (!this.cluster.enabled || this.registry.has(roomId)) return null;
    const owner = await this.cluster.currentOwner(roomId).catch(() => null);
    return owner && owner !== this.cluster.instanceId ? owner : null;
  }

  // ── Requests forwarded by other instances to this one, the room's owner ──────────────────────────────────────

  private async served(request: ClusterRequest): Promise<unknown> {
    const { roomId, args } = request;
    const viewer: ViewerSocket = {
      id: String(args['socketId'] ?? ''),
      data: {
        user: (args['user'] as AuthUser | null | undefined) ?? null,
        viewerKey: typeof args['viewerKey'] === 'string' ? args['viewerKey'] : undefined,
      },
      connected: true,
    };
    switch (request.op) {
      case 'watch':
        if ((await this.cluster.ownerFor(roomId)) !== this.cluster.instanceId) {
          // The room moved to another instance since the forwarder asked: it asks again when the client retries.
          throw new RealtimeError(REALTIME_ERROR_CODES.unavailable, REALTIME_MESSAGES.unavailable);
        }
        return this.owned.watch(viewer, roomId).then((joined) => {
          if (request.from) this.viewers.addRemote(viewer.id, request.from);
          return joined;
        });
      case 'unwatch':
        return this.owned.unwatch(viewer, roomId);
      case 'gone':
        return this.owned.socketGone(viewer);
      case 'ready':
        return this.owned.ready(viewer, roomId);
      case 'playAgain':
        return this.owned.playAgain(viewer, roomId);
      case 'input':
        return this.owned.input(viewer, roomId, args['input']);
      case 'chat':
        return this.owned.chat(viewer, roomId, String(args['text'] ?? ''));
      case 'emote':
        return this.owned.emote(viewer, roomId, String(args['emote'] ?? ''));
      case 'roomChanged':
        return this.owned.roomChanged(roomId, (args['kind'] as LobbyEventKind | null) ?? null, false);
      case 'forfeitByLeave':
        return this.owned.forfeitByLeave(roomId, String(args['userId']), false);
      case 'roundClosedElsewhere':
        return this.owned.roundClosedElsewhere(roomId, false);
      default:
        throw new RealtimeError(REALTIME_ERROR_CODES.invalidPayload, REALTIME_MESSAGES.invalidPayload);
    }
  }

  // ── Leases ────────────────────────────────────────────────────────────────────────────────────────────────────

  private async renewLeases(): Promise<void> {
    // A stalled Redis makes a pass last up to the forward timeout per room: passes must not pile up behind it.
    if (this.renewing) return;
    this.renewing = true;
    try {
      const ids = this.registry.ids();
      const lost = await this.cluster.renew(ids);
      for (const roomId of lost) {
        this.logger.warn({ roomId }, 'Room ownership lease lost: handing the room over');
        void this.leaseLost(roomId).catch((error: unknown) =>
          this.logger.error({ err: error, roomId }, 'Handing a room over failed'),
        );
      }
      await this.forgetSocketsOfDeadInstances();
      for (const runtime of this.registry.all()) {
        void this.cluster.publishSpectators(runtime.id, runtime.spectatorCount());
      }
    } catch (error) {
      this.logger.error({ err: error }, 'Room lease renewal failed');
    } finally {
      this.renewing = false;
    }
  }

  /**
   * A forwarding instance that died (SIGKILL) never says that its sockets left: once its heartbeat lapsed, they are
   * handled as disconnected here (presence, spectator counts, a seated player's grace period → forfeit or void).
   */
  private async forgetSocketsOfDeadInstances(): Promise<void> {
    const dead = await this.cluster.deadInstances(this.viewers.remoteInstances());
    for (const instanceId of dead) {
      const sockets = this.viewers.remoteSocketsOf(instanceId);
      this.logger.warn({ instanceId, sockets: sockets.length }, 'Instance gone: its sockets count as disconnected');
      for (const socketId of sockets) this.owned.socketGone({ id: socketId, data: { user: null }, connected: false });
    }
  }
}
