import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { FinancialSummary, UserFinancials } from '../users/user-financials.port';
import { WalletRepository } from './wallet.repository';

/**
 * The users module's money figures, read from the ledger. Wins and earnings come from match results, which do not
 * exist yet: zero until the rooms module settles matches.
 */
@Injectable()
export class WalletFinancials extends UserFinancials {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly repository: WalletRepository,
  ) {
    super();
  }

  async summaryFor(userId: string): Promise<FinancialSummary> {
    const totals = await this.repository.totals(this.dataSource.manager, userId);
    return {
      balanceCents: totals.balanceCents,
      totalDepositedCents: totals.depositedCents,
      totalWithdrawnCents: totals.withdrawnCents,
      totalWins: 0,
      totalEarningsCents: 0n,
    };
  }
}
