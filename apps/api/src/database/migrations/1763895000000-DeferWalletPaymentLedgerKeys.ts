import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Wallet payments may reference their ledger transaction before it is posted, in the same database transaction:
 * the foreign keys to `ledger_transactions` are checked at COMMIT. The wallet writes the payment row first, with a
 * pre-assigned ledger transaction id, and posts to the ledger last, so the rows the ledger locks (above all the
 * provider's clearing account, which every deposit touches) stay locked for fewer round trips
 * (docs/decisions/0204-ledger-post-last.md). A payment can still never commit pointing at a missing transaction.
 */
export class DeferWalletPaymentLedgerKeys1763895000000 implements MigrationInterface {
  name = 'DeferWalletPaymentLedgerKeys1763895000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "wallet_payments" ALTER CONSTRAINT "FK_wallet_payments_ledger_tx" DEFERRABLE INITIALLY DEFERRED`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "wallet_payments" ALTER CONSTRAINT "FK_wallet_payments_ledger_tx" NOT DEFERRABLE INITIALLY IMMEDIATE`,
    );
  }
}
