import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ADMIN_ERROR_CODES, ADMIN_MESSAGES, HTTP_ERROR_MESSAGES, type UserRole } from '@skillduel/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../common/app-error';
import { StaffRolesService } from './staff-roles.service';

const STAFF_ROLE_KEY = 'skillduel:staffRole';

/** The least role a route needs: 'support' (support and admin) or 'admin'. */
export const StaffOnly = (role: Extract<UserRole, 'support' | 'admin'>) => SetMetadata(STAFF_ROLE_KEY, role);

/**
 * After JwtAuthGuard: refuses players (403), frozen staff (403 ACCOUNT_FROZEN: a freeze closes the console at once,
 * whatever tokens the account still holds) and, on admin-only routes, support. Role and freeze are read on every
 * request. Every /api/admin route carries it; the route × role matrix tests check them all.
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
    const state = await this.roles.stateOf(request.user.userId);
    const role = state?.role ?? null;
    const isStaff = role === 'support' || role === 'admin';
    if (isStaff && state?.frozen) {
      throw new AppError(403, ADMIN_ERROR_CODES.accountFrozen, ADMIN_MESSAGES.staffFrozen);
    }
    const allowed = needed === 'support' ? role === 'support' || role === 'admin' : role === 'admin';
    if (!allowed) throw new AppError(403, 'FORBIDDEN', HTTP_ERROR_MESSAGES[403]);
    return true;
  }
}
