import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { REALTIME_ERROR_CODES, type RealtimeErrorCode } from '@skillduel/contracts';
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { AppError } from '../../common/app-error';
import { AppConfig } from '../../config/app-config';
import { RealtimeError } from '../../realtime/realtime.types';
import {
  ClusterRequest,
  OwnerGoneError,
  PREFIX,
  RELEASE_SCRIPT,
  RENEW_SCRIPT,
  RequestHandler,
  toWireError,
  unavailable,
  WireReply,
  WireRequest,
} from './room-cluster-protocol';

export { OwnerGoneError, toWireError, type ClusterRequest } from './room-cluster-protocol';

type RedisClient = ReturnType<typeof createClient>;

/**
 * Room ownership across API instances (REDIS_URL set; docs/decisions/0801). Each loaded room is run by exactly one
 * instance, the holder of a lease in Redis (`SET NX PX`, renewed while the room is loaded, released on eviction);
 * other instances forward their sockets' requests to it over Redis pub/sub (one channel per instance, request/reply
 * with a timeout). Every instance also keeps a heartbeat key alive (`…:instance:<id>`, same lifetime as a lease), so
 * an owner can tell that an instance whose sockets watch its rooms died without saying goodbye (SIGKILL).
 * Without REDIS_URL the cluster is disabled and every room is local, as on one process.
 */
@Injectable()
export class RoomCluster implements OnApplicationShutdown {
  private readonly logger = new Logger('RoomCluster');
  readonly instanceId = randomUUID();
  private pub?: RedisClient;
  private sub?: RedisClient;
  private connecting?: Promise<void>;
  private handler?: RequestHandler;
  private heartbeatTimer?: NodeJS.Timeout;
  /** When Redis last came back from a restart or failed to answer in time here (0: never). */
  private redisTroubleAt = 0;
  /** When this instance's Redis connection last came back (0: never lost). */
  private reconnectedAt = 0;
  private readonly pending = new Map<
    string,
    { resolve: (value: unknown) => void; reject: (error: unknown) => void; timer: NodeJS.Timeout }
  >();

  constructor(private readonly config: AppConfig) {}

  get enabled(): boolean {
    return Boolean(this.config.REDIS_URL);
  }

  /** Registers the owner-side handler of forwarded requests (LiveRoomsService) and connects. */
  async serve(handler: RequestHandler): Promise<void> {
    this.handler = handler;
    await this.connect();
  }

  private connect(): Promise<void> {
    if (!this.enabled) return Promise.resolve();
    this.connecting ??= (async () => {
      // While Redis is unreachable, commands wait in node-redis's offline queue: drop them after the forward timeout
      // instead of running them late (a lease taken for a request that was long answered UNAVAILABLE).
      const pub = createClient({
        url: this.config.REDIS_URL,
        commandOptions: { timeout: this.config.ROOM_FORWARD_TIMEOUT_MS },
      });
      const sub = pub.duplicate();
      for (const client of [pub, sub]) {
        client.on('error', (error: unknown) => this.logger.error({ err: error }, 'Redis client error'));
      }
      let connections = 0;
      pub.on('ready', () => {
        // A reconnection: Redis may have restarted empty (every heartbeat key gone), so other instances get a whole
        // lease to beat again before any of them counts as dead.
        if (++connections === 1) return;
        this.redisTroubleAt = Date.now();
        this.reconnectedAt = Date.now();
        void this.beat();
      });
      await Promise.all([pub.connect(), sub.connect()]);
      this.pub = pub;
      this.sub = sub;
      await sub.subscribe(`${PREFIX}rpc:${this.instanceId}`, (message) => void this.onRequest(message));
      await sub.subscribe(`${PREFIX}reply:${this.instanceId}`, (message) => this.onReply(message));
      await this.beat();
      // Same rhythm as the lease renewals: a living instance's key never lapses unless it stalls for a whole lease.
      this.heartbeatTimer = setInterval(() => void this.beat(), Math.floor(this.config.ROOM_OWNER_LEASE_MS / 3));
      this.heartbeatTimer.unref();
    })();
    return this.connecting;
  }

