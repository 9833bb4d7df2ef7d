import { Injectable, Logger } from '@nestjs/common';
import {
  ADMIN_ERROR_CODES,
  ADMIN_MESSAGES,
  DISPUTE_ERROR_CODES,
  DISPUTE_MESSAGES,
  type AdminAuditEntryDto,
  type AdminFlagDto,
  type FlagResolution,
  type AdminUserDetailDto,
  type AdminUserSummaryDto,
  type StaffMeDto,
  type UserRole,
} from '@skillduel/contracts';
import { AppError } from '../common/app-error';
import { WithdrawalReviewService } from '../wallet/withdrawal-review.service';
import { AccountFreezeService } from './account-freeze.service';
import { AdminRepository } from './admin.repository';
import { SeparationOfDutiesService } from './separation-of-duties.service';
import { AuditLogRepository } from './audit-log.repository';
import { FairPlayFlagsRepository } from './fair-play-flags.repository';
import { StaffRolesService } from './staff-roles.service';

/**
 * The operator console's rules (docs/decisions/1601): every change is made under the target's row lock and written
 * to the audit trail in the same transaction. Nobody acts on their own or a linked account, support never on an
 * admin (SeparationOfDutiesService, decision 2310); freezing goes through AccountFreezeService.
 */
@Injectable()
export class AdminService {
  private readonly logger = new Logger('Admin');

  constructor(
    private readonly repository: AdminRepository,
    private readonly audit: AuditLogRepository,
    private readonly roles: StaffRolesService,
    private readonly withdrawals: WithdrawalReviewService,
    private readonly flagsRepository: FairPlayFlagsRepository,
    private readonly duties: SeparationOfDutiesService,
    private readonly freezer: AccountFreezeService,
  ) {}

  async me(userId: string, username: string): Promise<StaffMeDto> {
    return { user_id: userId, username, role: (await this.roles.roleOf(userId)) ?? 'player' };
  }

  /** Finds users; every user the answer shows gets a `user.searched` audit entry (who looked at whom). */
  async search(actorId: string, q: string | undefined): Promise<AdminUserSummaryDto[]> {
    const users = await this.repository.search(q ?? '');
    await this.audit.recordSearchResults(this.repository.runner, {
      actorId,
      query: q ?? '',
      userIds: users.map((user) => user.id),
    });
    return users;
  }

  /**
   * A staff member opens a user's page (profile, sessions, ledger, matches, withdrawals, limits): personal data, so
   * the read itself is written to the audit trail (`user.viewed`) before the page is returned.
   */
  async viewUser(actorId: string, userId: string): Promise<AdminUserDetailDto> {
    const detail = await this.user(userId);
    await this.audit.recordRead(this.repository.runner, { actorId, action: 'user.viewed', userId });
    return detail;
  }

  async user(userId: string): Promise<AdminUserDetailDto> {
    const detail = await this.repository.detail(userId);
    if (!detail) throw AppError.notFound();
    return { ...detail, withdrawals: await this.withdrawals.list('all', userId) };
  }

  /** Freezes the account (no deposit, stake or withdrawal); its waiting rooms are then closed and refunded. */
  async freeze(actorId: string, userId: string, reason: string): Promise<AdminUserDetailDto> {
    await this.repository.transaction(async (runner) => {
      const user = await this.repository.lockUser(runner, userId);
      if (!user) throw AppError.notFound();
      await this.duties.assertMayDecide(runner, actorId, { userIds: [userId] });
      if (user.frozen_at) throw AppError.conflict(ADMIN_ERROR_CODES.alreadyFrozen, ADMIN_MESSAGES.alreadyFrozen);
      await this.freezer.freezeLocked(runner, { actorId, user, frozenReason: reason });
    });
    await this.freezer.afterFreeze(userId);
    return this.user(userId);
  }

  async unfreeze(actorId: string, userId: string, reason: string): Promise<AdminUserDetailDto> {
    await this.repository.transaction(async (runner) => {
      const user = await this.repository.lockUser(runner, userId);
      if (!user) throw AppError.notFound();
      await this.duties.assertMayDecide(runner, actorId, { userIds: [userId] });
      if (!user.frozen_at) throw AppError.conflict(ADMIN_ERROR_CODES.notFrozen, ADMIN_MESSAGES.notFrozen);
      await this.repository.setFrozen(runner, userId, null);
      await this.audit.record(runner, {
        actorId,
        action: 'user.unfreeze',
        targetType: 'user',
        targetId: userId,
        reason,
        before: { frozen: true, frozen_reason: user.frozen_reason },
        after: { frozen: false },
      });
    });
    return this.user(userId);
  }

  /**
   * Admin only (the guard). Nobody changes their own role or a linked account's (403 CONFLICT_OF_INTEREST), so the
   * last admin cannot lock everyone out by mistake and nobody promotes their own second account.
   */
  async setRole(actorId: string, userId: string, role: UserRole, reason: string): Promise<AdminUserDetailDto> {
    await this.repository.transaction(async (runner) => {
      const user = await this.repository.lockUser(runner, userId);
      if (!user) throw AppError.notFound();
      await this.duties.assertMayDecide(runner, actorId, { userIds: [userId] });
      if (user.role === role) return;
      await this.repository.setRole(runner, userId, role);
      await this.audit.record(runner, {
        actorId,
        action: 'user.role_change',
        targetType: 'user',
        targetId: userId,
        reason,
        before: { role: user.role },
        after: { role },
      });
    });
    this.logger.warn({ actorId, userId, role }, 'Role changed');
    return this.user(userId);
  }

  flags(status: 'open' | 'all', userId?: string): Promise<AdminFlagDto[]> {
    return this.flagsRepository.list(this.repository.runner, { status, userId });
  }

  /** Dismiss, warn or freeze (the account, as a freeze from its page would) — with the note in the audit trail. */
  async resolveFlag(actorId: string, flagId: string, action: FlagResolution, note: string): Promise<AdminFlagDto[]> {
    const userId = await this.repository.transaction(async (runner) => {
      const flag = await this.flagsRepository.lockFlag(runner, flagId);
      if (!flag) throw AppError.notFound();
      // A flag concerns its account and, when raised by a round, both players of that round.
      await this.duties.assertMayDecide(runner, actorId, {
        userIds: [flag.user_id],
        matchIds: flag.match_id ? [flag.match_id] : [],
      });
      if (flag.status !== 'open')
        throw AppError.conflict(DISPUTE_ERROR_CODES.flagResolved, DISPUTE_MESSAGES.flagResolved);
      const status = action === 'dismiss' ? 'dismissed' : action === 'warn' ? 'warned' : 'frozen';
      await this.flagsRepository.resolve(runner, flagId, status, note, actorId);
      await this.audit.record(runner, {
        actorId,
        action: `flag.${action}`,
        targetType: 'flag',
        targetId: flagId,
        reason: note,
        before: { status: 'open', kind: flag.kind, user_id: flag.user_id },
        after: { status },
      });
      if (action === 'freeze') {
        await this.freezer.freezeUnlessFrozen(runner, {
          actorId,
          userId: flag.user_id,
          frozenReason: note,
          extra: { flag_id: flagId },
        });
      }
      return flag.user_id;
    });
    if (action === 'freeze') await this.freezer.afterFreeze(userId);
    return this.flags('all', userId);
  }

  auditLog(filter: { actorId?: string; targetId?: string; action?: string }): Promise<AdminAuditEntryDto[]> {
    return this.audit.list(this.repository.runner, filter, 200);
  }
}
