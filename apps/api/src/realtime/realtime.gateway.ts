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
import { MetricsService } from '../metrics/metrics.service';
import { RealtimeServer } from './realtime.server';
import { AppServer, AppSocket, BucketName, CHANNELS, RealtimeError, SocketState } from './realtime.types';
import { SocketSessionsRepository } from './socket-sessions.repository';
import { TokenBucket } from './token-bucket';

const MAX_TOKEN_LENGTH = 4096;

function newBuckets(nowMs: number): SocketState['buckets'] {
  const bucket = (name: BucketName) =>
    new TokenBucket(REALTIME_LIMITS[name].burst, REALTIME_LIMITS[name].refillMs, nowMs);
  return { input: bucket('input'), chat: bucket('chat'), emote: bucket('emote'), control: bucket('control') };
}

/** Error → what the client is told. AppErrors keep their code and message (5xx never leak). */
export function toRealtimeErrorDto(error: unknown, event?: string): RealtimeErrorDto {
  if (error instanceof RealtimeError) return error.toDto(event);
  if (error instanceof AppError && error.statusCode < 500) {
    const message = error.statusCode === 429 ? HTTP_ERROR_MESSAGES[429] : error.message;
    return { code: error.code, message, ...(event ? { event } : {}) };
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
    server.use((socket, next) => {
      this.authenticate(socket as AppSocket).then(
        () => next(),
        (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
      );
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
    if (socket.data.user) {
      void socket.join([CHANNELS.user(socket.data.user.userId), CHANNELS.session(socket.data.user.sessionId)]);
    }

    // Every packet, known event or not, spends a token of its class before anything else runs.
    socket.use((packet, next) => {
      const [event] = packet;
      const bucket = this.realtime.handlerFor(String(event))?.bucket ?? 'control';
      if (socket.data.buckets[bucket].take(Date.now())) {
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

  /** `auth.token` → the user; no token → guest spectator; a bad token fails the connection (client refreshes). */
  private async authenticate(socket: AppSocket): Promise<void> {
    socket.data.user = null;
    const token: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.['token'];
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
