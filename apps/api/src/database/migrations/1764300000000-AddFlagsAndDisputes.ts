import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fair-play flags and match disputes (docs/decisions/1602-flags-and-disputes.md):
 * - `fair_play_flags`: a signal on a user (and the match it came from) with its evidence; support resolves it.
 * - `match_disputes`: one per player and round; support upholds the result or voids the match.
 * - ledger account `player_receivables`: what a player owes the platform when a voided win had already been withdrawn
 *   (the wallet never goes negative; the receivable does, like the provider's clearing account).
 */
export class AddFlagsAndDisputes1764300000000 implements MigrationInterface {
  name = 'AddFlagsAndDisputes1764300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "fair_play_flags" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "match_id" uuid,
        "kind" varchar(40) NOT NULL,
        "evidence" jsonb NOT NULL DEFAULT '{}'::jsonb,
        "status" varchar(16) NOT NULL DEFAULT 'open',
        "resolution_note" varchar(1000),
        "resolved_by" uuid,
        "resolved_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_fair_play_flags" PRIMARY KEY ("id"),
        CONSTRAINT "FK_fair_play_flags_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE RESTRICT,
        CONSTRAINT "FK_fair_play_flags_match" FOREIGN KEY ("match_id") REFERENCES "matches" ("id") ON DELETE RESTRICT,
        CONSTRAINT "FK_fair_play_flags_resolved_by" FOREIGN KEY ("resolved_by") REFERENCES "users" ("id"),
        CONSTRAINT "CHK_fair_play_flags_status" CHECK ("status" IN ('open','dismissed','warned','frozen')),
        CONSTRAINT "CHK_fair_play_flags_resolved" CHECK (("status" = 'open') = ("resolved_at" IS NULL))
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_fair_play_flags_open" ON "fair_play_flags" ("created_at") WHERE "status" = 'open'`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_fair_play_flags_user" ON "fair_play_flags" ("user_id", "created_at")`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_fair_play_flags_match_kind" ON "fair_play_flags" ("user_id", "match_id", "kind") WHERE "match_id" IS NOT NULL`,
    );

    await queryRunner.query(`
      CREATE TABLE "match_disputes" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "match_id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "reason" varchar(1000) NOT NULL,
        "status" varchar(16) NOT NULL DEFAULT 'open',
        "decision_note" varchar(1000),
        "decided_by" uuid,
        "decided_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_match_disputes" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_match_disputes_player" UNIQUE ("match_id", "user_id"),
        CONSTRAINT "FK_match_disputes_match" FOREIGN KEY ("match_id") REFERENCES "matches" ("id") ON DELETE RESTRICT,
        CONSTRAINT "FK_match_disputes_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE RESTRICT,
        CONSTRAINT "FK_match_disputes_decided_by" FOREIGN KEY ("decided_by") REFERENCES "users" ("id"),
        CONSTRAINT "CHK_match_disputes_status" CHECK ("status" IN ('open','upheld','voided')),
        CONSTRAINT "CHK_match_disputes_decided" CHECK (("status" = 'open') = ("decided_at" IS NULL))
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_match_disputes_open" ON "match_disputes" ("created_at") WHERE "status" = 'open'`,
    );

    await queryRunner.query(`ALTER TABLE "ledger_accounts" DROP CONSTRAINT "CHK_ledger_accounts_kind"`);
    await queryRunner.query(`
      ALTER TABLE "ledger_accounts" ADD CONSTRAINT "CHK_ledger_accounts_kind" CHECK ("kind" IN
        ('user_wallet','provider_clearing','escrow','platform_fee','pending_withdrawals','player_receivables'))`);
    await queryRunner.query(`ALTER TABLE "ledger_accounts" DROP CONSTRAINT "CHK_ledger_accounts_non_negative"`);
    await queryRunner.query(`
      ALTER TABLE "ledger_accounts" ADD CONSTRAINT "CHK_ledger_accounts_non_negative"
        CHECK ("kind" IN ('provider_clearing','player_receivables') OR "balance_cents" >= 0)`);
    await queryRunner.query(`INSERT INTO "ledger_accounts" ("kind") VALUES ('player_receivables')`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "match_disputes"`);
    await queryRunner.query(`DROP TABLE "fair_play_flags"`);
    // The receivables account stays if it has entries (the ledger is append-only); the constraints stay wide then.
  }
}
