import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The browser's device id on each session (decisions 1602 and 1703): settlement flags two opponents whose
 * latest sessions come from one device (`shared_device`). Null for sessions started without one (older clients, API
 * scripts).
 */
export class AddSessionDeviceId1764900000000 implements MigrationInterface {
  name = 'AddSessionDeviceId1764900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auth_sessions" ADD "device_id" varchar(64)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auth_sessions" DROP COLUMN "device_id"`);
  }
}
