import { Injectable } from '@nestjs/common';
import type { UserRole } from '@skillduel/contracts';
import { SessionRevocations } from '../auth/session-revocations';
import type { SqlRunner } from '../database/sql';
import { ResponsibleGamingService } from '../responsible-gaming/responsible-gaming.service';
import { AdminRepository } from './admin.repository';
import { AuditLogRepository } from './audit-log.repository';

/**
 * The one way an account gets frozen, whoever decides it (support on the user's page, a fair-play flag, a voided win
 * the winner had already withdrawn): the freeze and its audit entry in the caller's transaction, a staff account's
 * sessions ended with it, and after the commit its open sockets cut and its waiting rooms closed and refunded.
 */
@Injectable()
export class AccountFreezeService {
  constructor(
    private readonly repository: AdminRepository,
    private readonly audit: AuditLogRepository,
    private readonly protection: ResponsibleGamingService,
    private readonly revocations: SessionRevocations,
  ) {}

  /**
   * Freezes a locked, unfrozen account with its audit entry. A staff account also loses every session at once: a
   * frozen operator must not keep using the console with tokens issued before the freeze (StaffGuard refuses a
   * frozen operator on every request as well).
   */
  async freezeLocked(
    runner: SqlRunner,
    freeze: {
      actorId: string;
      user: { id: string; role: UserRole };
      frozenReason: string;
      auditReason?: string;
      extra?: Record<string, unknown>;
    },
  ): Promise<void> {
    const { actorId, user, frozenReason } = freeze;
    await this.repository.setFrozen(runner, user.id, frozenReason);
    const isStaff = user.role === 'support' || user.role === 'admin';
    const sessionsRevoked = isStaff ? await this.repository.revokeSessions(runner, user.id) : 0;
    await this.audit.record(runner, {
      actorId,
      action: 'user.freeze',
      targetType: 'user',
      targetId: user.id,
      reason: freeze.auditReason ?? frozenReason,
      before: { frozen: false },
      after: { frozen: true, ...freeze.extra, ...(isStaff ? { staff_sessions_revoked: sessionsRevoked } : {}) },
    });
  }

  /** Locks the account and freezes it unless it is frozen already; true when this call froze it. */
  async freezeUnlessFrozen(
    runner: SqlRunner,
    freeze: {
      actorId: string;
      userId: string;
      frozenReason: string;
      auditReason?: string;
      extra?: Record<string, unknown>;
    },
  ): Promise<boolean> {
    const user = await this.repository.lockUser(runner, freeze.userId);
    if (!user || user.frozen_at) return false;
    await this.freezeLocked(runner, { ...freeze, user });
    return true;
  }

  /** After the commit: the money gate already refuses every new stake, so nothing can slip in meanwhile. */
  async afterFreeze(userId: string): Promise<void> {
    // Sockets of revoked sessions are cut now rather than at the next periodic check.
    this.revocations.revoked(userId);
    await this.protection.cancelOpenRooms(userId);
  }
}
