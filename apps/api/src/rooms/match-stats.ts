import { queryRows, SqlRunner } from '../database/sql';

/**
 * A user's wins and total earnings from settled matches (docs/product/wallet.md#player-totals: earnings = sum over won
 * matches of the payout minus the player's own stake). A plain function so the wallet's UserFinancials can read it
 * without a module cycle.
 */
export async function matchWinTotals(
  runner: SqlRunner,
  userId: string,
): Promise<{ wins: number; earningsCents: bigint }> {
  const rows = await queryRows<{ wins: number; earnings: string }>(
    runner,
    `SELECT count(*)::int AS wins, coalesce(sum(payout_cents - bet_cents), 0)::text AS earnings
       FROM matches WHERE winner_id = $1 AND status = 'finished'`,
    [userId],
  );
  return { wins: rows[0]?.wins ?? 0, earningsCents: BigInt(rows[0]?.earnings ?? '0') };
}
