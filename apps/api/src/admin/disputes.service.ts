import { Injectable } from '@nestjs/common';
import {
  ADMIN_MESSAGES,
  centsToDollars,
  DISPUTE_ERROR_CODES,
  DISPUTE_MESSAGES,
  HTTP_ERROR_MESSAGES,
  ROOM_ID_PATTERN,
  type AdminDisputeDto,
  type AdminDisputeSummaryDto,
  type DisputeDecision,
  type DisputeDto,
} from '@skillduel/contracts';
import type { EntityManager } from 'typeorm';
import { AppError } from '../common/app-error';
import { PG_UNIQUE_VIOLATION, SqlRunner } from '../database/sql';
import { LedgerService } from '../wallet/ledger/ledger.service';
import { AccountFreezeService } from './account-freeze.service';
import { AuditLogRepository } from './audit-log.repository';
import { DisputedMatchRow, DisputeRow, DisputesRepository } from './disputes.repository';
import { SeparationOfDutiesService } from './separation-of-duties.service';

const DECIDED_STATUS = { uphold: 'upheld', void: 'voided', award_other: 'awarded' } as const;

function toDto(row: DisputeRow): DisputeDto {
  return {
    id: row.id,
    room_id: row.room_id,
    round: row.round,
    status: row.status,
    reason: row.reason,
    decision_note: row.decision_note,
    created_at: row.created_at.toISOString(),
    decided_at: row.decided_at?.toISOString() ?? null,
  };
}

/**
 * Disputes of finished rounds (decision 1602): a player disputes within DISPUTE_WINDOW_HOURS (one per player and
 * round); support upholds the result or voids the match. A void reverses the settlement exactly once (ledger key
 * `dispute:<match>:void`): both wallets back to their pre-match balances, the fee returned; a winner who has already
 * withdrawn pays what the wallet holds, the rest becomes a receivable and the account is frozen.
 * Separation of duties (docs/decisions/2310): nobody decides a round they or a linked account played, and a void or
 * award moving more than FOUR_EYES_ABOVE is a proposal until a second staff member confirms it.
 */
@Injectable()
export class DisputesService {
  constructor(
    private readonly repository: DisputesRepository,
    private readonly ledger: LedgerService,
    private readonly audit: AuditLogRepository,
    private readonly duties: SeparationOfDutiesService,
    private readonly freezer: AccountFreezeService,
  ) {}

  async open(userId: string, roomId: string, round: number, reason: string): Promise<DisputeDto> {
    const match = await this.repository.findMatch(this.repository.runner, roomId, round, false);
    if (!match) throw AppError.notFound(HTTP_ERROR_MESSAGES[404]);
    if (match.player1_id !== userId && match.player2_id !== userId) {
      throw new AppError(403, DISPUTE_ERROR_CODES.notPlayer, DISPUTE_MESSAGES.notPlayer);
    }
    if (match.status !== 'finished') {
      throw AppError.conflict(DISPUTE_ERROR_CODES.notDisputable, DISPUTE_MESSAGES.notDisputable);
    }
    if (!match.within_window) throw AppError.conflict(DISPUTE_ERROR_CODES.windowClosed, DISPUTE_MESSAGES.windowClosed);
    try {
      await this.repository.insert(match.id, userId, reason);
    } catch (error) {
      if ((error as { code?: string }).code === PG_UNIQUE_VIOLATION) {
        throw AppError.conflict(DISPUTE_ERROR_CODES.alreadyDisputed, DISPUTE_MESSAGES.alreadyDisputed);
      }
      throw error;
    }
    const [created] = await this.mine(userId, roomId, round);
    return created;
  }

  async mine(userId: string, roomId: string, round: number): Promise<DisputeDto[]> {
    if (!ROOM_ID_PATTERN.test(roomId)) throw AppError.notFound();
    return (await this.repository.mine(userId, roomId, round)).map(toDto);
  }

