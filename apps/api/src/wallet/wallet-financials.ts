import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { matchWinTotals } from '../rooms/match-stats';
import { FinancialSummary, UserFinancials } from '../users/user-financials.port';
import { WalletRepository } from './wallet.repository';

/**
 * The users module's money figures: balance and totals from the ledger, wins and earnings from settled matches
 * (rooms/match-stats.ts).
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
    const wins = await matchWinTotals(this.dataSource.manager, userId);
    return {
      balanceCents: totals.balanceCents,
      totalDepositedCents: totals.depositedCents,
      totalWithdrawnCents: totals.withdrawnCents,
      totalWins: wins.wins,
      totalEarningsCents: wins.earningsCents,
    };
  }
}
