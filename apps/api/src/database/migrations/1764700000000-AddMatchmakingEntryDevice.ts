import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where a matchmaking entry came from (docs/decisions/1703): the browser's device id (X-Device-Id; null
 * for clients that send none) and the client address. The matcher never pairs two entries of one device, and with
 * MATCHMAKING_DISTINCT_IPS never two of one address. Kept with the entry as fair-play data.
 */
export class AddMatchmakingEntryDevice1764700000000 implements MigrationInterface {
  name = 'AddMatchmakingEntryDevice1764700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "matchmaking_entries"
        ADD COLUMN "device_id" varchar(64),
        ADD COLUMN "ip" varchar(64)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "matchmaking_entries" DROP COLUMN "ip", DROP COLUMN "device_id"`);
  }
}
