import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sessions (one per sign-in, docs/product/accounts.md#sessions) and their refresh tokens. Refresh tokens are opaque and
 * stored as SHA-256 hashes; each refresh spends one (rotated_at) and issues the next. Presenting a spent one revokes
 * the session (reuse detection, docs/decisions/0101).
 */
export class CreateAuthSessions1763850000000 implements MigrationInterface {
  name = 'CreateAuthSessions1763850000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "auth_sessions" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "auth_method" varchar(32) NOT NULL,
        "user_agent" varchar(512),
        "ip" varchar(64),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "last_used_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        "revoked_at" timestamptz,
        "revoked_reason" varchar(32),
        CONSTRAINT "PK_auth_sessions" PRIMARY KEY ("id"),
        CONSTRAINT "FK_auth_sessions_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE,
        CONSTRAINT "CHK_auth_sessions_revoked" CHECK (("revoked_at" IS NULL) = ("revoked_reason" IS NULL))
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_auth_sessions_user_active" ON "auth_sessions" ("user_id") WHERE "revoked_at" IS NULL`,
    );
    // "Has this account ever signed in from this address?" (per-account login limits, docs/decisions/0102).
    await queryRunner.query(`CREATE INDEX "IDX_auth_sessions_user_ip" ON "auth_sessions" ("user_id", "ip")`);
    await queryRunner.query(`
      CREATE TABLE "auth_refresh_tokens" (
        "token_hash" char(64) NOT NULL,
        "session_id" uuid NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        "rotated_at" timestamptz,
        CONSTRAINT "PK_auth_refresh_tokens" PRIMARY KEY ("token_hash"),
        CONSTRAINT "FK_auth_refresh_tokens_session" FOREIGN KEY ("session_id") REFERENCES "auth_sessions" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_auth_refresh_tokens_session" ON "auth_refresh_tokens" ("session_id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "auth_refresh_tokens"`);
    await queryRunner.query(`DROP TABLE "auth_sessions"`);
  }
}
