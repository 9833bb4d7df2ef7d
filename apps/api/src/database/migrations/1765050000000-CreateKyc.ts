import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Identity verification (docs/decisions/2501, 2502): one profile per player that has ever started a check (its
 * current status, the inquiry it follows and support's source-of-funds review), every inquiry sent to an identity
 * provider, and every webhook event received, keyed by (provider, event id) so a redelivery changes nothing.
 */
export class CreateKyc1765050000000 implements MigrationInterface {
  name = 'CreateKyc1765050000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const statuses = `'none', 'pending', 'approved', 'rejected_retry', 'rejected_final', 'needs_review', 'expired'`;
    await queryRunner.query(`
      CREATE TABLE "kyc_profiles" (
        "user_id" uuid PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
        "status" varchar(20) NOT NULL DEFAULT 'none' CHECK ("status" IN (${statuses})),
        "current_reference" varchar(80),
        "verified_at" timestamptz,
        "source_of_funds_reviewed_at" timestamptz,
        "source_of_funds_reviewed_by" uuid REFERENCES "users"("id"),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE "kyc_inquiries" (
        "reference" varchar(80) PRIMARY KEY,
        "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
        "provider" varchar(40) NOT NULL,
        "status" varchar(20) NOT NULL DEFAULT 'pending' CHECK ("status" IN (${statuses})),
        "verified_name" varchar(200),
        "verified_date_of_birth" date,
        "reasons" jsonb NOT NULL DEFAULT '[]',
        "expires_at" timestamptz NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_kyc_inquiries_user" ON "kyc_inquiries" ("user_id", "created_at" DESC)`);
    await queryRunner.query(`
      CREATE TABLE "kyc_webhook_events" (
        "provider" varchar(40) NOT NULL,
        "event_id" varchar(120) NOT NULL,
        "reference" varchar(80) NOT NULL REFERENCES "kyc_inquiries"("reference") ON DELETE CASCADE,
        "status" varchar(20) NOT NULL,
        "applied_status" varchar(20) NOT NULL,
        "body" jsonb NOT NULL,
        "received_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("provider", "event_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_kyc_webhook_events_reference" ON "kyc_webhook_events" ("reference", "received_at")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "kyc_webhook_events"`);
    await queryRunner.query(`DROP TABLE "kyc_inquiries"`);
    await queryRunner.query(`DROP TABLE "kyc_profiles"`);
  }
}
