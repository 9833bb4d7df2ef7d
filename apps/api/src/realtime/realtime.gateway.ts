import { Logger, OnApplicationShutdown, OnModuleDestroy } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayDisconnect, OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import {
  Ack,
  HTTP_ERROR_MESSAGES,
  REALTIME_ERROR_CODES,
  REALTIME_LIMITS,
  REALTIME_MESSAGES,
  RealtimeErrorDto,
  SERVER_EVENTS,
} from '@skillduel/contracts';
import type { FastifyRequest } from 'fastify';
import type { ExtendedError } from 'socket.io';
import { AccessTokenAuthenticator } from '../auth/jwt-auth.guard';
import { SessionRevocations } from '../auth/session-revocations';
import { AppError } from '../common/app-error';
import { AppConfig } from '../config/app-config';
import { isDatabaseUnavailable } from '../database/database-errors';
import { MetricsService } from '../metrics/metrics.service';
import { RealtimeServer } from './realtime.server';
import { AppServer, AppSocket, BucketName, CHANNELS, RealtimeError, SocketState } from './realtime.types';
import { SocketSessionsRepository } from './socket-sessions.repository';
import { TokenBucket } from './token-bucket';

const MAX_TOKEN_LENGTH = 4096;
/** The client-made guest session id: `guest_` and six characters, with a little room for other clients. */
const GUEST_ID_PATTERN = /^guest_[A-Za-z0-9_-]{1,64}$/;
/** A handshake bucket idle this long is full again and can be forgotten. */
const HANDSHAKE_BUCKET_IDLE_MS = 60_000;

/**
 * The socket's client address, as HTTP's (bootstrap.ts): behind a trusted proxy, X-Forwarded-For's first entry, or
 * with TRUST_PROXY_HOPS = n the entry n places from the end (the one the outermost trusted proxy wrote); else the
 * peer address.
 */
function clientIpOf(
  handshake: { address: string; headers: Record<string, string | string[] | undefined> },
  trustProxy: boolean,
  trustedHops: number,
): string {
  if (trustProxy) {
    const forwarded = handshake.headers['x-forwarded-for'];
    const entries = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? ''))
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const chosen = trustedHops > 0 ? entries[Math.max(0, entries.length - trustedHops)] : entries[0];
    if (chosen) return chosen;
  }
  return handshake.address || 'unknown';
}

function refusal(code: string, message: string): ExtendedError {
  return Object.assign(new Error(message), { data: { code } });
}

function newBuckets(nowMs: number): SocketState['buckets'] {
  const bucket = (name: BucketName) =>
    new TokenBucket(REALTIME_LIMITS[name].burst, REALTIME_LIMITS[name].refillMs, nowMs);
  return { input: bucket('input'), chat: bucket('chat'), emote: bucket('emote'), control: bucket('control') };
}

/** Error → what the client is told. AppErrors keep their code and message (5xx never leak). */
function toRealtimeErrorDto(error: unknown, event?: string): RealtimeErrorDto {
  if (error instanceof RealtimeError) return error.toDto(event);
  if (error instanceof AppError && error.statusCode < 500) {
    const message = error.statusCode === 429 ? HTTP_ERROR_MESSAGES[429] : error.message;
    return { code: error.code, message, ...(event ? { event } : {}) };
  }
  // As REST answers 503: the request changed nothing (its transaction rolled back) and may be sent again.
  if (isDatabaseUnavailable(error)) {
    return {
      code: REALTIME_ERROR_CODES.unavailable,
      message: REALTIME_MESSAGES.unavailable,
      ...(event ? { event } : {}),
    };
  }
  return { code: REALTIME_ERROR_CODES.internal, message: REALTIME_MESSAGES.internal, ...(event ? { event } : {}) };
}

/**
 * The Socket.IO gateway (transport only): authenticates the handshake, rate-limits every client event per socket
 * (token buckets; a client that keeps flooding is disconnected), dispatches events to the handlers feature modules
 * registered on RealtimeServer, answers through acks or `app:error`, and disconnects sockets whose session was
 * revoked (checked every SOCKET_SESSION_CHECK_INTERVAL_MS; docs/decisions/0603).
 */