  private leaseKey(roomId: string): string {
    return `${PREFIX}owner:${roomId}`;
  }

  private instanceKey(instanceId: string): string {
    return `${PREFIX}instance:${instanceId}`;
  }

  /** This instance is alive (its sockets still exist) for one more lease. */
  private async beat(): Promise<void> {
    if (!this.pub) return;
    await this.bounded(this.pub.set(this.instanceKey(this.instanceId), '1', { PX: this.config.ROOM_OWNER_LEASE_MS }))
      .then(() => undefined)
      .catch((error: unknown) => this.logger.warn({ err: error }, 'Instance heartbeat failed'));
  }

  /**
   * The given instances whose heartbeat lapsed (dead, or stopped): their sockets are gone. When Redis cannot be asked,
   * none — a false "dead" would start the grace period of players who are still connected.
   */
  async deadInstances(instanceIds: string[]): Promise<string[]> {
    if (!this.pub || instanceIds.length === 0) return [];
    // Redis came back or stalled a moment ago (maybe empty): the others may not have beaten since.
    if (Date.now() - this.redisTroubleAt < this.config.ROOM_OWNER_LEASE_MS) return [];
    try {
      const keys = [...instanceIds, this.instanceId].map((id) => this.instanceKey(id));
      const values = await this.bounded(this.pub.mGet(keys));
      if (values.at(-1) === null) {
        // This instance's own key is gone too: Redis lost its keys (restarted empty) or this instance stalled for a
        // whole lease. Nobody's absence means anything yet.
        this.redisTroubleAt = Date.now();
        void this.beat();
        return [];
      }
      return instanceIds.filter((id, index) => id !== this.instanceId && values[index] === null);
    } catch (error) {
      this.logger.warn({ err: error }, 'Instance liveness check failed');
      return [];
    }
  }

  /**
   * The given instances that no longer listen on their request channel: their Redis connection is gone, which the
   * kernel makes happen at once when a process dies (SIGKILL included). None when that cannot be told: Redis stalled
   * or came back lately (subscriptions are being made again), or this instance's own subscription is missing too.
   */
  async silentInstances(instanceIds: string[]): Promise<string[]> {
    if (!this.pub || instanceIds.length === 0) return [];
    if (Date.now() - this.redisTroubleAt < this.config.ROOM_OWNER_LEASE_MS) return [];
    try {
      const channels = [...instanceIds, this.instanceId].map((id) => `${PREFIX}rpc:${id}`);
      const counts = await this.bounded(this.pub.pubSubNumSub(channels));
      if (!counts[`${PREFIX}rpc:${this.instanceId}`]) return [];
      return instanceIds.filter((id) => id !== this.instanceId && !counts[`${PREFIX}rpc:${id}`]);
    } catch (error) {
      this.logger.warn({ err: error }, 'Instance listening check failed');
      return [];
    }
  }

  /** The instance that runs the room: this one if the lease was free (it is taken), else the current holder. */
  async ownerFor(roomId: string): Promise<string> {
    await this.bounded(this.connect());
    const pub = this.pub as RedisClient;
    const key = this.leaseKey(roomId);
    return this.bounded(
      (async () => {
        const taken = await pub.set(key, this.instanceId, { NX: true, PX: this.config.ROOM_OWNER_LEASE_MS });
        if (taken === 'OK') return this.instanceId;
        const owner = await pub.get(key);
        if (owner) return owner;
        // Released between the two commands: try once more.
        const retaken = await pub.set(key, this.instanceId, { NX: true, PX: this.config.ROOM_OWNER_LEASE_MS });
        return retaken === 'OK' ? this.instanceId : ((await pub.get(key)) ?? this.instanceId);
      })(),
    );
  }

