import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fair-play payout holds (docs/decisions/1802): a round whose winner's signals reach FAIR_PLAY_HOLD_SCORE
 * closes as `held` — both stakes stay in escrow, nobody is paid — and gets a review row that support releases (paid
 * as decided) or voids (both refunded). Every round keeps its signals (`matches.fair_play_signals`) as evidence.
 */
export class AddFairPlayReviews1764800000000 implements MigrationInterface {
  name = 'AddFairPlayReviews1764800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "matches" DROP CONSTRAINT "CHK_matches_status"`);
    await queryRunner.query(
      `ALTER TABLE "matches" ADD CONSTRAINT "CHK_matches_status"
         CHECK ("status" IN ('countdown','playing','finished','void','held'))`,
    );
    // A held round has its outcome but no settlement transaction yet.
    await queryRunner.query(`ALTER TABLE "matches" DROP CONSTRAINT "CHK_matches_over"`);
    await queryRunner.query(
      `ALTER TABLE "matches" ADD CONSTRAINT "CHK_matches_over" CHECK (
         ("status" IN ('countdown','playing')) = ("outcome" IS NULL)
         AND ("status" IN ('countdown','playing','held')) = ("settlement_transaction_id" IS NULL)
         AND ("status" = 'void') = ("outcome" IS NOT DISTINCT FROM 'void'))`,
    );
    await queryRunner.query(`ALTER TABLE "matches" ADD "fair_play_signals" jsonb`);
    await queryRunner.query(`
      CREATE TABLE "fair_play_reviews" (
        "match_id" uuid NOT NULL,
        "held_user_id" uuid NOT NULL,
        "score" numeric(6,2) NOT NULL,
        "status" varchar(16) NOT NULL DEFAULT 'held',
        "decision_note" varchar(1000),
        "decided_by" uuid,
        "decided_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_fair_play_reviews" PRIMARY KEY ("match_id"),
        CONSTRAINT "FK_fair_play_reviews_match" FOREIGN KEY ("match_id") REFERENCES "matches" ("id") ON DELETE RESTRICT,
        CONSTRAINT "FK_fair_play_reviews_decided_by" FOREIGN KEY ("decided_by") REFERENCES "users" ("id"),
        CONSTRAINT "CHK_fair_play_reviews_status" CHECK ("status" IN ('held','released','voided')),
        CONSTRAINT "CHK_fair_play_reviews_decided" CHECK (("status" = 'held') = ("decided_at" IS NULL))
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_fair_play_reviews_held" ON "fair_play_reviews" ("created_at") WHERE "status" = 'held'`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_matches_fair_play_signals" ON "matches" ("ended_at") WHERE "fair_play_signals" IS NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_matches_fair_play_signals"`);
    await queryRunner.query(`DROP TABLE "fair_play_reviews"`);
    await queryRunner.query(`ALTER TABLE "matches" DROP COLUMN "fair_play_signals"`);
    await queryRunner.query(`ALTER TABLE "matches" DROP CONSTRAINT "CHK_matches_over"`);
    await queryRunner.query(
      `ALTER TABLE "matches" ADD CONSTRAINT "CHK_matches_over" CHECK (
         ("status" IN ('countdown','playing')) = ("outcome" IS NULL)
         AND ("status" IN ('countdown','playing')) = ("settlement_transaction_id" IS NULL)
         AND ("status" = 'void') = ("outcome" IS NOT DISTINCT FROM 'void'))`,
    );
    await queryRunner.query(`ALTER TABLE "matches" DROP CONSTRAINT "CHK_matches_status"`);
    await queryRunner.query(
      `ALTER TABLE "matches" ADD CONSTRAINT "CHK_matches_status"
         CHECK ("status" IN ('countdown','playing','finished','void'))`,
    );
  }
}
