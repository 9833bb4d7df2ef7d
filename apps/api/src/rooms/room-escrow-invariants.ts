/**
 * The rooms' money invariants as SQL (docs/decisions/0601), on top of the ledger's own (ledger-invariants.ts):
 * the one shared escrow account is split exactly into rooms by their `held` stakes. Run by the tests after every
 * money scenario; usable against a live database (read only, one snapshot).
 */

export interface RoomEscrowQueryClient {
  query(sql: string): Promise<{ rows: Array<Record<string, unknown>> }>;
}

export interface RoomEscrowReport {
  ok: boolean;
  problems: string[];
}

const CHECKS: ReadonlyArray<{ name: string; sql: string }> = [
  {
    name: 'escrow account equals the sum of held stakes',
    sql: `SELECT (SELECT coalesce(sum(balance_cents), 0) FROM ledger_accounts WHERE kind = 'escrow')::text AS escrow,
                 (SELECT coalesce(sum(amount_cents), 0) FROM room_stakes WHERE state = 'held')::text AS held
          WHERE (SELECT coalesce(sum(balance_cents), 0) FROM ledger_accounts WHERE kind = 'escrow')
             <> (SELECT coalesce(sum(amount_cents), 0) FROM room_stakes WHERE state = 'held')`,
  },
  {
    name: "each room's escrow movements equal its held stakes",
    sql: `SELECT r.id, coalesce(m.moved, 0)::text AS moved, coalesce(h.held, 0)::text AS held
          FROM rooms r
          LEFT JOIN (SELECT t.room_id, sum(e.amount_cents) AS moved
                       FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
                       JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'escrow'
                      GROUP BY t.room_id) m ON m.room_id = r.id
          LEFT JOIN (SELECT room_id, sum(amount_cents) AS held FROM room_stakes WHERE state = 'held' GROUP BY room_id) h
            ON h.room_id = r.id
          WHERE coalesce(m.moved, 0) <> coalesce(h.held, 0)`,
  },
  {
    name: 'stakes are held only for the current round of an open room, by its players, or for a held round',
    sql: `SELECT s.room_id, s.round, s.user_id, r.status, r.round AS room_round
          FROM room_stakes s JOIN rooms r ON r.id = s.room_id
          WHERE s.state = 'held' AND (r.status NOT IN ('waiting','ready','playing') OR s.round <> r.round
                OR s.user_id NOT IN (r.player1_id, coalesce(r.player2_id, r.player1_id)))
            AND NOT EXISTS (SELECT 1 FROM matches m WHERE m.room_id = s.room_id AND m.round = s.round
                              AND m.status = 'held' AND s.user_id IN (m.player1_id, m.player2_id))`,
  },
  {
    name: 'a round held for fair-play review keeps both stakes in escrow and has an undecided review',
    sql: `SELECT m.room_id, m.round
          FROM matches m
          WHERE m.status = 'held' AND (
            m.settlement_transaction_id IS NOT NULL
            OR (SELECT count(*) FROM room_stakes s WHERE s.room_id = m.room_id AND s.round = m.round
                  AND s.state = 'held') <> 2
            OR NOT EXISTS (SELECT 1 FROM fair_play_reviews r WHERE r.match_id = m.id AND r.status = 'held'))`,
  },
  {
    name: 'ready and playing rooms hold both stakes, waiting rooms the creator only',
    sql: `SELECT r.id, r.status, count(s.user_id) AS held
          FROM rooms r LEFT JOIN room_stakes s ON s.room_id = r.id AND s.round = r.round AND s.state = 'held'
          WHERE r.status IN ('waiting','ready','playing')
          GROUP BY r.id, r.status
          HAVING count(s.user_id) <> CASE WHEN r.status = 'waiting' THEN 1 ELSE 2 END`,
  },
  {
    name: 'every closed round released both stakes in its settlement transaction',
    sql: `SELECT m.room_id, m.round, m.status
          FROM matches m
          WHERE m.status IN ('finished','void') AND (
            m.settlement_transaction_id IS NULL
            OR (SELECT count(*) FROM room_stakes s WHERE s.room_id = m.room_id AND s.round = m.round
                  AND s.release_transaction_id = m.settlement_transaction_id) <> 2)`,
  },
  {
    name: 'a settled winner received the pot minus the fee, nothing else moved',
    sql: `SELECT m.room_id, m.round, m.outcome, m.pot_cents::text, m.fee_cents::text, m.payout_cents::text
          FROM matches m
          WHERE m.status IN ('finished','void') AND (
            m.pot_cents <> 2 * m.bet_cents OR m.payout_cents + m.fee_cents <> CASE WHEN m.winner_id IS NULL THEN 0 ELSE m.pot_cents END
            OR (SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
                 WHERE e.transaction_id = m.settlement_transaction_id AND a.kind = 'escrow') <> -m.pot_cents)`,
  },
];

/** Runs every check in one REPEATABLE READ, READ ONLY snapshot. Never writes. */
export async function checkRoomEscrowInvariants(client: RoomEscrowQueryClient): Promise<RoomEscrowReport> {
  const problems: string[] = [];
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    for (const check of CHECKS) {
      const { rows } = await client.query(check.sql);
      for (const row of rows.slice(0, 20)) problems.push(`${check.name}: ${JSON.stringify(row)}`);
    }
  } finally {
    await client.query('ROLLBACK');
  }
  return { ok: problems.length === 0, problems };
}
