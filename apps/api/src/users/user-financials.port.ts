/**
 * Money figures of one user, in integer cents, derived from the ledger and match results
 * (docs/product/wallet.md#player-totals).
 */
export interface FinancialSummary {
  balanceCents: bigint;
  totalDepositedCents: bigint;
  totalWithdrawnCents: bigint;
  totalWins: number;
  /** Sum of net winnings of won matches (payout minus own stake). */
  totalEarningsCents: bigint;
}

/**
 * Port through which UsersService reads a user's money figures for the User answer; users.module.ts binds the
 * wallet's ledger-backed implementation to it.
 */
export abstract class UserFinancials {
  abstract summaryFor(userId: string): Promise<FinancialSummary>;
}
