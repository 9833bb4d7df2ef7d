import { Injectable } from '@nestjs/common';
import { queryRows, SqlRunner } from '../database/sql';
import { returningRows } from '../database/returning';

export interface StakeRecord {
  userId: string;
  amountCents: bigint;
}

/**
 * The SQL of room stakes (what each player put into a round, held in escrow until settled or refunded). Runs inside
 * the caller's transaction, under the room's row lock (RoomsRepository.lockRoom). Money itself is moved by
 * LedgerService only.
 */
@Injectable()
export class RoomStakesRepository {
  /** How many stakes (held or released) the player already put into this round of the room. */
  async countStakes(runner: SqlRunner, roomId: string, round: number, userId: string): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      runner,
      `SELECT count(*)::int AS n FROM room_stakes WHERE room_id = $1 AND round = $2 AND user_id = $3`,
      [roomId, round, userId],
    );
    return rows[0]?.n ?? 0;
  }

  async insertStake(
    runner: SqlRunner,
    stake: {
      roomId: string;
      round: number;
      userId: string;
      stakeNo: number;
      amountCents: bigint;
      betTransactionId: string;
    },
  ): Promise<void> {
    await runner.query(
      `INSERT INTO room_stakes (room_id, round, user_id, stake_no, amount_cents, bet_transaction_id)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [stake.roomId, stake.round, stake.userId, stake.stakeNo, stake.amountCents.toString(), stake.betTransactionId],
    );
  }

  async heldStakes(
    runner: SqlRunner,
    roomId: string,
    round?: number,
  ): Promise<Array<StakeRecord & { round: number; stakeNo: number; escrowAccountId: string }>> {
    const rows = await queryRows<{
      user_id: string;
      amount_cents: string;
      round: number;
      stake_no: number;
      escrow_account_id: string;
    }>(
      runner,
      // Without a round (a room-wide refund) the stakes of a round held for fair-play review stay in escrow: only
      // support's decision releases them (decision 1802). Each stake leaves escrow from the sub-account its bet
      // entered (decision 2801), read from the bet's own ledger entry.
      `SELECT user_id, amount_cents::text, round, stake_no,
              (SELECT e.account_id FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
                WHERE e.transaction_id = s.bet_transaction_id AND a.kind = 'escrow' LIMIT 1) AS escrow_account_id
         FROM room_stakes s
        WHERE room_id = $1 AND state = 'held' AND ($2::int IS NULL OR round = $2)
          AND ($2::int IS NOT NULL OR NOT EXISTS (
                SELECT 1 FROM matches m WHERE m.room_id = s.room_id AND m.round = s.round AND m.status = 'held'))
        ORDER BY round, created_at`,
      [roomId, round ?? null],
    );
    return rows.map((row) => ({
      userId: row.user_id,
      amountCents: BigInt(row.amount_cents),
      round: row.round,
      stakeNo: row.stake_no,
      escrowAccountId: row.escrow_account_id,
    }));
  }

  async releaseStakes(
    runner: SqlRunner,
    roomId: string,
    round: number,
    userIds: readonly string[],
    state: 'settled' | 'refunded',
    transactionId: string,
  ): Promise<number> {
    const rows = await returningRows<unknown>(
      runner,
      `UPDATE room_stakes SET state = $4, release_transaction_id = $5, released_at = now()
        WHERE room_id = $1 AND round = $2 AND user_id = ANY($3::uuid[]) AND state = 'held'
        RETURNING user_id`,
      [roomId, round, userIds, state, transactionId],
    );
    return rows.length;
  }
}
