import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ADMIN_ERROR_CODES, ADMIN_MESSAGES, type WithPendingApproval } from '@skillduel/contracts';
import { DataSource } from 'typeorm';
import { AppError } from '../common/app-error';
import { AppConfig } from '../config/app-config';
import { SqlRunner } from '../database/sql';
import { AuditEntry, AuditLogRepository } from './audit-log.repository';
import {
  ApprovalTargetType,
  SeparationOfDutiesRepository,
  toPendingApprovalDto,
} from './separation-of-duties.repository';

/** Whom a staff decision concerns: accounts named directly, and the players of the rounds it touches. */
export interface DecisionSubjects {
  userIds?: string[];
  matchIds?: string[];
}

export interface FourEyesRequest {
  actorId: string;
  targetType: ApprovalTargetType;
  targetId: string;
  decision: string;
  note: string;
  /** What the decision would move; it needs a second person only when `movesMoney` and above FOUR_EYES_ABOVE. */
  amountCents: bigint;
  movesMoney: boolean;
  /** How the decision itself is audited, e.g. `withdrawal.approve` on the withdrawal: a proposal adds `_proposed`. */
  audit: Pick<AuditEntry, 'action' | 'targetType' | 'targetId'>;
}

export type FourEyesOutcome =
  /** Only a proposal was recorded (and audited): nothing else may change in this transaction. */
  | { kind: 'proposed' }
  /** Go ahead; `auditFields` (who proposed, what was superseded) belong in the decision's audit entry. */
  | { kind: 'proceed'; auditFields: Record<string, unknown> };

/**
 * Separation of duties for every /api/admin decision (docs/decisions/2310-separation-of-duties.md), in one place:
 * - nobody decides anything that concerns their own account, a round they played, or an account that shares a
 *   device id or IP address with theirs (403 CONFLICT_OF_INTEREST); support never acts on an admin (403
 *   ADMIN_TARGET);
 * - a money decision above FOUR_EYES_ABOVE dollars is first a proposal; a second, different staff member making the
 *   same decision confirms it and only then does the money move. The rules above apply to the confirmer too, since
 *   each call checks its own actor.
 * Callers run both checks inside their own transaction, after locking the item they decide on.
 */
@Injectable()
export class SeparationOfDutiesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly repository: SeparationOfDutiesRepository,
    private readonly audit: AuditLogRepository,
    private readonly config: AppConfig,
  ) {}

  async assertMayDecide(runner: SqlRunner, actorId: string, subjects: DecisionSubjects): Promise<void> {
    const players = await this.repository.playersOfMatches(runner, subjects.matchIds ?? []);
    const concerned = [...new Set([...(subjects.userIds ?? []), ...players])];
    if (concerned.includes(actorId)) throw this.conflictOfInterest();
    const roles = await this.repository.rolesOf(runner, [actorId, ...concerned]);
    if (roles.get(actorId) !== 'admin' && concerned.some((userId) => roles.get(userId) === 'admin')) {
      throw new AppError(403, ADMIN_ERROR_CODES.adminTarget, ADMIN_MESSAGES.adminTarget);
    }
    const linked = await this.repository.linkedAccounts(runner, actorId, concerned, this.config.CONFLICT_SHARED_IP);
    if (linked.length > 0) throw this.conflictOfInterest();
  }

  /** Whether this decision is a proposal, a confirmation or a single-person decision (see the class comment). */
  async fourEyes(runner: SqlRunner, request: FourEyesRequest): Promise<FourEyesOutcome> {
    const pending = await this.repository.lockPending(runner, request.targetType, request.targetId);
    const needsTwo = request.movesMoney && request.amountCents > BigInt(this.config.FOUR_EYES_ABOVE) * 100n;
    // A proposal counts only while its author could still make it: a frozen proposer's is set aside.
    const sameDecision = pending !== null && pending.decision === request.decision && !pending.proposer_frozen;
    if (needsTwo && sameDecision && pending.proposed_by !== request.actorId) {
      await this.repository.close(runner, pending.id, 'confirmed', request.actorId);
      return {
        kind: 'proceed',
        auditFields: {
          four_eyes: {
            proposed_by: pending.proposed_by,
            proposed_by_username: pending.proposed_by_username,
            proposal_note: pending.note,
            proposed_at: pending.proposed_at.toISOString(),
            confirmed_by: request.actorId,
          },
        },
      };
    }
    if (needsTwo && sameDecision) {
      throw AppError.conflict(ADMIN_ERROR_CODES.awaitingSecondApproval, ADMIN_MESSAGES.awaitingSecondApproval);
    }
    // A different decision (or one that needs no second person) replaces whatever was proposed before.
    const superseded = pending
      ? { superseded_proposal: { decision: pending.decision, proposed_by: pending.proposed_by } }
      : {};
    if (pending) await this.repository.close(runner, pending.id, 'superseded', request.actorId);
    if (!needsTwo) return { kind: 'proceed', auditFields: superseded };
    await this.repository.propose(runner, {
      targetType: request.targetType,
      targetId: request.targetId,
      decision: request.decision,
      note: request.note,
      amountCents: request.amountCents,
      proposedBy: request.actorId,
    });
    await this.audit.record(runner, {
      ...request.audit,
      action: `${request.audit.action}_proposed`,
      actorId: request.actorId,
      reason: request.note,
      before: { pending_approval: null },
      after: {
        pending_approval: { decision: request.decision, amount_cents: request.amountCents.toString() },
        awaiting: 'second approval by another staff member',
        four_eyes_above_dollars: this.config.FOUR_EYES_ABOVE,
        ...superseded,
      },
    });
    return { kind: 'proposed' };
  }

  /** The queue items with their pending proposal, if any (`pending_approval`). */
  async withPending<T>(
    targetType: ApprovalTargetType,
    items: T[],
    idOf: (item: T) => string,
  ): Promise<(T & WithPendingApproval)[]> {
    const pending = await this.repository.pendingFor(this.dataSource.manager, targetType, items.map(idOf));
    return items.map((item) => {
      const row = pending.get(idOf(item));
      return { ...item, pending_approval: row ? toPendingApprovalDto(row) : null };
    });
  }

  private conflictOfInterest(): AppError {
    return new AppError(403, ADMIN_ERROR_CODES.conflictOfInterest, ADMIN_MESSAGES.conflictOfInterest);
  }
}
