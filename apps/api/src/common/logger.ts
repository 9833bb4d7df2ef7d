import { LoggerService } from '@nestjs/common';
import { FastifyReply, FastifyRequest, LogController } from 'fastify';
import pino, { Logger } from 'pino';
import type { AppConfig } from '../config/app-config';

/** The one pino logger: Fastify writes the request log with it and Nest's LoggerService delegates to it. */
export function createRootLogger(config: AppConfig): Logger {
  return pino({
    level: config.LOG_LEVEL,
    base: { service: 'skillduel-api' },
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.refresh_token'],
    transport:
      config.NODE_ENV === 'development' && process.stdout.isTTY
        ? { target: 'pino-pretty', options: { singleLine: true } }
        : undefined,
  });
}

/** Nest's boot chatter (one line per module and route) would hide the one line that matters: the URL. */
const BOOT_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
  'NestApplication',
  'WebSocketsController',
]);

export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    if (context && BOOT_CONTEXTS.has(context)) return;
    this.logger.info({ context }, String(message));
  }

  error(message: unknown, stackOrContext?: string, context?: string): void {
    if (message instanceof Error) {
      this.logger.error({ context: stackOrContext, err: message }, message.message);
      return;
    }
    if (typeof message === 'object' && message !== null) {
      this.logger.error({ context: context ?? stackOrContext, ...(message as object) }, 'error');
      return;
    }
    this.logger.error(
      { context: context ?? stackOrContext, stack: context ? stackOrContext : undefined },
      String(message),
    );
  }

  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }

  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }

  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }

  fatal(message: unknown, context?: string): void {
    this.logger.fatal({ context }, String(message));
  }
}

/**
 * One compact line per request (id, method, url, status, time) instead of Fastify's two, and no headers
 * (tokens live there). Health checks are not logged.
 */
export class CompactRequestLog extends LogController {
  override incomingRequest(): void {
    // Logged once, on completion.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (request.url === '/api/health') return;
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTimeMs: Math.round(reply.elapsedTime),
    };
    if (error) request.log.error({ ...line, err: error }, 'request failed');
    else request.log.info(line, 'request');
  }
}
