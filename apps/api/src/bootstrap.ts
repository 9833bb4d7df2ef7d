import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join, resolve } from 'node:path';
import type { DestinationStream } from 'pino';
import { AppModule } from './app.module';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { ApiFastifyAdapter } from './common/api-fastify-adapter';
import { CompactRequestLog, createRootLogger, NestPinoLogger } from './common/logger';
import { refuseUnstorableText } from './common/request-text';
import { computeSecurityHeaders } from './common/security-headers';
import { createValidationPipe } from './common/validation';
import { AppConfig } from './config/app-config';
import { MetricsService } from './metrics/metrics.service';
import { createApiDocument } from './openapi/api-document';
import { RealtimeIoAdapter } from './realtime/realtime-io.adapter';
import { renderDevMailPage } from './auth/mail/dev-mail-page';
import { DevMailbox } from './auth/mail/dev-mailbox';

/** The SPA's social sign-in completion pages (docs/product/app-and-api.md#routes). */
const OAUTH_CALLBACK_PATH = /^\/auth\/(google|facebook|microsoft)\/callback(\?|$)/;

/** API answers smaller than this go out as they are: compressing them saves less than it costs (decision 1301). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Request bodies are small JSON documents; anything bigger is refused before parsing. */
const BODY_LIMIT_BYTES = 64 * 1024;

/** What a client's X-Request-Id may look like to be kept: UUIDs and common trace ids. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Builds the fully configured application (used by main and by the integration tests). */
export async function createApp(
  config: AppConfig,
  options: { logger?: boolean; logDestination?: DestinationStream } = {},
): Promise<NestFastifyApplication> {
  const logger = createRootLogger(
    options.logger === false ? { ...config, LOG_LEVEL: 'silent' } : config,
    options.logDestination,
  );
  // Fastify as Nest sets it up, except that an empty `application/json` body is `{}` (see ApiFastifyAdapter).
  const adapter = new ApiFastifyAdapter({
    loggerInstance: logger,
    logController: new CompactRequestLog(),
    bodyLimit: BODY_LIMIT_BYTES,
    // Behind TRUST_PROXY_HOPS proxies, the address the outermost one saw; with 0, X-Forwarded-For's first entry.
    trustProxy: config.TRUST_PROXY && config.TRUST_PROXY_HOPS > 0 ? config.TRUST_PROXY_HOPS : config.TRUST_PROXY,
    // The spec calls several routes with a trailing slash (`/games/`, `/users/me/`); both forms answer.
    routerOptions: { ignoreTrailingSlash: true },
    // A caller-supplied X-Request-Id (e.g. from a proxy) is kept so logs line up across hops, when it is a plain token
    // (no spaces, quotes, newlines or markup that could forge or break log lines and headers); else a fresh id.
    requestIdHeader: false,
    genReqId: (request: IncomingMessage) => {
      const supplied = request.headers['x-request-id'];
      return typeof supplied === 'string' && SAFE_REQUEST_ID.test(supplied) ? supplied : randomUUID();
    },
  });
  adapter.getInstance().addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: options.logger === false ? false : new NestPinoLogger(logger),
    // Throw boot errors to the caller (main prints them; tests see them) instead of exiting the process.
    abortOnError: false,
  });
  app.enableShutdownHooks();
  const metrics = app.get(MetricsService);
  adapter.getInstance().addHook('onResponse', (request, reply, done) => {
    // The route pattern, not the URL: unmatched requests share one label so scrapes stay small.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeHttp(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  // Socket.IO on the same HTTP server (path /socket.io), with the Redis adapter when REDIS_URL is set.
  const ioAdapter = new RealtimeIoAdapter(app, config);
  await ioAdapter.connectToRedis();
  app.useWebSocketAdapter(ioAdapter);
  app.setGlobalPrefix('api');
  // Every route: NUL bytes and broken Unicode in a path, query or body string are a 400 before anything reads them.
  refuseUnstorableText(adapter.getInstance());
  app.useGlobalPipes(createValidationPipe());

  const securityHeaders = computeSecurityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    // Social login opens the provider in a popup that must be able to message this window when it returns.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  // The popup's own page (after a detour through the provider's origin) must keep its opener.
  const oauthCallbackHeaders = { ...securityHeaders, 'cross-origin-opener-policy': 'unsafe-none' };
  adapter.getInstance().addHook('onRequest', (request, reply, done) => {
    void reply.headers(OAUTH_CALLBACK_PATH.test(request.url) ? oauthCallbackHeaders : securityHeaders);
    done();
  });
  // Same-origin by default: the CORS plugin is only registered when other origins are allowed.
  if (config.CORS_ORIGINS.length > 0) app.enableCors({ origin: config.CORS_ORIGINS, credentials: true });

  const webDist = resolve(config.WEB_DIST_DIR);
  const indexPath = join(webDist, 'index.html');
  let indexHtml: string | undefined;
  const readIndex = (): string | undefined => {
    if (indexHtml === undefined && existsSync(indexPath)) indexHtml = readFileSync(indexPath, 'utf8');
    return indexHtml;
  };
  if (existsSync(indexPath)) {
    // Vite's hashed assets never change; index.html must always be revalidated. The build writes a brotli (.br) and
    // a gzip (.gz) copy of every text file beside it; the one the client accepts is sent (decision 1301).
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      index: false,
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        void reply.header(
          'cache-control',
          filePath.includes(`${join(webDist, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  // Compresses the answers of routes registered from here on (index.html's, the API's at init) when the client
  // accepts br or gzip, the body is at least COMPRESSION_THRESHOLD_BYTES and its type is compressible (not
  // text/event-stream). It comes after the static files on purpose: its onRoute hook then leaves them to their
  // build-time copies. Socket.IO answers on the HTTP server before Fastify and is not affected. Request bodies are not
  // decompressed (as before).
  await app.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
  // A HEAD answer carries the headers its GET would (`curl -I` shows the Content-Encoding). Fastify empties a HEAD
  // route's body in an onSend hook that it puts before the ones plugins add, so compression would see no body:
  // moving that hook last lets compression set its headers first (the body is still dropped).
  adapter.getInstance().addHook('onRoute', (routeOptions) => {
    if (routeOptions.method !== 'HEAD' || !Array.isArray(routeOptions.onSend)) return;
    const emptyBody = routeOptions.onSend.findIndex((hook) => hook.name === 'headRouteOnSendHandler');
    if (emptyBody >= 0) routeOptions.onSend.push(...routeOptions.onSend.splice(emptyBody, 1));
  });
  if (existsSync(indexPath)) {
    app.getHttpAdapter().get('/', (_req, reply) => {
      void reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(readIndex());
    });
  }
  const outbox = app.get(DevMailbox);
  if (outbox.enabled) {
    app.getHttpAdapter().get('/dev/mail', (_req, reply) => {
      void reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderDevMailPage(outbox.list()));
    });
  }
  app.useGlobalFilters(new AllExceptionsFilter(readIndex));

  const document = createApiDocument(app);
  SwaggerModule.setup('api/docs', app, document);

  return app;
}
