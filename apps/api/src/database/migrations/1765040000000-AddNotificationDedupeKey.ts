import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A notification that must not repeat within a while carries a key naming what it is about (for "an opponent joined
 * your room": the room and the opponent); a second one with the same key for the same user within the interval is not
 * written. Null for every other notification.
 */
export class AddNotificationDedupeKey1765040000000 implements MigrationInterface {
  name = 'AddNotificationDedupeKey1765040000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notifications" ADD "dedupe_key" varchar(160)`);
    await queryRunner.query(
      `CREATE INDEX "IDX_notifications_dedupe" ON "notifications" ("user_id", "dedupe_key", "created_at" DESC)
        WHERE "dedupe_key" IS NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_notifications_dedupe"`);
    await queryRunner.query(`ALTER TABLE "notifications" DROP COLUMN "dedupe_key"`);
  }
}
