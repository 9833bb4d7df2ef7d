import { Injectable } from '@nestjs/common';
import {
  FAIR_PLAY_ERROR_CODES,
  FAIR_PLAY_MESSAGES,
  type AdminFairPlayEvidenceDto,
  type AdminReviewDto,
  type FairPlayReviewDecision,
} from '@skillduel/contracts';
import { AuditLogRepository } from '../admin/audit-log.repository';
import { SeparationOfDutiesService } from '../admin/separation-of-duties.service';
import { AppError } from '../common/app-error';
import { MatchSettlementService } from '../rooms/match-settlement.service';
import { MatchXpService } from '../rooms/match-xp.service';
import { RoomEscrowService } from '../rooms/room-escrow.service';
import { MatchesRepository, MatchRecord } from '../rooms/matches.repository';
import { RoomsRepository } from '../rooms/rooms.repository';
import { FairPlayReviewsRepository } from './fair-play-reviews.repository';

/**
 * Support's decision on a round whose payout was held for fair-play review (decision 1802): `release` pays the
 * round exactly as the engine decided it (the settlement that was skipped, with its usual ledger key), `void`
 * refunds both stakes. Either happens once: under the room's row lock (the lock order of every settlement), the
 * review row is locked and must still be `held`. Separation of duties (docs/decisions/2310): nobody decides a round
 * they or a linked account played, and either decision on a pot above FOUR_EYES_ABOVE is a proposal until a second
 * staff member confirms it.
 */
@Injectable()
export class FairPlayReviewService {
  constructor(
    private readonly rooms: RoomsRepository,
    private readonly matches: MatchesRepository,
    private readonly escrow: RoomEscrowService,
    private readonly settlement: MatchSettlementService,
    private readonly matchXp: MatchXpService,
    private readonly reviews: FairPlayReviewsRepository,
    private readonly audit: AuditLogRepository,
    private readonly duties: SeparationOfDutiesService,
  ) {}

  async list(status: 'held' | 'all'): Promise<AdminReviewDto[]> {
    const reviews = await this.reviews.list(this.rooms.runner, status);
    return this.duties.withPending('fair_play_review', reviews, (review) => review.match_id);
  }

  async detail(matchId: string): Promise<AdminReviewDto> {
    const review = await this.reviews.find(this.rooms.runner, matchId);
    if (!review) throw AppError.notFound();
    const [withPending] = await this.duties.withPending('fair_play_review', [review], (row) => row.match_id);
    return withPending;
  }

  /** A staff member reads a player's fair-play evidence (their rounds and signals): audited as a read. */
  async evidenceOfUser(actorId: string, userId: string): Promise<AdminFairPlayEvidenceDto[]> {
    const evidence = await this.reviews.evidenceOfUser(this.rooms.runner, userId);
    await this.audit.recordRead(this.rooms.runner, { actorId, action: 'user.fair_play_viewed', userId });
    return evidence;
  }

  async decide(
    actorId: string,
    matchId: string,
    decision: FairPlayReviewDecision,
    note: string,
  ): Promise<AdminReviewDto> {
    const before = await this.detail(matchId);
    const released = await this.rooms.transaction(async (manager) => {
      await this.rooms.lockRoom(manager, before.room_id);
      const review = await this.reviews.lockReview(manager, matchId);
      const match = await this.matches.findMatch(manager, before.room_id, before.round);
      if (!review || !match) throw AppError.notFound();
      await this.duties.assertMayDecide(manager, actorId, { matchIds: [match.id] });
      if (review.status !== 'held' || match.status !== 'held' || match.outcome === null) {
        throw AppError.conflict(FAIR_PLAY_ERROR_CODES.reviewDecided, FAIR_PLAY_MESSAGES.reviewDecided);
      }
      // Either decision empties the escrowed pot (both stakes) towards the players.
      const fourEyes = await this.duties.fourEyes(manager, {
        actorId,
        targetType: 'fair_play_review',
        targetId: match.id,
        decision,
        note,
        amountCents: match.betCents * 2n,
        movesMoney: true,
        audit: { action: `fair_play_review.${decision}`, targetType: 'match', targetId: matchId },
      });
      if (fourEyes.kind === 'proposed') return null;
      const outcome = decision === 'release' ? match.outcome : 'void';
      const settled = await this.escrow.settle(manager, match, outcome);
      await this.reviews.closeHeldMatch(manager, match.id, {
        status: outcome === 'void' ? 'void' : 'finished',
        outcome,
        winnerId: settled.winnerId,
        feeCents: settled.feeCents,
        payoutCents: settled.payoutCents,
        settlementTransactionId: settled.transactionId,
      });
      await this.settlement.applyResult(manager, match, outcome);
      const status = decision === 'release' ? 'released' : 'voided';
      await this.reviews.decide(manager, matchId, status, note, actorId);
      await this.audit.record(manager, {
        actorId,
        action: `fair_play_review.${decision}`,
        targetType: 'match',
        targetId: matchId,
        reason: note,
        before: { status: 'held', outcome: match.outcome, held_user_id: before.held_user_id },
        after: {
          status,
          outcome,
          winner_id: settled.winnerId,
          payout_cents: settled.payoutCents.toString(),
          ...fourEyes.auditFields,
        },
      });
      return outcome === 'void' ? null : ({ ...match, outcome, status: 'finished' } satisfies MatchRecord);
    });
    // XP follows a paid result, as after any settlement (decision 0606); the sweep retries it if this fails.
    if (released) void this.matchXp.grant(released).catch(() => undefined);
    return this.detail(matchId);
  }
}