  /**
   * Frees the room's lease when `owner`, its holder, no longer listens (OwnerGoneError: its Redis connection is gone,
   * so it was killed or has shut down). Waiting for the lease to lapse (ROOM_OWNER_LEASE_MS, 15 s) would refuse every
   * request for the room meanwhile. Compare-and-delete: a lease another instance took already is left alone. Should
   * the owner be alive after all (its Redis connection only dropped), it finds the lease lost at its next renewal and
   * evicts the room, as after a long pause; the database's room lock keeps the money right either way.
   */
  async releaseGoneOwner(roomId: string, owner: string): Promise<void> {
    if (!this.pub) return;
    await this.bounded(this.pub.eval(RELEASE_SCRIPT, { keys: [this.leaseKey(roomId)], arguments: [owner] }));
  }

  /** The holder of the room's lease (without taking it), or null when no instance runs the room. */
  async currentOwner(roomId: string): Promise<string | null> {
    if (!this.enabled) return null;
    await this.bounded(this.connect());
    return this.bounded((this.pub as RedisClient).get(this.leaseKey(roomId)));
  }

  /** Extends this instance's leases (retaking lapsed ones); returns the rooms another instance holds now. */
  async renew(roomIds: string[]): Promise<string[]> {
    if (!this.pub || roomIds.length === 0) return [];
    const lost: string[] = [];
    for (const roomId of roomIds) {
      const renewed = await this.bounded(
        this.pub.eval(RENEW_SCRIPT, {
          keys: [this.leaseKey(roomId)],
          arguments: [this.instanceId, String(this.config.ROOM_OWNER_LEASE_MS)],
        }),
      );
      if (Number(renewed) !== 1) lost.push(roomId);
    }
    return lost;
  }

  async release(roomId: string): Promise<void> {
    if (!this.pub) return;
    await this.bounded(this.pub.eval(RELEASE_SCRIPT, { keys: [this.leaseKey(roomId)], arguments: [this.instanceId] }))
      .then(() => undefined)
      .catch((error: unknown) => this.logger.warn({ err: error, roomId }, 'Lease release failed'));
  }

  /** Spectator counts published by the owners (for REST answers on any instance). */
  async publishSpectators(roomId: string, count: number): Promise<void> {
    if (!this.pub) return;
    await this.bounded(
      this.pub.set(`${PREFIX}spectators:${roomId}`, String(count), { PX: this.config.ROOM_OWNER_LEASE_MS * 2 }),
    ).catch(() => undefined);
  }

  async forgetSpectators(roomId: string): Promise<void> {
    if (!this.pub) return;
    await this.bounded(this.pub.del(`${PREFIX}spectators:${roomId}`)).catch(() => undefined);
  }

  async spectators(roomIds: string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (!this.enabled || roomIds.length === 0) return counts;
    await this.bounded(this.connect());
    const values = await this.bounded((this.pub as RedisClient).mGet(roomIds.map((id) => `${PREFIX}spectators:${id}`)));
    roomIds.forEach((id, index) => {
      const value = values[index];
      if (value !== null && value !== undefined) counts.set(id, Number(value));
    });
    return counts;
  }

