import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AppConfig } from '../config/app-config';
import { IdempotencyRepository } from './idempotency.repository';
import { IdempotencyService } from './idempotency.service';
import { LedgerModule } from './ledger/ledger.module';
import { PaymentProvider, SandboxPaymentProvider } from './payment-provider';
import { TransactionsController } from './transactions.controller';
import { WalletFinancials } from './wallet-financials';
import { WalletRepository } from './wallet.repository';
import { WalletService } from './wallet.service';
import { WithdrawalProcessor } from './withdrawal-processor';
import { WithdrawalReviewRepository } from './withdrawal-review.repository';
import { WithdrawalReviewService } from './withdrawal-review.service';

/** The payment provider named by PAYMENT_PROVIDER. Real providers are added here. */
function createPaymentProvider(config: AppConfig): PaymentProvider {
  switch (config.PAYMENT_PROVIDER) {
    case 'sandbox':
      return new SandboxPaymentProvider(config.SANDBOX_DECLINE_CENTS);
  }
}

/**
 * Deposits, withdrawals, the history and the withdrawal processor (docs/product/wallet.md). Money moves only
 * through LedgerModule, which it re-exports for the modules that move money too (rooms).
 */
@Module({
  // AuthModule: TwoFactorService (a withdrawal of a user with 2FA on needs a current code).
  imports: [LedgerModule, AuthModule],
  controllers: [TransactionsController],
  providers: [
    WalletService,
    WalletRepository,
    IdempotencyService,
    IdempotencyRepository,
    WithdrawalProcessor,
    WalletFinancials,
    WithdrawalReviewService,
    WithdrawalReviewRepository,
    { provide: PaymentProvider, useFactory: createPaymentProvider, inject: [AppConfig] },
  ],
  // IdempotencyService: the rooms module answers its money-moving POSTs (create, join) through it too.
  // WithdrawalReviewService: the operator console approves or rejects held withdrawals through it.
  exports: [LedgerModule, WalletFinancials, IdempotencyService, WithdrawalReviewService],
})
export class WalletModule {}
