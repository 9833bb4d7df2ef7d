import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { HTTP_ERROR_MESSAGES, type UserRole } from '@skillduel/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../common/app-error';
import { StaffRolesService } from './staff-roles.service';

const STAFF_ROLE_KEY = 'skillduel:staffRole';

/** The least role a route needs: 'support' (support and admin) or 'admin'. */
export const StaffOnly = (role: Extract<UserRole, 'support' | 'admin'>) => SetMetadata(STAFF_ROLE_KEY, role);

/**
 * After JwtAuthGuard: refuses players (403) and, on admin-only routes, support. Every /api/admin route carries it;
 * the route × role matrix test checks them all.
 */
@Injectable()
export class StaffGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly roles: StaffRolesService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const needed =
      this.reflector.getAllAndOverride<'support' | 'admin' | undefined>(STAFF_ROLE_KEY, [
        context.getHandler(),
        context.getClass(),
      ]) ?? 'admin';
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!request.user) throw new AppError(401, 'UNAUTHORIZED', HTTP_ERROR_MESSAGES[401]);
    const role = await this.roles.roleOf(request.user.userId);
    const allowed = needed === 'support' ? role === 'support' || role === 'admin' : role === 'admin';
    if (!allowed) throw new AppError(403, 'FORBIDDEN', HTTP_ERROR_MESSAGES[403]);
    return true;
  }
}