  async list(status: 'open' | 'all'): Promise<AdminDisputeSummaryDto[]> {
    const summaries = (await this.repository.list(status)).map((row) => ({
      ...toDto(row),
      user_id: row.user_id,
      username: row.username,
      match_id: row.match_id,
    }));
    return this.duties.withPending('dispute', summaries, (row) => row.match_id);
  }

  async detail(disputeId: string): Promise<AdminDisputeDto> {
    const row = await this.findDispute(this.repository.runner, disputeId, false);
    const match = await this.repository.findMatch(this.repository.runner, row.room_id, row.round, false);
    if (!match) throw AppError.notFound();
    const ledger = await this.repository.ledgerLines(row.room_id, row.round, match.id);
    const [pending] = await this.duties.withPending('dispute', [match], (facts) => facts.id);
    return {
      ...toDto(row),
      pending_approval: pending.pending_approval,
      user_id: row.user_id,
      username: row.username,
      match_id: match.id,
      game_id: match.game_id,
      outcome: match.outcome,
      bet: centsToDollars(BigInt(match.bet_cents)),
      ledger: ledger.map((entry) => ({
        transaction_id: entry.transaction_id,
        kind: entry.kind,
        user_id: entry.user_id,
        amount: centsToDollars(BigInt(entry.amount_cents)),
        created_at: entry.created_at.toISOString(),
      })),
    };
  }

  async decide(actorId: string, disputeId: string, decision: DisputeDecision, note: string): Promise<AdminDisputeDto> {
    const frozenWinner = await this.repository.transaction(async (manager) => {
      const dispute = await this.findDispute(manager, disputeId, true);
      const match = await this.repository.findMatch(manager, dispute.room_id, dispute.round, true);
      if (!match) throw AppError.notFound();
      await this.duties.assertMayDecide(manager, actorId, { userIds: [dispute.user_id], matchIds: [match.id] });
      if (dispute.status !== 'open') throw AppError.conflict(DISPUTE_ERROR_CODES.decided, DISPUTE_MESSAGES.decided);
      if (decision === 'award_other' && !match.winner_id) {
        throw AppError.conflict(DISPUTE_ERROR_CODES.notDisputable, DISPUTE_MESSAGES.noWinnerToReverse);
      }
      const fourEyes = await this.duties.fourEyes(manager, {
        actorId,
        targetType: 'dispute',
        targetId: match.id,
        decision,
        note,
        // A void or award moves at most what was paid out; upholding (or reversing a round nobody won) moves nothing.
        amountCents: BigInt(match.payout_cents ?? '0'),
        movesMoney: decision !== 'uphold' && match.winner_id !== null,
        audit: { action: `dispute.${decision}`, targetType: 'dispute', targetId: disputeId },
      });
      if (fourEyes.kind === 'proposed') return null;
      const reversed =
        decision === 'uphold' ? null : await this.reverseSettlement(manager, actorId, match, note, decision);
      const status = DECIDED_STATUS[decision];
      await this.repository.decideOpen(manager, { matchId: match.id, status, note, actorId });
      await this.audit.record(manager, {
        actorId,
        action: `dispute.${decision}`,
        targetType: 'dispute',
        targetId: disputeId,
        reason: note,
        before: { status: 'open', outcome: match.outcome, winner_id: match.winner_id },
        after: { status, reversal: reversed?.audit ?? null, ...fourEyes.auditFields },
      });
      return reversed?.frozenUserId ?? null;
    });
    if (frozenWinner) await this.freezer.afterFreeze(frozenWinner);
    return this.detail(disputeId);
  }

