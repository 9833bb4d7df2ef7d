import { INestApplicationContext, Logger } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { REALTIME_LIMITS, REALTIME_PATH } from '@skillduel/contracts';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { createClient } from 'redis';
import { Server as SocketIoServer, type Server, type ServerOptions } from 'socket.io';
import { AppConfig } from '../config/app-config';

type RedisClient = ReturnType<typeof createClient>;

/**
 * Whether a browser at `origin` may open a socket: same host as the request, the configured public origin, or one of
 * CORS_ORIGINS. A request without an Origin header is not a browser page (browsers always send it on WebSocket and
 * cross-origin requests), so it cannot be a cross-site attack and is allowed; it still needs a token to be anything
 * more than a spectator.
 */
export function isOriginAllowed(
  origin: string | undefined,
  host: string | undefined,
  config: Pick<AppConfig, 'CORS_ORIGINS' | 'APP_BASE_URL'>,
): boolean {
  if (origin === undefined) return true;
  if (config.CORS_ORIGINS.includes(origin) || origin === config.APP_BASE_URL) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * The Socket.IO server of the API (docs/product/rooms-and-matches.md#realtime-connection): same origin, path
 * /socket.io, small messages, origin checked at the handshake, and — when REDIS_URL is set — the Redis adapter, so
 * broadcasts reach sockets on every instance.
 */
export class RealtimeIoAdapter extends IoAdapter {
  private readonly logger = new Logger('Realtime');
  private redisClients: RedisClient[] = [];
  private redisAdapter?: ReturnType<typeof createAdapter>;
  private closing = false;

  constructor(
    app: INestApplicationContext,
    private readonly config: AppConfig,
  ) {
    super(app);
  }

  /** Connects the Redis pub/sub clients when REDIS_URL is set (before the server is created). */
  async connectToRedis(): Promise<void> {
    if (!this.config.REDIS_URL) return;
    const pub = createClient({ url: this.config.REDIS_URL });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) {
      client.on('error', (error: unknown) => this.logger.error({ err: error }, 'Redis adapter client error'));
    }
    await Promise.all([pub.connect(), sub.connect()]);
    // The adapter never handles the promise of its PUBLISHes (broadcasts, remote joins, disconnects): one that fails
    // (Redis restarted or unreachable, or the client closed while the app shuts down) would surface as an unhandled
    // rejection. A failed broadcast is lost, as it would be for a socket that is offline; the process goes on.
    const publish = pub.publish.bind(pub);
    (pub as { publish: typeof publish }).publish = (...args: Parameters<typeof publish>) =>
      this.closing
        ? Promise.resolve(0)
        : publish(...args).catch((error: unknown) => {
            if (!this.closing) this.logger.warn({ err: error }, 'Socket.IO broadcast through Redis failed');
            return 0;
          });
    this.redisClients = [pub, sub];
    this.redisAdapter = createAdapter(pub, sub, { key: 'skillduel-io' });
  }

  /**
   * Built with the workspace's own socket.io (not the copy nested in @nestjs/platform-socket.io), so the server, the
   * Redis adapter and the gateway's types are one and the same library.
   */
  override createIOServer(port: number, options?: Partial<ServerOptions>): Server {
    const config = this.config;
    const serverOptions: Partial<ServerOptions> = {
      ...options,
      path: REALTIME_PATH,
      serveClient: false,
      maxHttpBufferSize: REALTIME_LIMITS.maxMessageBytes,
      pingInterval: config.SOCKET_PING_INTERVAL_MS,
      pingTimeout: config.SOCKET_PING_TIMEOUT_MS,
      connectTimeout: 10_000,
      // Same origin by default; CORS only for the configured origins (as the HTTP API).
      cors: config.CORS_ORIGINS.length > 0 ? { origin: config.CORS_ORIGINS, credentials: true } : undefined,
      allowRequest: (
        request: IncomingMessage,
        callback: (error: string | null | undefined, success: boolean) => void,
      ) => {
        const origin = request.headers.origin;
        const allowed = isOriginAllowed(typeof origin === 'string' ? origin : undefined, request.headers.host, config);
        callback(allowed ? null : 'Origin not allowed', allowed);
      },
    };
    const httpServer: unknown = this.httpServer;
    const server =
      httpServer && port === 0
        ? new SocketIoServer(httpServer as HttpServer, serverOptions)
        : new SocketIoServer(port, serverOptions);
    if (this.redisAdapter) server.adapter(this.redisAdapter);
    return server;
  }

  // Typed as the base class declares it (the nested socket.io copy); the instance is ours (createIOServer).
  override async close(server: Parameters<IoAdapter['close']>[0]): Promise<void> {
    await new Promise<void>((resolve) => {
      void (server as unknown as Server).close(() => resolve());
    });
    this.closing = true;
    const clients = this.redisClients;
    this.redisClients = [];
    await Promise.all(clients.map((client) => client.quit().catch(() => undefined)));
  }
}
