import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The operator console (docs/decisions/1601-operator-console.md):
 * - `users.role` (player, support, admin); `users.frozen_at` / `frozen_reason` (a frozen account keeps its history but
 *   moves no money); `users.credentials_changed_at`, stamped by a trigger whenever the password or the email changes,
 *   whatever code path changed it (withdrawals within 24 hours of it are held for review).
 * - `wallet_payments.review_state`: a withdrawal held for review (`held`) is skipped by the processor until support
 *   approves it (`approved`: paid as usual) or rejects it (`rejected`: refunded by a reversing transaction).
 * - `admin_audit_log`: every support/admin action with who, when, what, why, before and after — append-only like the
 *   ledger (UPDATE, DELETE and TRUNCATE are refused by the database).
 */
export class AddOperatorConsole1764200000000 implements MigrationInterface {
  name = 'AddOperatorConsole1764200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "users"
        ADD COLUMN "role" varchar(16) NOT NULL DEFAULT 'player',
        ADD COLUMN "frozen_at" timestamptz,
        ADD COLUMN "frozen_reason" varchar(500),
        ADD COLUMN "credentials_changed_at" timestamptz,
        ADD CONSTRAINT "CHK_users_role" CHECK ("role" IN ('player','support','admin')),
        ADD CONSTRAINT "CHK_users_frozen" CHECK (("frozen_at" IS NULL) = ("frozen_reason" IS NULL))`);
    await queryRunner.query(`
      CREATE FUNCTION "users_stamp_credentials_change"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.password_hash IS DISTINCT FROM OLD.password_hash OR NEW.email IS DISTINCT FROM OLD.email THEN
          NEW.credentials_changed_at := now();
        END IF;
        RETURN NEW;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER "users_credentials_changed" BEFORE UPDATE OF "password_hash", "email" ON "users"
      FOR EACH ROW EXECUTE FUNCTION "users_stamp_credentials_change"()`);

    await queryRunner.query(`
      ALTER TABLE "wallet_payments"
        ADD COLUMN "review_state" varchar(16),
        ADD COLUMN "review_reason" varchar(500),
        ADD COLUMN "reviewed_by" uuid,
        ADD COLUMN "reviewed_at" timestamptz,
        ADD CONSTRAINT "CHK_wallet_payments_review_state" CHECK ("review_state" IS NULL OR
          ("direction" = 'withdrawal' AND "review_state" IN ('held','approved','rejected'))),
        ADD CONSTRAINT "FK_wallet_payments_reviewed_by" FOREIGN KEY ("reviewed_by") REFERENCES "users" ("id")`);
    await queryRunner.query(
      `CREATE INDEX "IDX_wallet_payments_review" ON "wallet_payments" ("created_at") WHERE "review_state" = 'held'`,
    );

    await queryRunner.query(`
      CREATE TABLE "admin_audit_log" (
        "id" bigint GENERATED ALWAYS AS IDENTITY,
        "actor_id" uuid,
        "action" varchar(60) NOT NULL,
        "target_type" varchar(30) NOT NULL,
        "target_id" varchar(80) NOT NULL,
        "reason" varchar(1000),
        "before" jsonb,
        "after" jsonb,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_admin_audit_log" PRIMARY KEY ("id"),
        CONSTRAINT "FK_admin_audit_log_actor" FOREIGN KEY ("actor_id") REFERENCES "users" ("id") ON DELETE RESTRICT
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_admin_audit_log_target" ON "admin_audit_log" ("target_type", "target_id")`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_admin_audit_log_actor" ON "admin_audit_log" ("actor_id", "id")`);
    await queryRunner.query(`
      CREATE FUNCTION "admin_audit_log_reject_change"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'admin_audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'restrict_violation';
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER "admin_audit_log_append_only" BEFORE UPDATE OR DELETE ON "admin_audit_log"
      FOR EACH ROW EXECUTE FUNCTION "admin_audit_log_reject_change"()`);
    await queryRunner.query(`
      CREATE TRIGGER "admin_audit_log_no_truncate" BEFORE TRUNCATE ON "admin_audit_log"
      FOR EACH STATEMENT EXECUTE FUNCTION "admin_audit_log_reject_change"()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "admin_audit_log"`);
    await queryRunner.query(`DROP FUNCTION "admin_audit_log_reject_change"()`);
    await queryRunner.query(`DROP INDEX "IDX_wallet_payments_review"`);
    await queryRunner.query(`
      ALTER TABLE "wallet_payments" DROP CONSTRAINT "FK_wallet_payments_reviewed_by",
        DROP CONSTRAINT "CHK_wallet_payments_review_state", DROP COLUMN "reviewed_at", DROP COLUMN "reviewed_by",
        DROP COLUMN "review_reason", DROP COLUMN "review_state"`);
    await queryRunner.query(`DROP TRIGGER "users_credentials_changed" ON "users"`);
    await queryRunner.query(`DROP FUNCTION "users_stamp_credentials_change"()`);
    await queryRunner.query(`
      ALTER TABLE "users" DROP CONSTRAINT "CHK_users_frozen", DROP CONSTRAINT "CHK_users_role",
        DROP COLUMN "credentials_changed_at", DROP COLUMN "frozen_reason", DROP COLUMN "frozen_at", DROP COLUMN "role"`);
  }
}
