/**
 * The ledger's invariants as SQL, in one place: used by `npm run ledger:check` (tools/ledger-check.mjs loads this
 * file directly, so it imports nothing at run time) and by the tests after every money scenario.
 *
 * All queries run in one REPEATABLE READ, READ ONLY transaction: one consistent snapshot of a live database,
 * without blocking anybody.
 */

type Row = Record<string, unknown>;

/** The part of a `pg` Client / PoolClient the check needs. */
export interface InvariantQueryClient {
  query(sql: string): Promise<{ rows: Row[] }>;
}

interface InvariantResult {
  id: string;
  description: string;
  ok: boolean;
  /** One line: what was measured. */
  summary: string;
  /** For a violation: the offending rows, one readable line each (at most DETAIL_LIMIT). */
  details: string[];
}

export interface LedgerCheckReport {
  ok: boolean;
  results: InvariantResult[];
}

const DETAIL_LIMIT = 20;

interface Invariant {
  id: string;
  description: string;
  sql: string;
  evaluate(rows: Row[]): Omit<InvariantResult, 'id' | 'description'>;
}

const violations = (
  rows: Row[],
  noun: string,
  line: (row: Row) => string,
): Omit<InvariantResult, 'id' | 'description'> => {
  const total = rows.length > 0 ? Number(rows[0]['total_count'] ?? rows.length) : 0;
  return total === 0
    ? { ok: true, summary: `no ${noun}`, details: [] }
    : { ok: false, summary: `${total} ${noun}`, details: rows.slice(0, DETAIL_LIMIT).map(line) };
};