  /**
   * One balanced ledger transaction, exactly once per match (one key per match whatever the decision): a void gives
   * the loser's stake back and takes the winner's gain back (fee returned); an award pays the loser what the winner
   * was paid and takes the whole payout back from the winner. A tie or void round had nothing paid to reverse.
   */
  private async reverseSettlement(
    manager: EntityManager,
    actorId: string,
    match: DisputedMatchRow,
    note: string,
    decision: 'void' | 'award_other',
  ): Promise<{ audit: Record<string, unknown>; frozenUserId: string | null } | null> {
    if (!match.winner_id) return null;
    const winnerId = match.winner_id;
    const loserId = match.player1_id === winnerId ? match.player2_id : match.player1_id;
    const betCents = BigInt(match.bet_cents);
    const feeCents = BigInt(match.fee_cents ?? '0');
    const payoutCents = BigInt(match.payout_cents ?? '0');
    // What comes back from the winner, and what goes to the loser.
    const takeCents = decision === 'void' ? payoutCents - betCents : payoutCents;
    const giveCents = decision === 'void' ? betCents : payoutCents;
    // Wallets in id order (the ledger's lock order), so two reversals never wait on each other.
    const [first, second] = [winnerId, loserId].sort();
    const wallets = new Map([
      [first, await this.ledger.lockWallet(first, manager)],
      [second, await this.ledger.lockWallet(second, manager)],
    ]);
    const winnerWallet = wallets.get(winnerId);
    const loserWallet = wallets.get(loserId);
    if (!winnerWallet || !loserWallet) throw new Error('wallets vanished under their lock');
    const fromWinner = takeCents <= winnerWallet.balanceCents ? takeCents : winnerWallet.balanceCents;
    const shortfallCents = takeCents - fromWinner;
    const entries = [{ accountId: loserWallet.id, amountCents: giveCents }];
    if (fromWinner > 0n) entries.push({ accountId: winnerWallet.id, amountCents: -fromWinner });
    // A void returns the fee; an award keeps it (the pot was still paid out, to the other player). The fee leaves
    // the platform fee sub-account the settlement paid it into (decision 2801), so that one can never go negative.
    if (decision === 'void' && feeCents > 0n) {
      const feeAccount = match.fee_account_id ?? (await this.ledger.systemAccount('platform_fee'));
      entries.push({ accountId: feeAccount, amountCents: -feeCents });
    }
    if (shortfallCents > 0n) {
      entries.push({ accountId: await this.ledger.systemAccount('player_receivables'), amountCents: -shortfallCents });
    }
    const posted = await this.ledger.post(
      {
        kind: 'match_reversal',
        idempotencyKey: `dispute:${match.id}:reversal`,
        entries,
        references: { roomId: match.room_id, userId: winnerId },
        metadata: {
          round: match.round,
          match_id: match.id,
          decision,
          reason: note,
          receivable_cents: shortfallCents.toString(),
        },
      },
      manager,
    );
    // A winner who cannot pay back what the void takes is frozen until the receivable is settled.
    let frozenUserId: string | null = null;
    if (shortfallCents > 0n) {
      const owed = centsToDollars(shortfallCents).toFixed(2);
      const frozen = await this.freezer.freezeUnlessFrozen(manager, {
        actorId,
        userId: winnerId,
        frozenReason: `Owes $${owed} after a voided match`,
        auditReason: `${ADMIN_MESSAGES.accountFrozen} Owes $${owed} after a voided match.`,
        extra: { receivable_cents: shortfallCents.toString() },
      });
      if (frozen) frozenUserId = winnerId;
    }
    const audit = {
      transaction_id: posted.transactionId,
      replayed: posted.replayed,
      decision,
      to_loser_cents: giveCents.toString(),
      from_winner_cents: fromWinner.toString(),
      fee_returned_cents: decision === 'void' ? feeCents.toString() : '0',
      receivable_cents: shortfallCents.toString(),
    };
    return { audit, frozenUserId };
  }

  private async findDispute(runner: SqlRunner, disputeId: string, lock: boolean): Promise<DisputeRow> {
    const row = await this.repository.find(runner, disputeId, lock);
    if (!row) throw AppError.notFound();
    return row;
  }
}
