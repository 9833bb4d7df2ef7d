import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Hot house accounts get sub-accounts (docs/decisions/2801): every deposit used to lock the one provider clearing
 * row, every bet and settlement the one escrow row, every fee the one platform fee row, so unrelated players queued
 * behind each other's row lock. Each of those three kinds now has HOUSE_ACCOUNT_SHARDS rows, told apart by `shard`
 * (0 is the row that existed before); a post picks one of them by a hash, and readers sum a kind's rows. Every other
 * system account keeps its single row (shard 0). The shard number is part of an account's identity: immutable.
 */
const HOUSE_ACCOUNT_SHARDS = 16;
const SHARDED_KINDS = ['provider_clearing', 'escrow', 'platform_fee'];

export class ShardHotHouseAccounts1765110000000 implements MigrationInterface {
  name = 'ShardHotHouseAccounts1765110000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "ledger_accounts" ADD COLUMN "shard" smallint NOT NULL DEFAULT 0`);
    await queryRunner.query(`
      ALTER TABLE "ledger_accounts" ADD CONSTRAINT "CHK_ledger_accounts_shard"
        CHECK ("shard" = 0 OR ("kind" IN ('provider_clearing', 'escrow', 'platform_fee') AND "shard" BETWEEN 1 AND 255))`);
    await queryRunner.query(`DROP INDEX "UQ_ledger_accounts_system"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_ledger_accounts_system" ON "ledger_accounts" ("kind", "shard")
        WHERE "kind" NOT IN ('user_wallet', 'tournament_escrow')`,
    );
    await queryRunner.query(
      `INSERT INTO "ledger_accounts" ("kind", "shard")
       SELECT k.kind, s.shard FROM unnest($1::varchar[]) AS k(kind), generate_series(1, $2::integer - 1) AS s(shard)`,
      [SHARDED_KINDS, HOUSE_ACCOUNT_SHARDS],
    );
    // Same guard as before, with the shard among the identity columns.
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION "ledger_guard_account"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'UPDATE' THEN
          RAISE EXCEPTION 'ledger accounts are never removed: % on ledger_accounts is not allowed', TG_OP
            USING ERRCODE = 'restrict_violation';
        END IF;
        IF NEW."id" <> OLD."id" OR NEW."kind" <> OLD."kind" OR NEW."user_id" IS DISTINCT FROM OLD."user_id"
           OR NEW."currency" <> OLD."currency" OR NEW."created_at" <> OLD."created_at" OR NEW."shard" <> OLD."shard" THEN
          RAISE EXCEPTION 'ledger account % identity columns are immutable', OLD."id" USING ERRCODE = 'restrict_violation';
        END IF;
        IF NEW."balance_cents" <> OLD."balance_cents" AND pg_trigger_depth() < 2 THEN
          RAISE EXCEPTION 'ledger account % balance changes only through ledger entries', OLD."id"
            USING ERRCODE = 'restrict_violation';
        END IF;
        RETURN NEW;
      END
      $$`);
  }

  public async down(): Promise<void> {
    // Sub-accounts that hold entries can never be removed (the ledger is append-only): no way down.
    throw new Error('ShardHotHouseAccounts cannot be reverted: its sub-accounts may hold ledger entries');
  }
}
