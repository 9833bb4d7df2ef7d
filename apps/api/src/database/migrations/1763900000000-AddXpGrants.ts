import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Match XP is granted after the settlement commits (docs/decisions/0606-match-xp-grants.md): `xp_grants` records each
 * grant once per user and source ("match:<id>"), and `matches.xp_granted_at` marks a finished match whose grants are
 * all written, so the rooms sweep can find the ones a crash interrupted. Matches finished before this migration had
 * their XP awarded right after their settlement and are marked granted.
 */
export class AddXpGrants1763900000000 implements MigrationInterface {
  name = 'AddXpGrants1763900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "xp_grants" (
        "user_id" uuid NOT NULL,
        "source" varchar(80) NOT NULL,
        "xp" integer NOT NULL,
        "granted_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_xp_grants" PRIMARY KEY ("user_id", "source"),
        CONSTRAINT "FK_xp_grants_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE,
        CONSTRAINT "CHK_xp_grants_xp" CHECK ("xp" > 0)
      )`);
    await queryRunner.query(`ALTER TABLE "matches" ADD COLUMN "xp_granted_at" timestamptz`);
    await queryRunner.query(`UPDATE "matches" SET "xp_granted_at" = "ended_at" WHERE "status" = 'finished'`);
    await queryRunner.query(
      `CREATE INDEX "IDX_matches_xp_pending" ON "matches" ("ended_at") WHERE "status" = 'finished' AND "xp_granted_at" IS NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_matches_xp_pending"`);
    await queryRunner.query(`ALTER TABLE "matches" DROP COLUMN "xp_granted_at"`);
    await queryRunner.query(`DROP TABLE "xp_grants"`);
  }
}
