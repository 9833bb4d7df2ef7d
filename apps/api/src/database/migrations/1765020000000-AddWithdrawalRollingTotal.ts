import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The 24-hour total a withdrawal's review rule saw (docs/decisions/2320): this withdrawal plus the user's withdrawals
 * of the 24 hours before it that were not failed or rejected, in cents, written once when the withdrawal is
 * requested. Support's queue shows it, so splitting a large amount into small ones is visible. Null for withdrawals
 * requested before this column existed (and for deposits).
 */
export class AddWithdrawalRollingTotal1765020000000 implements MigrationInterface {
  name = 'AddWithdrawalRollingTotal1765020000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "wallet_payments"
        ADD COLUMN "rolling_24h_total_cents" bigint,
        ADD CONSTRAINT "CHK_wallet_payments_rolling_24h_total" CHECK ("rolling_24h_total_cents" IS NULL OR
          ("direction" = 'withdrawal' AND "rolling_24h_total_cents" >= "amount_cents"))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "wallet_payments" DROP CONSTRAINT "CHK_wallet_payments_rolling_24h_total",
        DROP COLUMN "rolling_24h_total_cents"`);
  }
}
