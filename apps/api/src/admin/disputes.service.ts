import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ADMIN_MESSAGES,
  centsToDollars,
  DISPUTE_ERROR_CODES,
  DISPUTE_MESSAGES,
  DISPUTE_WINDOW_HOURS,
  HTTP_ERROR_MESSAGES,
  ROOM_ID_PATTERN,
  type AdminDisputeDto,
  type AdminDisputeSummaryDto,
  type DisputeDecision,
  type DisputeDto,
} from '@skillduel/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../common/app-error';
import { PG_UNIQUE_VIOLATION, queryRows, SqlRunner } from '../database/sql';
import { LedgerService } from '../wallet/ledger/ledger.service';
import { AuditLogRepository } from './audit-log.repository';
import { SeparationOfDutiesService } from './separation-of-duties.service';

interface MatchFacts {
  id: string;
  room_id: string;
  round: number;
  game_id: string;
  player1_id: string;
  player2_id: string;
  status: string;
  outcome: string | null;
  winner_id: string | null;
  bet_cents: string;
  payout_cents: string | null;
  fee_cents: string | null;
  ended_at: Date | null;
  within_window: boolean;
}

const DECIDED_STATUS = { uphold: 'upheld', void: 'voided', award_other: 'awarded' } as const;

interface DisputeRow {
  id: string;
  match_id: string;
  user_id: string;
  username: string;
  room_id: string;
  round: number;
  status: 'open' | 'upheld' | 'voided' | 'awarded';
  reason: string;
  decision_note: string | null;
  created_at: Date;
  decided_at: Date | null;
}

