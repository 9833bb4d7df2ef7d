import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  centsToDollars,
  KYC_ERROR_CODES,
  KYC_MESSAGES,
  KYC_REVIEW_ERROR_CODES,
  KYC_REVIEW_MESSAGES,
  type AdminKycDecisionDto,
  type AdminKycDecisionRequestDto,
  type AdminKycReviewDto,
  type KycReviewKind,
  type SourceOfFundsRequestDto,
} from '@skillduel/contracts';
import { DataSource } from 'typeorm';
import { AuditLogRepository } from '../admin/audit-log.repository';
import { SeparationOfDutiesService } from '../admin/separation-of-duties.service';
import { AppError } from '../common/app-error';
import type { SqlRunner } from '../database/sql';
import { KycReviewItem, KycReviewRepository } from './kyc-review.repository';
import { tierOf, tierRank } from './kyc-rules';
import { KycRepository } from './kyc.repository';

/** The queue shows this many items at most, oldest first. */
const QUEUE_LIMIT = 200;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const nothingToReview = (): AppError =>
  AppError.conflict(KYC_REVIEW_ERROR_CODES.nothingToReview, KYC_REVIEW_MESSAGES.nothingToReview);

/**
 * Support's side of identity verification (docs/product/kyc.md#support): the queue of identities the provider sent
 * to review and of source-of-funds declarations, and support's decision on each, with a reason, audited. The same
 * separation of duties as every console decision: nobody decides on their own or a linked account, support never
 * on an admin. No decision here moves money, so none needs a second person; an identity rejected by support keeps
 * the player's pending withdrawals held (they were held when the provider sent it to review).
 */
@Injectable()
export class KycReviewService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reviews: KycReviewRepository,
    private readonly kyc: KycRepository,
    private readonly audit: AuditLogRepository,
    private readonly duties: SeparationOfDutiesService,
  ) {}

  async queue(): Promise<AdminKycReviewDto[]> {
    const runner = this.dataSource.manager;
    const items = await this.reviews.queue(runner, QUEUE_LIMIT);
    const answer: AdminKycReviewDto[] = [];
    for (const item of items) answer.push(await this.toDto(runner, item));
    return answer;
  }

  /** The player's source-of-funds declaration (needs the verified tier); replaces a waiting or rejected one. */
  submitSourceOfFunds(userId: string, dto: SourceOfFundsRequestDto): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      await this.kyc.lockProfile(manager, userId);
      const player = await this.kyc.player(manager, userId);
      if (!player) throw new AppError(401, 'UNAUTHORIZED', 'Authentication required');
      const tier = tierOf(player);
      if (tier === 'enhanced') {
        throw AppError.conflict(KYC_REVIEW_ERROR_CODES.alreadyEnhanced, KYC_REVIEW_MESSAGES.alreadyEnhanced);
      }
      if (tierRank(tier) < tierRank('verified')) {
        throw new AppError(
          403,
          KYC_ERROR_CODES.verificationRequired,
          KYC_MESSAGES.verificationRequired('verified'),
          undefined,
          { tier: 'verified', reason: 'source_of_funds' },
        );
      }
      await this.reviews.submitSourceOfFunds(manager, userId, { source: dto.source, details: dto.details });
    });
  }

  decideIdentity(actorId: string, userId: string, dto: AdminKycDecisionRequestDto): Promise<AdminKycDecisionDto> {
    return this.decide(actorId, userId, 'identity', dto, async (manager, profile) => {
      if (profile.status !== 'needs_review') throw nothingToReview();
      const status = dto.decision === 'approve' ? 'approved' : 'rejected_retry';
      await this.reviews.setIdentityStatus(manager, userId, profile.currentReference, status);
      if (status === 'rejected_retry') await this.kyc.holdPendingWithdrawals(manager, userId);
      return { before: { status: profile.status }, after: { status, reference: profile.currentReference } };
    });
  }

  decideSourceOfFunds(actorId: string, userId: string, dto: AdminKycDecisionRequestDto): Promise<AdminKycDecisionDto> {
    return this.decide(actorId, userId, 'source_of_funds', dto, async (manager, profile) => {
      if (!profile.sourceOfFundsWaiting) throw nothingToReview();
      const approved = dto.decision === 'approve';
      await this.reviews.decideSourceOfFunds(manager, userId, { approved, actorId, reason: dto.reason });
      return {
        before: { source_of_funds: profile.sourceOfFunds, reviewed: false },
        after: { source_of_funds: approved ? profile.sourceOfFunds : null, reviewed: approved },
      };
    });
  }

  /** Locks the profile, checks who may decide, applies the decision and audits it, in one transaction. */
  private async decide(
    actorId: string,
    userId: string,
    kind: KycReviewKind,
    dto: AdminKycDecisionRequestDto,
    apply: (
      manager: SqlRunner,
      profile: NonNullable<Awaited<ReturnType<KycReviewRepository['lockProfile']>>>,
    ) => Promise<{ before: Record<string, unknown>; after: Record<string, unknown> }>,
  ): Promise<AdminKycDecisionDto> {
    if (!UUID_PATTERN.test(userId)) throw AppError.notFound();
    return this.dataSource.transaction(async (manager) => {
      const profile = await this.reviews.lockProfile(manager, userId);
      if (!profile) throw nothingToReview();
      await this.duties.assertMayDecide(manager, actorId, { userIds: [userId] });
      const change = await apply(manager, profile);
      await this.audit.record(manager, {
        actorId,
        action: `kyc.${kind}_${dto.decision}`,
        targetType: 'user',
        targetId: userId,
        reason: dto.reason,
        before: change.before,
        after: change.after,
      });
      const player = await this.kyc.player(manager, userId);
      if (!player) throw nothingToReview();
      return { user_id: userId, kind, decision: dto.decision, tier: tierOf(player), status: player.status };
    });
  }

  private async toDto(runner: SqlRunner, item: KycReviewItem): Promise<AdminKycReviewDto> {
    const player = await this.kyc.player(runner, item.userId);
    return {
      kind: item.kind,
      user_id: item.userId,
      username: item.username,
      tier: player ? tierOf(player) : 'none',
      status: item.status,
      reference: item.reference,
      declared_date_of_birth: item.declaredDateOfBirth,
      verified_name: item.verifiedName,
      verified_date_of_birth: item.verifiedDateOfBirth,
      reasons: item.reasons,
      source_of_funds: item.sourceOfFunds,
      held_withdrawals: centsToDollars(item.heldWithdrawalsCents),
      since: item.since.toISOString(),
    };
  }
}