const LEDGER_INVARIANTS: readonly Invariant[] = [
  {
    id: 'entries_sum_to_zero',
    description: 'All ledger entries together sum to zero',
    sql: `SELECT coalesce(sum(amount_cents), 0)::text AS total, count(*)::text AS entries FROM ledger_entries`,
    evaluate: (rows) => {
      const total = String(rows[0]?.['total'] ?? '0');
      const entries = String(rows[0]?.['entries'] ?? '0');
      return {
        ok: total === '0',
        summary: `${entries} entries sum to ${total} cents`,
        details: total === '0' ? [] : [`the whole ledger is off by ${total} cents`],
      };
    },
  },
  {
    id: 'transactions_balanced',
    description: 'Every transaction has at least two entries summing to zero',
    sql: `SELECT t.id, t.kind, t.idempotency_key, count(e.id)::text AS entries,
                 coalesce(sum(e.amount_cents), 0)::text AS total, count(*) OVER ()::text AS total_count
          FROM ledger_transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id
          GROUP BY t.id
          HAVING count(e.id) < 2 OR coalesce(sum(e.amount_cents), 0) <> 0
          ORDER BY t.created_at LIMIT ${DETAIL_LIMIT}`,
    evaluate: (rows) =>
      violations(
        rows,
        'unbalanced transaction(s)',
        (row) =>
          `transaction ${row['id']} (${row['kind']}, key ${row['idempotency_key']}): ${row['entries']} entries summing to ${row['total']} cents`,
      ),
  },
  {
    id: 'cached_balances_match_entries',
    description: "Every account's cached balance equals the sum of its entries",
    sql: `SELECT a.id, a.kind, a.user_id, a.balance_cents::text AS cached, coalesce(s.total, 0)::text AS entries_total,
                 count(*) OVER ()::text AS total_count
          FROM ledger_accounts a
          LEFT JOIN (SELECT account_id, sum(amount_cents) AS total FROM ledger_entries GROUP BY account_id) s
            ON s.account_id = a.id
          WHERE a.balance_cents <> coalesce(s.total, 0)
          ORDER BY a.id LIMIT ${DETAIL_LIMIT}`,
    evaluate: (rows) =>
      violations(
        rows,
        'account(s) whose cached balance differs from its entries',
        (row) =>
          `account ${row['id']} (${row['kind']}${row['user_id'] ? `, user ${row['user_id']}` : ''}): cached ${row['cached']} cents, entries sum to ${row['entries_total']} cents`,
      ),
  },
  {
    id: 'no_negative_balances',
    description: 'No wallet (or other bounded account) is below zero',
    sql: `SELECT id, kind, user_id, balance_cents::text AS balance, count(*) OVER ()::text AS total_count
          FROM ledger_accounts WHERE kind NOT IN ('provider_clearing', 'player_receivables', 'promotions') AND balance_cents < 0
          ORDER BY id LIMIT ${DETAIL_LIMIT}`,
    evaluate: (rows) =>
      violations(
        rows,
        'negative account(s)',
        (row) =>
          `account ${row['id']} (${row['kind']}${row['user_id'] ? `, user ${row['user_id']}` : ''}) has ${row['balance']} cents`,
      ),
  },
  {
    id: 'never_negative_in_history',
    description: 'No wallet (or other bounded account) was ever below zero after any entry',
    sql: `SELECT account_id AS id, kind, min(running)::text AS lowest, count(*) OVER ()::text AS total_count
          FROM (SELECT e.account_id, a.kind,
                       sum(e.amount_cents) OVER (PARTITION BY e.account_id ORDER BY e.id) AS running
                FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
                WHERE a.kind NOT IN ('provider_clearing', 'player_receivables', 'promotions')) r
          WHERE running < 0
          GROUP BY account_id, kind
          ORDER BY account_id LIMIT ${DETAIL_LIMIT}`,
    evaluate: (rows) =>
      violations(
        rows,
        'account(s) that went negative at some point',
        (row) => `account ${row['id']} (${row['kind']}) reached ${row['lowest']} cents`,
      ),
  },
  {
    id: 'pending_withdrawals_match_payments',
    description: 'The pending-withdrawals account holds exactly the pending withdrawals',
    sql: `SELECT (SELECT coalesce(sum(balance_cents), 0) FROM ledger_accounts WHERE kind = 'pending_withdrawals')::text AS ledger,
                 (SELECT coalesce(sum(amount_cents), 0) FROM wallet_payments
                   WHERE direction = 'withdrawal' AND status = 'pending')::text AS payments`,
    evaluate: (rows) => {
      const ledger = String(rows[0]?.['ledger'] ?? '0');
      const payments = String(rows[0]?.['payments'] ?? '0');
      return {
        ok: ledger === payments,
        summary: `ledger ${ledger} cents, pending withdrawals ${payments} cents`,
        details:
          ledger === payments ? [] : [`pending withdrawals account holds ${ledger} cents, payments say ${payments}`],
      };
    },
  },
  {
    id: 'payments_match_ledger',
    description: "Every deposit and withdrawal moved exactly its amount in the user's wallet",
    sql: `SELECT id, direction, status, amount_cents::text AS amount, wallet_move::text, settlement_move::text,
                 count(*) OVER ()::text AS total_count
          FROM (
            SELECT p.*,
              (SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_entries e
                 JOIN ledger_accounts a ON a.id = e.account_id
                WHERE e.transaction_id = p.ledger_transaction_id AND a.kind = 'user_wallet' AND a.user_id = p.user_id
              ) AS wallet_move,
              (SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_entries e
                 JOIN ledger_accounts a ON a.id = e.account_id
                WHERE e.transaction_id = p.settlement_transaction_id AND a.kind = 'pending_withdrawals'
              ) AS settlement_move
            FROM wallet_payments p
          ) m
          WHERE NOT (
            (direction = 'deposit' AND status = 'completed' AND wallet_move = amount_cents)
            OR (direction = 'deposit' AND status <> 'completed' AND ledger_transaction_id IS NULL)
            OR (direction = 'withdrawal' AND wallet_move = -amount_cents AND (
                  (status = 'pending' AND settlement_transaction_id IS NULL)
                  OR (status <> 'pending' AND settlement_move = -amount_cents)))
          )
          ORDER BY created_at LIMIT ${DETAIL_LIMIT}`,
    evaluate: (rows) =>
      violations(
        rows,
        'payment(s) that do not match the ledger',
        (row) =>
          `${row['direction']} ${row['id']} (${row['status']}, ${row['amount']} cents): wallet moved ${row['wallet_move']}, settlement released ${row['settlement_move']}`,
      ),
  },
  {
    id: 'tournament_escrow_empty',
    description: "Every finished or cancelled tournament's own escrow account is empty",
    sql: `SELECT t.id, t.status, a.balance_cents::text AS balance, count(*) OVER ()::text AS total_count
          FROM tournaments t JOIN ledger_accounts a ON a.id = t.escrow_account_id
          WHERE t.status IN ('finished', 'cancelled') AND a.balance_cents <> 0
          ORDER BY t.starts_at LIMIT ${DETAIL_LIMIT}`,
    evaluate: (rows) =>
      violations(
        rows,
        'closed tournament(s) still holding money',
        (row) => `tournament ${row['id']} (${row['status']}) still holds ${row['balance']} cents`,
      ),
  },
  {
    id: 'tournament_money_accounted',
    description:
      "Every tournament's escrow moved exactly its entries, refunds and prizes: entries + top-up = prizes + rake + refunds + held",
    sql: `WITH flows AS (
            SELECT t.id, t.status, a.balance_cents AS held,
              coalesce(sum(e.amount_cents) FILTER (WHERE x.kind = 'bet'), 0) AS fees_in,
              -coalesce(sum(e.amount_cents) FILTER (WHERE x.kind = 'refund'), 0) AS refunds_out,
              -coalesce(sum(e.amount_cents) FILTER (WHERE x.kind = 'win'), 0) AS prizes_out,
              -coalesce(sum(e.amount_cents) FILTER (WHERE x.kind IN ('tournament_rake', 'tournament_topup')), 0) AS house_net,
              coalesce(sum(e.amount_cents) FILTER (
                WHERE x.kind NOT IN ('bet', 'refund', 'win', 'tournament_rake', 'tournament_topup')), 0) AS other
            FROM tournaments t
            JOIN ledger_accounts a ON a.id = t.escrow_account_id
            LEFT JOIN ledger_entries e ON e.account_id = t.escrow_account_id
            LEFT JOIN ledger_transactions x ON x.id = e.transaction_id
            GROUP BY t.id, a.balance_cents
          ), tables AS (
            SELECT t.id,
              (SELECT coalesce(sum(fee_cents), 0) FROM tournament_entries n WHERE n.tournament_id = t.id) AS fees,
              (SELECT coalesce(sum(fee_cents), 0) FROM tournament_entries n
                WHERE n.tournament_id = t.id AND n.status = 'refunded') AS refunds,
              (SELECT coalesce(sum(amount_cents), 0) FROM tournament_prizes p WHERE p.tournament_id = t.id) AS prizes
            FROM tournaments t
          )
          SELECT f.id, f.status, f.fees_in::text, f.refunds_out::text, f.prizes_out::text, f.house_net::text,
                 f.other::text, f.held::text, t.fees::text, t.refunds::text, t.prizes::text,
                 count(*) OVER ()::text AS total_count
          FROM flows f JOIN tables t ON t.id = f.id
          WHERE f.fees_in <> t.fees OR f.refunds_out <> t.refunds OR f.prizes_out <> t.prizes OR f.other <> 0
             OR f.fees_in <> f.prizes_out + f.refunds_out + f.house_net + f.held
          ORDER BY f.id LIMIT ${DETAIL_LIMIT}`,
    evaluate: (rows) =>
      violations(
        rows,
        'tournament(s) whose escrow does not match their entries, refunds and prizes',
        (row) =>
          `tournament ${row['id']} (${row['status']}): ledger fees ${row['fees_in']} / entries ${row['fees']}, refunds ${row['refunds_out']} / ${row['refunds']}, prizes ${row['prizes_out']} / ${row['prizes']}, house net ${row['house_net']}, other ${row['other']}, held ${row['held']} cents`,
      ),
  },
];

/** Runs every invariant on one consistent snapshot. Never writes. */
export async function checkLedgerInvariants(client: InvariantQueryClient): Promise<LedgerCheckReport> {
  const results: InvariantResult[] = [];
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    for (const invariant of LEDGER_INVARIANTS) {
      const { rows } = await client.query(invariant.sql);
      results.push({ id: invariant.id, description: invariant.description, ...invariant.evaluate(rows) });
    }
  } finally {
    await client.query('ROLLBACK');
  }
  return { ok: results.every((result) => result.ok), results };
}

/** A report a person can read at a glance: one line per invariant, offending rows indented below. */
export function formatLedgerReport(report: LedgerCheckReport): string {
  const failed = report.results.filter((result) => !result.ok).length;
  const lines = [
    report.ok
      ? `Ledger check passed: all ${report.results.length} invariants hold.`
      : `Ledger check FAILED: ${failed} of ${report.results.length} invariants violated.`,
  ];
  for (const result of report.results) {
    lines.push(`  ${result.ok ? 'ok  ' : 'FAIL'} ${result.description} — ${result.summary}`);
    for (const detail of result.details) lines.push(`         ${detail}`);
  }
  return lines.join('\n');
}
