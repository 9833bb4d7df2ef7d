import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { deviceOf, type RequestDevice } from './devices/device-cookie';

/** Where a request comes from: recorded on sessions and used as the per-IP rate-limit key. */
export interface ClientContext {
  ip: string;
  userAgent: string | null;
  /**
   * The server-issued device id (docs/decisions/2330) on routes guarded by DeviceIdInterceptor: a fair-play signal
   * recorded on sessions, never authentication. Null is an unknown device (none sent, or not validly signed).
   */
  device: RequestDevice | null;
}

const USER_AGENT_MAX_LENGTH = 512;

export function clientContextOf(request: FastifyRequest): ClientContext {
  // request.ip honours X-Forwarded-For only when TRUST_PROXY is on (bootstrap.ts).
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip || 'unknown',
    userAgent: typeof userAgent === 'string' && userAgent.length > 0 ? userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null,
    device: deviceOf(request),
  };
}

export const Client = createParamDecorator((_data: unknown, context: ExecutionContext): ClientContext =>
  clientContextOf(context.switchToHttp().getRequest<FastifyRequest>()),
);
