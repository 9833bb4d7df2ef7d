import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Location checks at cash actions (docs/decisions/2503-location-checks.md): a player whose address's country differs
 * from the declared one gets a `location_mismatch` fair-play flag for support. At most one open such flag per
 * player, so a player who deposits ten times while travelling leaves one flag, not ten; once support resolves it,
 * the next mismatch opens a new one.
 */
export class AddLocationMismatchFlags1765080000000 implements MigrationInterface {
  name = 'AddLocationMismatchFlags1765080000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_fair_play_flags_open_location" ON "fair_play_flags" ("user_id")
        WHERE "kind" = 'location_mismatch' AND "status" = 'open'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "UQ_fair_play_flags_open_location"`);
  }
}