const DISPUTE_SELECT = `SELECT d.id, d.match_id, d.user_id, u.username, m.room_id, m.round, d.status, d.reason,
  d.decision_note, d.created_at, d.decided_at
  FROM match_disputes d JOIN matches m ON m.id = d.match_id JOIN users u ON u.id = d.user_id`;

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
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly audit: AuditLogRepository,
    private readonly duties: SeparationOfDutiesService,
  ) {}

  async open(userId: string, roomId: string, round: number, reason: string): Promise<DisputeDto> {
    const match = await this.findMatch(this.dataSource.manager, roomId, round, false);
    if (!match) throw AppError.notFound(HTTP_ERROR_MESSAGES[404]);
    if (match.player1_id !== userId && match.player2_id !== userId) {
      throw new AppError(403, DISPUTE_ERROR_CODES.notPlayer, DISPUTE_MESSAGES.notPlayer);
    }
    if (match.status !== 'finished') {
      throw AppError.conflict(DISPUTE_ERROR_CODES.notDisputable, DISPUTE_MESSAGES.notDisputable);
    }
    if (!match.within_window) throw AppError.conflict(DISPUTE_ERROR_CODES.windowClosed, DISPUTE_MESSAGES.windowClosed);
    try {
      await this.dataSource.query(`INSERT INTO match_disputes (match_id, user_id, reason) VALUES ($1, $2, $3)`, [
        match.id,
        userId,
        reason,
      ]);
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
    const rows = await queryRows<DisputeRow>(
      this.dataSource.manager,
      `${DISPUTE_SELECT} WHERE d.user_id = $1 AND m.room_id = $2 AND m.round = $3`,
      [userId, roomId, round],
    );
    return rows.map(toDto);
  }

  async list(status: 'open' | 'all'): Promise<AdminDisputeSummaryDto[]> {
    const rows = await queryRows<DisputeRow>(
      this.dataSource.manager,
      `${DISPUTE_SELECT} WHERE $1::text = 'all' OR d.status = 'open' ORDER BY d.created_at DESC LIMIT 200`,
      [status],
    );
    const summaries = rows.map((row) => ({
      ...toDto(row),
      user_id: row.user_id,
      username: row.username,
      match_id: row.match_id,
    }));
    return this.duties.withPending('dispute', summaries, (row) => row.match_id);
  }

  async detail(disputeId: string): Promise<AdminDisputeDto> {
    const row = await this.findDispute(this.dataSource.manager, disputeId, false);
    const match = await this.findMatch(this.dataSource.manager, row.room_id, row.round, false);
    if (!match) throw AppError.notFound();
    const ledger = await queryRows<{
      transaction_id: string;
      kind: string;
      user_id: string | null;
      amount_cents: string;
      created_at: Date;
    }>(
      this.dataSource.manager,
      `SELECT t.id AS transaction_id, t.kind, a.user_id, e.amount_cents::text, t.created_at
         FROM ledger_transactions t
         JOIN ledger_entries e ON e.transaction_id = t.id
         JOIN ledger_accounts a ON a.id = e.account_id
        WHERE a.kind = 'user_wallet'
          AND ((t.room_id = $1 AND (t.metadata->>'round')::int = $2) OR t.idempotency_key LIKE 'dispute:' || $3 || ':%')
        ORDER BY t.created_at, e.id`,
      [row.room_id, row.round, match.id],
    );
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
    await this.dataSource.transaction(async (manager) => {
      const dispute = await this.findDispute(manager, disputeId, true);
      const match = await this.findMatch(manager, dispute.room_id, dispute.round, true);
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
      if (fourEyes.kind === 'proposed') return;
      const reversal =
        decision === 'uphold' ? null : await this.reverseSettlement(manager, actorId, match, note, decision);
      const status = DECIDED_STATUS[decision];
      // Both players' disputes of the round get the decision (a void is a void for both).
      await manager.query(
        `UPDATE match_disputes SET status = $2, decision_note = $3, decided_by = $4, decided_at = now()
          WHERE match_id = $1 AND status = 'open'`,
        [match.id, status, note, actorId],
      );
      await this.audit.record(manager, {
        actorId,
        action: `dispute.${decision}`,
        targetType: 'dispute',
        targetId: disputeId,
        reason: note,
        before: { status: 'open', outcome: match.outcome, winner_id: match.winner_id },
        after: { status, reversal, ...fourEyes.auditFields },
      });
    });
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
    match: MatchFacts,
    note: string,
    decision: 'void' | 'award_other',
  ): Promise<Record<string, unknown> | null> {
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
    // A void returns the fee; an award keeps it (the pot was still paid out, to the other player).
    if (decision === 'void' && feeCents > 0n) {
      entries.push({ accountId: await this.ledger.systemAccount('platform_fee'), amountCents: -feeCents });
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
    if (shortfallCents > 0n) {
      const owed = centsToDollars(shortfallCents).toFixed(2);
      const frozen = await queryRows<{ id: string }>(
        manager,
        `UPDATE users SET frozen_at = now(), frozen_reason = $2, updated_at = now()
          WHERE id = $1 AND frozen_at IS NULL RETURNING id`,
        [winnerId, `Owes $${owed} after a voided match`],
      );
      if (frozen.length > 0) {
        await this.audit.record(manager, {
          actorId,
          action: 'user.freeze',
          targetType: 'user',
          targetId: winnerId,
          reason: `${ADMIN_MESSAGES.accountFrozen} Owes $${owed} after a voided match.`,
          before: { frozen: false },
          after: { frozen: true, receivable_cents: shortfallCents.toString() },
        });
      }
    }
    return {
      transaction_id: posted.transactionId,
      replayed: posted.replayed,
      decision,
      to_loser_cents: giveCents.toString(),
      from_winner_cents: fromWinner.toString(),
      fee_returned_cents: decision === 'void' ? feeCents.toString() : '0',
      receivable_cents: shortfallCents.toString(),
    };
  }

  private async findDispute(runner: SqlRunner, disputeId: string, lock: boolean): Promise<DisputeRow> {
    if (!/^[0-9a-f-]{36}$/i.test(disputeId)) throw AppError.notFound();
    const rows = await queryRows<DisputeRow>(
      runner,
      `${DISPUTE_SELECT} WHERE d.id = $1 ${lock ? 'FOR UPDATE OF d' : ''}`,
      [disputeId],
    );
    if (!rows[0]) throw AppError.notFound();
    return rows[0];
  }

  private async findMatch(runner: SqlRunner, roomId: string, round: number, lock: boolean): Promise<MatchFacts | null> {
    if (!ROOM_ID_PATTERN.test(roomId) || !Number.isInteger(round) || round < 1) return null;
    const rows = await queryRows<MatchFacts>(
      runner,
      `SELECT id, room_id, round, game_id, player1_id, player2_id, status, outcome, winner_id, bet_cents::text,
              payout_cents::text, fee_cents::text, ended_at,
              coalesce(ended_at > now() - make_interval(hours => ${DISPUTE_WINDOW_HOURS}), false) AS within_window
         FROM matches WHERE room_id = $1 AND round = $2 ${lock ? 'FOR UPDATE' : ''}`,
      [roomId, round],
    );
    return rows[0] ?? null;
  }
}
