import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { DEVICE_ID_HEADER, isValidDeviceId } from '@skillduel/contracts';
import type { FastifyRequest } from 'fastify';

/** Where a request comes from: recorded on sessions and used as the per-IP rate-limit key. */
export interface ClientContext {
  ip: string;
  userAgent: string | null;
  /**
   * The browser's device id (X-Device-Id, decision 1703), when it sent a valid one: a fair-play signal recorded on
   * sessions (opponents on one device, decision 1602), never authentication. Anything malformed is ignored.
   */
  deviceId: string | null;
}

const USER_AGENT_MAX_LENGTH = 512;

export function clientContextOf(request: FastifyRequest): ClientContext {
  // request.ip honours X-Forwarded-For only when TRUST_PROXY is on (bootstrap.ts).
  const userAgent = request.headers['user-agent'];
  const deviceId = request.headers[DEVICE_ID_HEADER.toLowerCase()];
  return {
    ip: request.ip || 'unknown',
    userAgent: typeof userAgent === 'string' && userAgent.length > 0 ? userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null,
    deviceId: isValidDeviceId(deviceId) ? deviceId : null,
  };
}

export const Client = createParamDecorator((_data: unknown, context: ExecutionContext): ClientContext =>
  clientContextOf(context.switchToHttp().getRequest<FastifyRequest>()),
);
