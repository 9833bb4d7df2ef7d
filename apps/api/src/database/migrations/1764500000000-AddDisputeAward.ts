import { MigrationInterface, QueryRunner } from 'typeorm';

/** A dispute can also end with the result reversed: the other player paid (decision 1602). */
export class AddDisputeAward1764500000000 implements MigrationInterface {
  name = 'AddDisputeAward1764500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "match_disputes" DROP CONSTRAINT "CHK_match_disputes_status"`);
    await queryRunner.query(
      `ALTER TABLE "match_disputes" ADD CONSTRAINT "CHK_match_disputes_status" CHECK ("status" IN ('open','upheld','voided','awarded'))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "match_disputes" DROP CONSTRAINT "CHK_match_disputes_status"`);
    await queryRunner.query(
      `ALTER TABLE "match_disputes" ADD CONSTRAINT "CHK_match_disputes_status" CHECK ("status" IN ('open','upheld','voided'))`,
    );
  }
}
