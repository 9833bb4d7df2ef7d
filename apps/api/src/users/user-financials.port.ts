import { Injectable } from '@nestjs/common';

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
 * Port through which UsersService reads a user's money figures for the User answer. The wallet module binds
 * its ledger-backed implementation in place of ZeroUserFinancials (see users.module.ts).
 */
export abstract class UserFinancials {
  abstract summaryFor(userId: string): Promise<FinancialSummary>;
}

/** Until the wallet exists every user has zero money and no wins. */
@Injectable()
class ZeroUserFinancials extends UserFinancials {
  summaryFor(_userId: string): Promise<FinancialSummary> {
    return Promise.resolve({
      balanceCents: 0n,
      totalDepositedCents: 0n,
      totalWithdrawnCents: 0n,
      totalWins: 0,
      totalEarningsCents: 0n,
    });
  }
}
