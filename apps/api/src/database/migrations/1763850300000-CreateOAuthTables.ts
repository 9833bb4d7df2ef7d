import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Social sign-in (docs/product/accounts.md#social-login). An identity is keyed on (provider, subject), never on email
 * alone. oauth_states keeps each attempt's state (hashed), PKCE verifier, nonce and redirect_uri for a few minutes;
 * pending_user_id/code_hash let the same attempt be completed with a 2FA code without a second code exchange.
 */
export class CreateOAuthTables1763850300000 implements MigrationInterface {
  name = 'CreateOAuthTables1763850300000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "oauth_identities" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "provider" varchar(16) NOT NULL,
        "subject" varchar(255) NOT NULL,
        "email" varchar(254),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "last_login_at" timestamptz,
        CONSTRAINT "PK_oauth_identities" PRIMARY KEY ("id"),
        CONSTRAINT "FK_oauth_identities_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE,
        CONSTRAINT "UQ_oauth_identities_provider_subject" UNIQUE ("provider", "subject"),
        CONSTRAINT "UQ_oauth_identities_user_provider" UNIQUE ("user_id", "provider"),
        CONSTRAINT "CHK_oauth_identities_provider" CHECK ("provider" IN ('google', 'facebook', 'microsoft'))
      )`);
    await queryRunner.query(`
      CREATE TABLE "oauth_states" (
        "state_hash" char(64) NOT NULL,
        "provider" varchar(16) NOT NULL,
        "mode" varchar(8) NOT NULL,
        "link_user_id" uuid,
        "code_verifier" varchar(128) NOT NULL,
        "nonce" varchar(128) NOT NULL,
        "redirect_uri" varchar(2048) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        "claimed_at" timestamptz,
        "pending_user_id" uuid,
        "code_hash" char(64),
        CONSTRAINT "PK_oauth_states" PRIMARY KEY ("state_hash"),
        CONSTRAINT "FK_oauth_states_link_user" FOREIGN KEY ("link_user_id") REFERENCES "users" ("id") ON DELETE CASCADE,
        CONSTRAINT "FK_oauth_states_pending_user" FOREIGN KEY ("pending_user_id") REFERENCES "users" ("id") ON DELETE CASCADE,
        CONSTRAINT "CHK_oauth_states_mode" CHECK (("mode" = 'signin' AND "link_user_id" IS NULL) OR ("mode" = 'link' AND "link_user_id" IS NOT NULL))
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_oauth_states_expires" ON "oauth_states" ("expires_at")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "oauth_states"`);
    await queryRunner.query(`DROP TABLE "oauth_identities"`);
  }
}
