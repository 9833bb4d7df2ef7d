import { LoggerService } from '@nestjs/common';
import { FastifyReply, FastifyRequest, LogController } from 'fastify';
import pino, { DestinationStream, Logger, LoggerOptions } from 'pino';
import type { AppConfig } from '../config/app-config';

/** The one pino logger: Fastify writes the request log with it and Nest's LoggerService delegates to it. */
export function createRootLogger(config: AppConfig, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level: config.LOG_LEVEL,
    base: { service: 'skillduel-api' },
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.refresh_token'],
    transport:
      config.NODE_ENV === 'development' && process.stdout.isTTY
        ? { target: 'pino-pretty', options: { singleLine: true } }
        : undefined,
  };
  // Tests pass a destination to read the log lines.
  return destination ? pino({ ...options, transport: undefined }, destination) : pino(options);
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

type PinoLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * Nest's `Logger` calls `logger.warn(message, ...params)` and appends its context as the last parameter.
 * Our code logs pino-style, `logger.warn({ userId, sessionId }, 'Refresh token reused: session revoked')`, so an
 * object message carries the structured fields and the first string after it is the text; the fields must reach the
 * log line as fields (not "[object Object]").
 */
function toPinoArgs(message: unknown, params: unknown[]): { fields: Record<string, unknown>; text: string } {
  // With a context Nest appends it last; our loggers always have one (new Logger('Name')).
  const context = params.length > 0 && typeof params[params.length - 1] === 'string' ? params.at(-1) : undefined;
  const rest = context === undefined ? params : params.slice(0, -1);
  const text = rest.find((param): param is string => typeof param === 'string');
  if (message instanceof Error) {
    return { fields: { context, err: message }, text: text ?? message.message };
  }
  if (typeof message === 'object' && message !== null) {
    // A lone string after an object is its text, not a context (`logger.warn({ … }, 'text')` on a context-less Logger).
    if (text === undefined && context !== undefined && rest.length === 0) {
      return { fields: { ...(message as Record<string, unknown>) }, text: context as string };
    }
    return { fields: { context, ...(message as Record<string, unknown>) }, text: text ?? '' };
  }
  return { fields: { context }, text: String(message) };
}

export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    const context = params.at(-1);
    if (typeof context === 'string' && BOOT_CONTEXTS.has(context)) return;
    this.write('info', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    // Nest's own form: error('text', stack, context) — the stack is a string parameter, not the text.
    if (typeof message === 'string' && params.length === 2 && typeof params[0] === 'string') {
      this.logger.error({ context: params[1], stack: params[0] }, message);
      return;
    }
    this.write('error', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: PinoLevel, message: unknown, params: unknown[]): void {
    const { fields, text } = toPinoArgs(message, params);
    this.logger[level](fields, text);
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