  /**
   * Sends a request to the owner of the room and resolves with its answer (or rethrows its refusal). The returned
   * promise is the only one the caller sees: the PUBLISH is not awaited here but feeds the same pending entry, so a
   * Redis that stalls (PUBLISH still waiting) or fails (connection lost) can never leave a rejection unobserved —
   * that used to end the process. Whatever happens first settles the call: the owner's reply, "nobody
   * listens" (OwnerGoneError), the PUBLISH failing, or ROOM_FORWARD_TIMEOUT_MS.
   */
  async call(owner: string, request: ClusterRequest): Promise<unknown> {
    await this.bounded(this.connect());
    const id = randomUUID();
    const wire: WireRequest = { ...request, id, from: this.instanceId };
    const settle = (error: unknown): void => {
      const entry = this.pending.get(id);
      if (!entry) return;
      clearTimeout(entry.timer);
      this.pending.delete(id);
      entry.reject(error);
    };
    const answer = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        // The owner (or Redis) is alive but did not answer: paused or overloaded, not a server fault. The request
        // may or may not have run there, so the client is told to try again rather than told it failed.
        reject(unavailable());
      }, this.config.ROOM_FORWARD_TIMEOUT_MS);
      timer.unref();
      this.pending.set(id, { resolve, reject, timer });
    });
    (this.pub as RedisClient).publish(`${PREFIX}rpc:${owner}`, JSON.stringify(wire)).then(
      // Nobody listens any more (the owner stopped): fail at once rather than wait for the timeout. Just after Redis
      // came back (maybe restarted), a living owner may not have subscribed again yet: try again, it is not dead.
      (receivers) => {
        if (receivers === 0) settle(this.redisJustBack() ? unavailable() : new OwnerGoneError(owner));
      },
      (error: unknown) => {
        this.logger.warn({ err: error, op: request.op, roomId: request.roomId }, 'Forwarding a request failed');
        settle(unavailable());
      },
    );
    return answer;
  }

  /** Within a lease of this instance reconnecting to Redis, "nobody listens on X" does not mean X is dead. */
  redisJustBack(): boolean {
    return Date.now() - this.reconnectedAt < this.config.ROOM_OWNER_LEASE_MS;
  }

  /**
   * A Redis command the caller waits on, given at most ROOM_FORWARD_TIMEOUT_MS: a stalled Redis (SIGSTOP, a long
   * fork) keeps the connection open and answers nothing, and node-redis has no timeout for a command already sent.
   * Past the bound the caller gets UNAVAILABLE (retry); the command's own late failure is observed and dropped.
   */
  private bounded<T>(command: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        // Redis stalled: the heartbeats of the other instances may be stuck behind it too.
        this.redisTroubleAt = Date.now();
        reject(unavailable());
      }, this.config.ROOM_FORWARD_TIMEOUT_MS);
      timer.unref();
    });
    command.catch(() => undefined);
    return Promise.race([command, timeout]).finally(() => clearTimeout(timer));
  }

  private async onRequest(message: string): Promise<void> {
    let request: WireRequest;
    try {
      request = JSON.parse(message) as WireRequest;
    } catch {
      return;
    }
    let reply: WireReply;
    try {
      if (!this.handler) throw new Error('no cluster handler');
      const data = await this.handler(request);
      reply = { id: request.id, ok: true, data: data ?? null };
    } catch (error) {
      const wireError = toWireError(error);
      const context = { err: error, op: request.op, roomId: request.roomId };
      if (wireError.code === REALTIME_ERROR_CODES.internal) this.logger.error(context, 'Forwarded request failed');
      else if (wireError.code === REALTIME_ERROR_CODES.unavailable)
        this.logger.warn(context, 'Forwarded request: database unavailable');
      reply = { id: request.id, ok: false, error: wireError };
    }
    if (!this.pub) return;
    await this.bounded(this.pub.publish(`${PREFIX}reply:${request.from}`, JSON.stringify(reply))).catch(
      () => undefined,
    );
  }

  private onReply(message: string): void {
    let reply: WireReply;
    try {
      reply = JSON.parse(message) as WireReply;
    } catch {
      return;
    }
    const entry = this.pending.get(reply.id);
    if (!entry) return;
    this.pending.delete(reply.id);
    clearTimeout(entry.timer);
    if (reply.ok) {
      entry.resolve(reply.data);
      return;
    }
    const error = reply.error;
    if (error?.kind === 'app') entry.reject(new AppError(error.status ?? 500, error.code, error.message));
    else entry.reject(new RealtimeError((error?.code ?? 'INTERNAL') as RealtimeErrorCode, error?.message ?? ''));
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.heartbeatTimer);
    // Owners forget this instance's sockets at their next check instead of after a lease.
    if (this.pub) await this.bounded(this.pub.del(this.instanceKey(this.instanceId))).catch(() => undefined);
    const clients = [this.sub, this.pub].filter((client): client is RedisClient => client !== undefined);
    this.pub = undefined;
    this.sub = undefined;
    for (const entry of this.pending.values()) clearTimeout(entry.timer);
    this.pending.clear();
    await Promise.all(clients.map((client) => client.quit().catch(() => undefined)));
  }
}
