import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * TOTP two-factor authentication (RFC 6238). Secrets are stored encrypted (AES-256-GCM); the last accepted time
 * step is kept so a code cannot be used twice. Recovery codes are stored as SHA-256 hashes and work once each.
 */
export class AddUserTwoFactor1763850200000 implements MigrationInterface {
  name = 'AddUserTwoFactor1763850200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "users"
        ADD COLUMN "totp_secret_encrypted" text,
        ADD COLUMN "totp_enabled_at" timestamptz,
        ADD COLUMN "totp_last_used_step" integer,
        ADD COLUMN "totp_pending_secret_encrypted" text,
        ADD COLUMN "totp_pending_created_at" timestamptz,
        ADD CONSTRAINT "CHK_users_totp_enabled" CHECK (("totp_enabled_at" IS NULL) = ("totp_secret_encrypted" IS NULL))`);
    await queryRunner.query(`
      CREATE TABLE "auth_recovery_codes" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "code_hash" char(64) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "used_at" timestamptz,
        CONSTRAINT "PK_auth_recovery_codes" PRIMARY KEY ("id"),
        CONSTRAINT "FK_auth_recovery_codes_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE,
        CONSTRAINT "UQ_auth_recovery_codes_user_code" UNIQUE ("user_id", "code_hash")
      )`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "auth_recovery_codes"`);
    await queryRunner.query(`
      ALTER TABLE "users"
        DROP CONSTRAINT "CHK_users_totp_enabled",
        DROP COLUMN "totp_secret_encrypted",
        DROP COLUMN "totp_enabled_at",
        DROP COLUMN "totp_last_used_step",
        DROP COLUMN "totp_pending_secret_encrypted",
        DROP COLUMN "totp_pending_created_at"`);
  }
}
