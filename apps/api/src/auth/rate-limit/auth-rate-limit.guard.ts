import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { clientContextOf } from '../request-context';
import { AuthRateLimitScope, AuthRateLimitService } from './rate-limit.service';

const SCOPE_KEY = 'skillduel:auth-rate-limit-scope';

/** Limits the route per client IP within `scope` (shared by every route of the scope). */
export const AuthRateLimit = (scope: AuthRateLimitScope): MethodDecorator & ClassDecorator =>
  SetMetadata(SCOPE_KEY, scope);

/**
 * Runs before validation, so malformed and rejected attempts count too. Account-level limits (failures only)
 * are applied by the services, which know the account.
 */
@Injectable()
export class AuthRateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: AuthRateLimitService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const scope = this.reflector.getAllAndOverride<AuthRateLimitScope | undefined>(SCOPE_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!scope) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    await this.limits.consumeIp(scope, clientContextOf(request).ip);
    return true;
  }
}
