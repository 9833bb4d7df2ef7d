import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorBody, HTTP_ERROR_MESSAGES, SERVICE_ERROR_CODES } from '@skillduel/contracts';
import { isDatabaseUnavailable } from '../database/database-errors';
import { AppError } from './app-error';

export const CODE_BY_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

/** Statuses whose message is fixed, whatever the cause (docs/product/app-and-api.md#status-messages). */
function fixedMessage(status: number): string | undefined {
  if (status >= 500) return HTTP_ERROR_MESSAGES.serverError;
  if (status === 401 || status === 403 || status === 404 || status === 429) return HTTP_ERROR_MESSAGES[status];
  return undefined;
}

export function toErrorBody(exception: unknown): { body: ErrorBody; cause?: unknown } {
  if (exception instanceof AppError) {
    // Services may explain a 401/403/404 more precisely; 429 and 5xx always use the spec's wording.
    const message =
      exception.statusCode === 429 || exception.statusCode >= 500
        ? (fixedMessage(exception.statusCode) as string)
        : exception.message;
    return {
      body: {
        statusCode: exception.statusCode,
        code: exception.code,
        detail: message,
        message,
        ...(exception.fieldErrors ? { errors: exception.fieldErrors } : {}),
        ...(exception.params ? { params: exception.params } : {}),
      },
    };
  }
  if (exception instanceof HttpException) {
    const status = exception instanceof ThrottlerException ? 429 : exception.getStatus();
    const response = exception.getResponse();
    const raw =
      typeof response === 'string'
        ? response
        : typeof response === 'object' && response !== null && 'message' in response
          ? String(Array.isArray(response.message) ? response.message[0] : response.message)
          : exception.message;
    const message = fixedMessage(status) ?? (raw || HTTP_ERROR_MESSAGES.fallback);
    return {
      body: { statusCode: status, code: CODE_BY_STATUS[status] ?? 'ERROR', detail: message, message },
      cause: status >= 500 ? exception : undefined,
    };
  }
  // Fastify's own errors (bad JSON, body too large, wrong content type) carry a statusCode.
  if (typeof exception === 'object' && exception !== null && 'statusCode' in exception) {
    const status = Number((exception as { statusCode: unknown }).statusCode);
    if (status >= 400 && status < 500) {
      const code = CODE_BY_STATUS[status] ?? 'BAD_REQUEST';
      const message =
        fixedMessage(status) ??
        (status === 413
          ? 'Request body is too large'
          : status === 415
            ? 'Unsupported content type; send application/json'
            : 'Request body is not valid JSON');
      return { body: { statusCode: status, code, detail: message, message } };
    }
  }
  // The database is down or restarting: a 503 the client may retry (the pool reconnects by itself), not a 500.
  if (isDatabaseUnavailable(exception)) {
    const message = HTTP_ERROR_MESSAGES.serviceUnavailable;
    return {
      body: { statusCode: 503, code: SERVICE_ERROR_CODES.databaseUnavailable, detail: message, message },
      cause: exception,
    };
  }
  const message = HTTP_ERROR_MESSAGES.serverError;
  return { body: { statusCode: 500, code: 'INTERNAL', detail: message, message }, cause: exception };
}

/**
 * The single error filter: every failure leaves as the spec's error body, never as a stack trace.
 * Unknown GET routes outside /api fall back to the SPA's index.html so client routes deep-link.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(private readonly spaIndexHtml?: () => string | undefined) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const { body, cause } = toErrorBody(exception);

    if (body.statusCode === 404 && request.method === 'GET' && !request.url.startsWith('/api')) {
      const html = this.spaIndexHtml?.();
      if (html) {
        void reply
          .status(200)
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(html);
        return;
      }
    }
    if (body.code === SERVICE_ERROR_CODES.databaseUnavailable) {
      // One short line per refused request while the database is away, not a stack trace each.
      this.logger.warn({ reqId: request.id, reason: errorMessage(cause) }, 'Database unavailable');
      void reply.header('retry-after', '1');
    } else if (cause) {
      this.logger.error({ err: cause, reqId: request.id }, 'Unhandled error');
    }
    void reply
      .status(body.statusCode)
      .header('content-type', 'application/json; charset=utf-8')
      .send({ ...body, requestId: request.id });
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message || error.constructor.name : String(error);
}