@WebSocketGateway()
export class RealtimeGateway
  implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, OnModuleDestroy, OnApplicationShutdown
{
  private readonly logger = new Logger('Realtime');
  private sessionTimer?: NodeJS.Timeout;
  private checkingSessions = false;
  /** Handshakes per client IP (SOCKET_HANDSHAKES_PER_IP_PER_MINUTE), pruned when idle. */
  private readonly handshakeBuckets = new Map<string, { bucket: TokenBucket; lastMs: number }>();
  private lastHandshakePruneMs = 0;
  /** Open sockets per client IP on this instance (SOCKET_MAX_PER_IP). */
  private readonly socketsPerIp = new Map<string, number>();
  /** Per signed-in user on this instance: open sockets (SOCKET_MAX_PER_USER) and chat/emote buckets for all of them. */
  private readonly users = new Map<string, { sockets: number; chat: TokenBucket; emote: TokenBucket }>();

  constructor(
    private readonly realtime: RealtimeServer,
    private readonly authenticator: AccessTokenAuthenticator,
    private readonly sessions: SocketSessionsRepository,
    private readonly config: AppConfig,
    private readonly metrics: MetricsService,
    private readonly revocations: SessionRevocations,
  ) {}

  afterInit(server: AppServer): void {
    this.realtime.attach(server);
    // Every handshake is counted per client IP before any work (token check, database) is done for it.
    server.use((socket, next) => {
      const appSocket = socket as AppSocket;
      appSocket.data.clientIp = clientIpOf(appSocket.handshake, this.config.TRUST_PROXY, this.config.TRUST_PROXY_HOPS);
      appSocket.data.counted = false;
      if (!this.takeHandshake(appSocket.data.clientIp, Date.now())) {
        next(refusal(REALTIME_ERROR_CODES.rateLimited, HTTP_ERROR_MESSAGES[429]));
        return;
      }
      next();
    });
    server.use((socket, next) => {
      this.authenticate(socket as AppSocket).then(
        () => next(),
        (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
      );
    });
    // The caps refuse the handshake itself (connect_error) in the usual case; handleConnection re-checks exactly.
    server.use((socket, next) => {
      next(this.overCap(socket as AppSocket) ? this.tooManyConnections() : undefined);
    });
    this.sessionTimer = setInterval(
      () => void this.disconnectRevokedSessions(),
      this.config.SOCKET_SESSION_CHECK_INTERVAL_MS,
    );
    this.sessionTimer.unref();
    // A revocation is pushed at once; the periodic check stays for expiry and for revocations made elsewhere.
    this.revocations.onRevoked((userId) => this.disconnectRevokedSessionsOf(userId));
  }

  onModuleDestroy(): void {
    if (this.sessionTimer) clearInterval(this.sessionTimer);
  }

  /** After the shutdown hooks (the live rooms announce their voided rounds in beforeApplicationShutdown). */
  onApplicationShutdown(): void {
    this.realtime.detach();
  }

  handleConnection(socket: AppSocket): void {
    this.metrics.openSockets.inc();
    socket.data.buckets = newBuckets(Date.now());
    socket.data.strikes = 0;
    // Handshakes of one user or IP may pass the middleware together; counting happens here, one at a time.
    if (this.overCap(socket)) {
      const error = this.tooManyConnections();
      socket.emit(SERVER_EVENTS.error, { code: REALTIME_ERROR_CODES.tooManyConnections, message: error.message });
      socket.disconnect(true);
      return;
    }
    this.admit(socket);
    if (socket.data.user) {
      void socket.join([CHANNELS.user(socket.data.user.userId), CHANNELS.session(socket.data.user.sessionId)]);
    }

    // Every packet, known event or not, spends a token of its class before anything else runs.
    socket.use((packet, next) => {
      const [event] = packet;
      const bucket = this.realtime.handlerFor(String(event))?.bucket ?? 'control';
      const nowMs = Date.now();
      // Chat and emotes are limited per user as well: more sockets do not buy more messages.
      const user = socket.data.user ? this.users.get(socket.data.user.userId) : undefined;
      const allowed =
        socket.data.buckets[bucket].take(nowMs) &&
        (user === undefined || (bucket !== 'chat' && bucket !== 'emote') || user[bucket].take(nowMs));
      if (allowed) {
        socket.data.strikes = 0;
        next();
        return;
      }
      socket.data.strikes += 1;
      const error: RealtimeErrorDto = {
        code: REALTIME_ERROR_CODES.rateLimited,
        message: HTTP_ERROR_MESSAGES[429],
        event: String(event),
      };
      const ack = packet[packet.length - 1];
      if (typeof ack === 'function') (ack as (response: Ack<null>) => void)({ ok: false, error });
      else socket.emit(SERVER_EVENTS.error, error);
      if (socket.data.strikes > REALTIME_LIMITS.maxStrikes) {
        this.logger.warn({ socketId: socket.id, userId: socket.data.user?.userId }, 'Socket flooding: disconnected');
        socket.disconnect(true);
      }
    });

    for (const event of this.realtime.registeredEvents()) {
      socket.on(event as 'room:join', (payload: unknown, ack?: unknown) => {
        // A client may send the ack as the only argument.
        const callback = typeof ack === 'function' ? ack : typeof payload === 'function' ? payload : undefined;
        void this.dispatch(socket, event, typeof payload === 'function' ? undefined : payload, callback);
      });
    }
  }

  handleDisconnect(socket: AppSocket): void {
    this.metrics.openSockets.dec();
    this.release(socket);
    for (const listener of this.realtime.listenersOnDisconnect()) {
      Promise.resolve(listener(socket)).catch((error: unknown) =>
        this.logger.error({ err: error, socketId: socket.id }, 'Disconnect listener failed'),
      );
    }
  }

  private async dispatch(socket: AppSocket, event: string, payload: unknown, ack: unknown): Promise<void> {
    const handler = this.realtime.handlerFor(event);
    if (!handler) return;
    const reply = typeof ack === 'function' ? (ack as (response: Ack<unknown>) => void) : undefined;
    try {
      const data = await handler.handle(socket, payload);
      reply?.({ ok: true, data: data ?? null });
    } catch (error) {
      const dto = toRealtimeErrorDto(error, event);
      if (dto.code === REALTIME_ERROR_CODES.internal) {
        this.logger.error({ err: error, event, socketId: socket.id }, 'Socket handler failed');
      }
      if (reply) reply({ ok: false, error: dto });
      else socket.emit(SERVER_EVENTS.error, dto);
    }
  }

  /** A new handshake from `ip` within SOCKET_HANDSHAKES_PER_IP_PER_MINUTE; idle buckets are forgotten. */
  private takeHandshake(ip: string, nowMs: number): boolean {
    if (nowMs - this.lastHandshakePruneMs > HANDSHAKE_BUCKET_IDLE_MS) {
      this.lastHandshakePruneMs = nowMs;
      for (const [key, entry] of this.handshakeBuckets) {
        if (nowMs - entry.lastMs > HANDSHAKE_BUCKET_IDLE_MS) this.handshakeBuckets.delete(key);
      }
    }
    const perMinute = this.config.SOCKET_HANDSHAKES_PER_IP_PER_MINUTE;
    let entry = this.handshakeBuckets.get(ip);
    if (!entry) {
      entry = { bucket: new TokenBucket(perMinute, 60_000 / perMinute, nowMs), lastMs: nowMs };
      this.handshakeBuckets.set(ip, entry);
    }
    entry.lastMs = nowMs;
    return entry.bucket.take(nowMs);
  }

  /** Whether one more socket of this user or IP would exceed SOCKET_MAX_PER_USER / SOCKET_MAX_PER_IP here. */
  private overCap(socket: AppSocket): boolean {
    if ((this.socketsPerIp.get(socket.data.clientIp) ?? 0) >= this.config.SOCKET_MAX_PER_IP) return true;
    const userId = socket.data.user?.userId;
    return userId !== undefined && (this.users.get(userId)?.sockets ?? 0) >= this.config.SOCKET_MAX_PER_USER;
  }

  private tooManyConnections(): ExtendedError {
    return refusal(REALTIME_ERROR_CODES.tooManyConnections, REALTIME_MESSAGES.tooManyConnections);
  }

  private admit(socket: AppSocket): void {
    socket.data.counted = true;
    const ip = socket.data.clientIp;
    this.socketsPerIp.set(ip, (this.socketsPerIp.get(ip) ?? 0) + 1);
    const userId = socket.data.user?.userId;
    if (userId === undefined) return;
    const user = this.users.get(userId);
    if (user) {
      user.sockets += 1;
      return;
    }
    const nowMs = Date.now();
    this.users.set(userId, {
      sockets: 1,
      chat: new TokenBucket(REALTIME_LIMITS.chat.burst, REALTIME_LIMITS.chat.refillMs, nowMs),
      emote: new TokenBucket(REALTIME_LIMITS.emote.burst, REALTIME_LIMITS.emote.refillMs, nowMs),
    });
  }

  private release(socket: AppSocket): void {
    if (!socket.data.counted) return;
    socket.data.counted = false;
    const ip = socket.data.clientIp;
    const left = (this.socketsPerIp.get(ip) ?? 1) - 1;
    if (left > 0) this.socketsPerIp.set(ip, left);
    else this.socketsPerIp.delete(ip);
    const userId = socket.data.user?.userId;
    const user = userId === undefined ? undefined : this.users.get(userId);
    if (!user || userId === undefined) return;
    user.sockets -= 1;
    // The user's chat allowance goes with their last socket; a reconnect starts full, as a new socket always did.
    if (user.sockets <= 0) this.users.delete(userId);
  }

  /**
   * `auth.token` → the user; no token → guest spectator; a bad token fails the connection (client refreshes). A
   * guest is one viewer per guest session (`auth.guest_id`), else per address.
   */
  private async authenticate(socket: AppSocket): Promise<void> {
    socket.data.user = null;
    const auth = socket.handshake.auth as Record<string, unknown> | undefined;
    const guestId = auth?.['guest_id'];
    socket.data.viewerKey =
      typeof guestId === 'string' && GUEST_ID_PATTERN.test(guestId) ? `guest:${guestId}` : `ip:${socket.data.clientIp}`;
    const token: unknown = auth?.['token'];
    if (token === undefined || token === null || token === '') return;
    const user =
      typeof token === 'string' && token.length <= MAX_TOKEN_LENGTH
        ? // The authenticator reads the Authorization header of an HTTP request; the handshake carries the same token.
          await this.authenticator.authenticate({ headers: { authorization: `Bearer ${token}` } } as FastifyRequest)
        : null;
    if (!user) {
      const error: ExtendedError = Object.assign(new Error(HTTP_ERROR_MESSAGES[401]), {
        data: { code: REALTIME_ERROR_CODES.unauthorized },
      });
      throw error;
    }
    socket.data.user = user;
    socket.data.viewerKey = `user:${user.userId}`;
  }

  /**
   * Disconnects, on every instance (the adapter finds and cuts remote sockets), the user's sockets whose session is
   * no longer live: called as soon as one of the user's sessions is revoked.
   */
  async disconnectRevokedSessionsOf(userId: string): Promise<number> {
    const server = this.realtime.server;
    if (!server) return 0;
    const sockets = await server.in(CHANNELS.user(userId)).fetchSockets();
    const sessionIds = [
      ...new Set(sockets.flatMap((socket) => (socket.data.user ? [socket.data.user.sessionId] : []))),
    ];
    const live = await this.sessions.liveSessionIds(sessionIds);
    const revoked = sessionIds.filter((sessionId) => !live.has(sessionId));
    for (const sessionId of revoked) {
      this.realtime.emitTo(CHANNELS.session(sessionId), SERVER_EVENTS.error, {
        code: REALTIME_ERROR_CODES.sessionRevoked,
        message: REALTIME_MESSAGES.sessionRevoked,
      });
      server.in(CHANNELS.session(sessionId)).disconnectSockets(true);
    }
    return revoked.length;
  }

  /** Disconnects this instance's sockets whose session was revoked or expired since they connected. */
  async disconnectRevokedSessions(): Promise<number> {
    if (this.checkingSessions) return 0;
    this.checkingSessions = true;
    try {
      const sockets = this.realtime.localSockets().filter((socket) => socket.data.user);
      if (sockets.length === 0) return 0;
      const sessionIds = [
        ...new Set(sockets.map((socket) => (socket.data.user as NonNullable<SocketState['user']>).sessionId)),
      ];
      const live = await this.sessions.liveSessionIds(sessionIds);
      let disconnected = 0;
      for (const socket of sockets) {
        if (live.has(socket.data.user?.sessionId ?? '')) continue;
        socket.emit(SERVER_EVENTS.error, {
          code: REALTIME_ERROR_CODES.sessionRevoked,
          message: REALTIME_MESSAGES.sessionRevoked,
        });
        socket.disconnect(true);
        disconnected++;
      }
      return disconnected;
    } catch (error) {
      this.logger.error({ err: error }, 'Socket session check failed');
      return 0;
    } finally {
      this.checkingSessions = false;
    }
  }
}
