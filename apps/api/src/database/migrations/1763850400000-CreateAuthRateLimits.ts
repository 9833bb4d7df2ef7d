import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fixed-window counters for the auth rate limits (docs/decisions/0102). In PostgreSQL so every API instance
 * shares them and a restart does not reset an attack's count. Rows are pruned once their window has passed.
 */
export class CreateAuthRateLimits1763850400000 implements MigrationInterface {
  name = 'CreateAuthRateLimits1763850400000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "auth_rate_limit_counters" (
        "bucket" varchar(400) NOT NULL,
        "window_start" timestamptz NOT NULL,
        "hits" integer NOT NULL,
        "expires_at" timestamptz NOT NULL,
        CONSTRAINT "PK_auth_rate_limit_counters" PRIMARY KEY ("bucket", "window_start"),
        CONSTRAINT "CHK_auth_rate_limit_counters_hits" CHECK ("hits" >= 0)
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_auth_rate_limit_counters_expires" ON "auth_rate_limit_counters" ("expires_at")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "auth_rate_limit_counters"`);
  }
}
