import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../common/app-error';
import { HTTP_ERROR_MESSAGES } from '@skillduel/contracts';

/** The signed-in caller, set on the request by JwtAuthGuard. */
export interface AuthUser {
  userId: string;
  sessionId: string;
  username: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by JwtAuthGuard (always) or OptionalJwtAuthGuard (when a valid token was sent). */
    user?: AuthUser;
  }
}

/** `@CurrentUser() user: AuthUser` on a route guarded by JwtAuthGuard. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser => {
  const user = context.switchToHttp().getRequest<FastifyRequest>().user;
  // Only reachable when a route forgot @UseGuards(JwtAuthGuard): fail closed.
  if (!user) throw new AppError(401, 'UNAUTHORIZED', HTTP_ERROR_MESSAGES[401]);
  return user;
});

/** `@OptionalUser() user: AuthUser | undefined` on a route guarded by OptionalJwtAuthGuard. */
export const OptionalUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthUser | undefined =>
    context.switchToHttp().getRequest<FastifyRequest>().user,
);
