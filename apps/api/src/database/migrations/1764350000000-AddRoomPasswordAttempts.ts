import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Private-room password guesses per room and user, so wrong guesses are capped: one row per attempt claimed before the
 * password is checked; a right guess deletes its row, a wrong one stays and counts for 15 minutes (older rows of a
 * pair are pruned at its next guess). No foreign keys on purpose: their checks take a share lock on the room's and
 * the user's rows, and a guess must not wait for (or hold) any lock a join or a settlement takes.
 */
export class AddRoomPasswordAttempts1764350000000 implements MigrationInterface {
  name = 'AddRoomPasswordAttempts1764350000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "room_password_attempts" (
        "id" bigint GENERATED ALWAYS AS IDENTITY,
        "room_id" varchar(64) NOT NULL,
        "user_id" uuid NOT NULL,
        "attempted_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_room_password_attempts" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_room_password_attempts_room_user" ON "room_password_attempts" ("room_id", "user_id", "attempted_at")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "room_password_attempts"`);
  }
}
