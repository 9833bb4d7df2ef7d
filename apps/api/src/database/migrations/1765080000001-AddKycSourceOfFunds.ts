import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Support's verification queue (docs/decisions/2504-kyc-support-queue.md): a verified player's source-of-funds
 * declaration waits on their profile until support approves it (`source_of_funds_reviewed_at`, the enhanced tier) or
 * rejects it (the declaration is cleared and the reason kept for the player). Partial indexes keep the two queues
 * (identities in `needs_review`, declarations waiting) cheap to read.
 */
export class AddKycSourceOfFunds1765080000001 implements MigrationInterface {
  name = 'AddKycSourceOfFunds1765080000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "kyc_profiles"
        ADD COLUMN "source_of_funds_source" varchar(20),
        ADD COLUMN "source_of_funds_details" varchar(1000),
        ADD COLUMN "source_of_funds_submitted_at" timestamptz,
        ADD COLUMN "source_of_funds_rejection" varchar(500),
        ADD CONSTRAINT "CHK_kyc_profiles_sof_declared"
          CHECK (("source_of_funds_submitted_at" IS NULL) = ("source_of_funds_source" IS NULL))`);
    await queryRunner.query(
      `CREATE INDEX "IDX_kyc_profiles_needs_review" ON "kyc_profiles" ("updated_at") WHERE "status" = 'needs_review'`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_kyc_profiles_sof_waiting" ON "kyc_profiles" ("source_of_funds_submitted_at")
        WHERE "source_of_funds_submitted_at" IS NOT NULL AND "source_of_funds_reviewed_at" IS NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_kyc_profiles_sof_waiting"`);
    await queryRunner.query(`DROP INDEX "IDX_kyc_profiles_needs_review"`);
    await queryRunner.query(`
      ALTER TABLE "kyc_profiles"
        DROP CONSTRAINT "CHK_kyc_profiles_sof_declared",
        DROP COLUMN "source_of_funds_rejection",
        DROP COLUMN "source_of_funds_submitted_at",
        DROP COLUMN "source_of_funds_details",
        DROP COLUMN "source_of_funds_source"`);
  }
}
