import { MigrationInterface, QueryRunner } from 'typeorm';

/** XP granted through POST /users/me/add-xp/ per user and UTC day, so the daily cap holds across requests. */
export class CreateUserSelfReportedXp1763850500000 implements MigrationInterface {
  name = 'CreateUserSelfReportedXp1763850500000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "user_self_reported_xp" (
        "user_id" uuid NOT NULL,
        "day" date NOT NULL,
        "xp" integer NOT NULL DEFAULT 0,
        CONSTRAINT "PK_user_self_reported_xp" PRIMARY KEY ("user_id", "day"),
        CONSTRAINT "FK_user_self_reported_xp_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE,
        CONSTRAINT "CHK_user_self_reported_xp" CHECK ("xp" >= 0)
      )`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "user_self_reported_xp"`);
  }
}
