import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DISPUTE_WINDOW_HOURS, ROOM_ID_PATTERN } from '@skillduel/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { queryRows, SqlRunner } from '../database/sql';

/** The facts of a finished (or not) round that a dispute is about. */
export interface DisputedMatchRow {
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
  /** The platform fee sub-account the settlement paid the fee into (decision 2801); null when no fee was taken. */
  fee_account_id: string | null;
  ended_at: Date | null;
  /** The round ended less than DISPUTE_WINDOW_HOURS ago. */
  within_window: boolean;
}

export type DisputeStatus = 'open' | 'upheld' | 'voided' | 'awarded';

export interface DisputeRow {
  id: string;
  match_id: string;
  user_id: string;
  username: string;
  room_id: string;
  round: number;
  status: DisputeStatus;
  reason: string;
  decision_note: string | null;
  created_at: Date;
  decided_at: Date | null;
}

/** One wallet's line of a disputed round's money: its stake, payout, refund or reversal. */
export interface DisputeLedgerLineRow {
  transaction_id: string;
  kind: string;
  user_id: string | null;
  amount_cents: string;
  created_at: Date;
}

const DISPUTE_SELECT = `SELECT d.id, d.match_id, d.user_id, u.username, m.room_id, m.round, d.status, d.reason,
  d.decision_note, d.created_at, d.decided_at
  FROM match_disputes d JOIN matches m ON m.id = d.match_id JOIN users u ON u.id = d.user_id`;

const UUID_PATTERN = /^[0-9a-f-]{36}$/i;

/** The SQL of disputes: the disputes themselves, the rounds they are about and those rounds' ledger lines. */
@Injectable()
export class DisputesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  get runner(): SqlRunner {
    return this.dataSource.manager;
  }

  /** A transaction's manager: the ledger posts and locks wallets inside the same transaction. */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Throws the driver's unique violation when the player already disputed the round. */
  async insert(matchId: string, userId: string, reason: string): Promise<void> {
    await this.runner.query(`INSERT INTO match_disputes (match_id, user_id, reason) VALUES ($1, $2, $3)`, [
      matchId,
      userId,
      reason,
    ]);
  }

  mine(userId: string, roomId: string, round: number): Promise<DisputeRow[]> {
    return queryRows<DisputeRow>(
      this.runner,
      `${DISPUTE_SELECT} WHERE d.user_id = $1 AND m.room_id = $2 AND m.round = $3`,
      [userId, roomId, round],
    );
  }

  /** The newest 200, open ones only or all. */
  list(status: 'open' | 'all'): Promise<DisputeRow[]> {
    return queryRows<DisputeRow>(
      this.runner,
      `${DISPUTE_SELECT} WHERE $1::text = 'all' OR d.status = 'open' ORDER BY d.created_at DESC LIMIT 200`,
      [status],
    );
  }

  /** A dispute by id (locked for a decision when `lock`); null for an unknown or malformed id. */
  async find(runner: SqlRunner, disputeId: string, lock: boolean): Promise<DisputeRow | null> {
    if (!UUID_PATTERN.test(disputeId)) return null;
    const rows = await queryRows<DisputeRow>(
      runner,
      `${DISPUTE_SELECT} WHERE d.id = $1 ${lock ? 'FOR UPDATE OF d' : ''}`,
      [disputeId],
    );
    return rows[0] ?? null;
  }

  /** A room's round (locked when `lock`); null for an unknown room or round. */
  async findMatch(runner: SqlRunner, roomId: string, round: number, lock: boolean): Promise<DisputedMatchRow | null> {
    if (!ROOM_ID_PATTERN.test(roomId) || !Number.isInteger(round) || round < 1) return null;
    const rows = await queryRows<DisputedMatchRow>(
      runner,
      `SELECT id, room_id, round, game_id, player1_id, player2_id, status, outcome, winner_id, bet_cents::text,
              payout_cents::text, fee_cents::text, ended_at,
              (SELECT e.account_id FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
                WHERE e.transaction_id = matches.settlement_transaction_id AND a.kind = 'platform_fee' LIMIT 1)
                AS fee_account_id,
              coalesce(ended_at > now() - make_interval(hours => ${DISPUTE_WINDOW_HOURS}), false) AS within_window
         FROM matches WHERE room_id = $1 AND round = $2 ${lock ? 'FOR UPDATE' : ''}`,
      [roomId, round],
    );
    return rows[0] ?? null;
  }

  /** Every wallet line of the round (its stakes and payout) and of the dispute's own reversal, oldest first. */
  ledgerLines(roomId: string, round: number, matchId: string): Promise<DisputeLedgerLineRow[]> {
    return queryRows<DisputeLedgerLineRow>(
      this.runner,
      `SELECT t.id AS transaction_id, t.kind, a.user_id, e.amount_cents::text, t.created_at
         FROM ledger_transactions t
         JOIN ledger_entries e ON e.transaction_id = t.id
         JOIN ledger_accounts a ON a.id = e.account_id
        WHERE a.kind = 'user_wallet'
          AND ((t.room_id = $1 AND (t.metadata->>'round')::int = $2) OR t.idempotency_key LIKE 'dispute:' || $3 || ':%')
        ORDER BY t.created_at, e.id`,
      [roomId, round, matchId],
    );
  }

  /** Both players' open disputes of the round get the decision (a void is a void for both). */
  async decideOpen(
    runner: SqlRunner,
    decision: { matchId: string; status: DisputeStatus; note: string; actorId: string },
  ): Promise<void> {
    await runner.query(
      `UPDATE match_disputes SET status = $2, decision_note = $3, decided_by = $4, decided_at = now()
        WHERE match_id = $1 AND status = 'open'`,
      [decision.matchId, decision.status, decision.note, decision.actorId],
    );
  }
}
