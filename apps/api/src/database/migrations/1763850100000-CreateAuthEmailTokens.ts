import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Single-use, expiring tokens sent by email (verify email, reset password). Only the SHA-256 hash is stored;
 * `email` is the address the mail went to, so a token stops verifying once the account's email changes.
 */
export class CreateAuthEmailTokens1763850100000 implements MigrationInterface {
  name = 'CreateAuthEmailTokens1763850100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "auth_email_tokens" (
        "token_hash" char(64) NOT NULL,
        "user_id" uuid NOT NULL,
        "purpose" varchar(16) NOT NULL,
        "email" varchar(254) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        "used_at" timestamptz,
        CONSTRAINT "PK_auth_email_tokens" PRIMARY KEY ("token_hash"),
        CONSTRAINT "FK_auth_email_tokens_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE,
        CONSTRAINT "CHK_auth_email_tokens_purpose" CHECK ("purpose" IN ('verify_email', 'reset_password'))
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_auth_email_tokens_user_open" ON "auth_email_tokens" ("user_id", "purpose") WHERE "used_at" IS NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "auth_email_tokens"`);
  }
}
