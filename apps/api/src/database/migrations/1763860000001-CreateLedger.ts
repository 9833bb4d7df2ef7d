import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The double-entry ledger (docs/decisions/0201-double-entry-ledger.md). The database itself enforces:
 * - every ledger transaction has at least two entries that sum to zero (deferred constraint triggers, checked at COMMIT);
 * - entries and transactions are append-only (UPDATE, DELETE and TRUNCATE are rejected by triggers);
 * - an account's cached balance_cents changes only through inserted entries (maintained by a trigger, and a direct
 *   UPDATE of the column is rejected), so it always equals the sum of the account's entries;
 * - user wallets, escrow, platform fee and pending withdrawals never go below zero (CHECK); only the payment
 *   provider's clearing account, the mirror of money outside SkillDuel, runs negative.
 */
export class CreateLedger1763860000001 implements MigrationInterface {
  name = 'CreateLedger1763860000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "ledger_accounts" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "kind" varchar(32) NOT NULL,
        "user_id" uuid,
        "currency" char(3) NOT NULL DEFAULT 'USD',
        "balance_cents" bigint NOT NULL DEFAULT 0,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_ledger_accounts" PRIMARY KEY ("id"),
        CONSTRAINT "FK_ledger_accounts_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT,
        CONSTRAINT "CHK_ledger_accounts_kind" CHECK ("kind" IN ('user_wallet','provider_clearing','escrow','platform_fee','pending_withdrawals')),
        CONSTRAINT "CHK_ledger_accounts_owner" CHECK (("kind" = 'user_wallet') = ("user_id" IS NOT NULL)),
        CONSTRAINT "CHK_ledger_accounts_currency" CHECK ("currency" = 'USD'),
        CONSTRAINT "CHK_ledger_accounts_non_negative" CHECK ("kind" = 'provider_clearing' OR "balance_cents" >= 0)
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_ledger_accounts_wallet" ON "ledger_accounts" ("user_id") WHERE "kind" = 'user_wallet'`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_ledger_accounts_system" ON "ledger_accounts" ("kind") WHERE "kind" <> 'user_wallet'`,
    );
    await queryRunner.query(`
      INSERT INTO "ledger_accounts" ("kind")
      VALUES ('provider_clearing'), ('escrow'), ('platform_fee'), ('pending_withdrawals')`);

    await queryRunner.query(`
      CREATE TABLE "ledger_transactions" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "kind" varchar(40) NOT NULL,
        "idempotency_key" varchar(200) NOT NULL,
        "request_hash" char(64) NOT NULL,
        "user_id" uuid,
        "payment_id" uuid,
        "room_id" varchar(64),
        "metadata" jsonb NOT NULL DEFAULT '{}'::jsonb,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_ledger_transactions" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_ledger_transactions_idempotency_key" UNIQUE ("idempotency_key"),
        CONSTRAINT "FK_ledger_transactions_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT,
        CONSTRAINT "CHK_ledger_transactions_kind" CHECK ("kind" ~ '^[a-z][a-z_]{0,39}$'),
        CONSTRAINT "CHK_ledger_transactions_key" CHECK (char_length("idempotency_key") > 0),
        CONSTRAINT "CHK_ledger_transactions_metadata" CHECK (jsonb_typeof("metadata") = 'object')
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_ledger_transactions_user" ON "ledger_transactions" ("user_id", "created_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_ledger_transactions_payment" ON "ledger_transactions" ("payment_id") WHERE "payment_id" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_ledger_transactions_room" ON "ledger_transactions" ("room_id") WHERE "room_id" IS NOT NULL`,
    );

    await queryRunner.query(`
      CREATE TABLE "ledger_entries" (
        "id" bigint GENERATED ALWAYS AS IDENTITY,
        "transaction_id" uuid NOT NULL,
        "account_id" uuid NOT NULL,
        "amount_cents" bigint NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_ledger_entries" PRIMARY KEY ("id"),
        CONSTRAINT "FK_ledger_entries_transaction" FOREIGN KEY ("transaction_id") REFERENCES "ledger_transactions"("id") ON DELETE RESTRICT,
        CONSTRAINT "FK_ledger_entries_account" FOREIGN KEY ("account_id") REFERENCES "ledger_accounts"("id") ON DELETE RESTRICT,
        CONSTRAINT "CHK_ledger_entries_amount" CHECK ("amount_cents" <> 0)
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_ledger_entries_transaction" ON "ledger_entries" ("transaction_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_ledger_entries_account" ON "ledger_entries" ("account_id", "id")`);

    // Append-only: history is corrected with new (reversing) transactions, never by rewriting rows.
    await queryRunner.query(`
      CREATE FUNCTION "ledger_reject_change"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'ledger is append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME
          USING ERRCODE = 'restrict_violation';
      END
      $$`);
    for (const table of ['ledger_entries', 'ledger_transactions']) {
      await queryRunner.query(`
        CREATE TRIGGER "${table}_append_only" BEFORE UPDATE OR DELETE ON "${table}"
        FOR EACH ROW EXECUTE FUNCTION "ledger_reject_change"()`);
      await queryRunner.query(`
        CREATE TRIGGER "${table}_no_truncate" BEFORE TRUNCATE ON "${table}"
        FOR EACH STATEMENT EXECUTE FUNCTION "ledger_reject_change"()`);
    }

    // Balanced transactions, checked at COMMIT so a transaction's entries can be inserted in any number of statements.
    await queryRunner.query(`
      CREATE FUNCTION "ledger_assert_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        tx_id uuid;
        entry_count integer;
        total bigint;
      BEGIN
        IF TG_TABLE_NAME = 'ledger_entries' THEN
          tx_id := NEW.transaction_id;
        ELSE
          tx_id := NEW.id;
        END IF;
        SELECT count(*), coalesce(sum("amount_cents"), 0) INTO entry_count, total
          FROM "ledger_entries" WHERE "transaction_id" = tx_id;
        IF entry_count < 2 OR total <> 0 THEN
          RAISE EXCEPTION 'ledger transaction % is unbalanced: % entries summing to % cents', tx_id, entry_count, total
            USING ERRCODE = 'check_violation';
        END IF;
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(`
      CREATE CONSTRAINT TRIGGER "ledger_entries_balanced" AFTER INSERT ON "ledger_entries"
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_assert_balanced"()`);
    await queryRunner.query(`
      CREATE CONSTRAINT TRIGGER "ledger_transactions_balanced" AFTER INSERT ON "ledger_transactions"
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_assert_balanced"()`);

    // The cached balance follows the entries, in the same statement. One UPDATE per account per statement.
    await queryRunner.query(`
      CREATE FUNCTION "ledger_apply_entries"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "ledger_accounts" AS a
           SET "balance_cents" = a."balance_cents" + d."delta", "updated_at" = now()
          FROM (SELECT "account_id", sum("amount_cents") AS "delta" FROM inserted GROUP BY "account_id") AS d
         WHERE a."id" = d."account_id";
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER "ledger_entries_apply" AFTER INSERT ON "ledger_entries"
      REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "ledger_apply_entries"()`);

    // Accounts: identity columns are immutable, balance_cents moves only from the trigger above, rows are never removed.
    await queryRunner.query(`
      CREATE FUNCTION "ledger_guard_account"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'UPDATE' THEN
          RAISE EXCEPTION 'ledger accounts are never removed: % on ledger_accounts is not allowed', TG_OP
            USING ERRCODE = 'restrict_violation';
        END IF;
        IF NEW."id" <> OLD."id" OR NEW."kind" <> OLD."kind" OR NEW."user_id" IS DISTINCT FROM OLD."user_id"
           OR NEW."currency" <> OLD."currency" OR NEW."created_at" <> OLD."created_at" THEN
          RAISE EXCEPTION 'ledger account % identity columns are immutable', OLD."id" USING ERRCODE = 'restrict_violation';
        END IF;
        IF NEW."balance_cents" <> OLD."balance_cents" AND pg_trigger_depth() < 2 THEN
          RAISE EXCEPTION 'ledger account % balance changes only through ledger entries', OLD."id"
            USING ERRCODE = 'restrict_violation';
        END IF;
        RETURN NEW;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER "ledger_accounts_guard" BEFORE UPDATE OR DELETE ON "ledger_accounts"
      FOR EACH ROW EXECUTE FUNCTION "ledger_guard_account"()`);
    await queryRunner.query(`
      CREATE TRIGGER "ledger_accounts_no_truncate" BEFORE TRUNCATE ON "ledger_accounts"
      FOR EACH STATEMENT EXECUTE FUNCTION "ledger_reject_change"()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "ledger_entries"`);
    await queryRunner.query(`DROP TABLE "ledger_transactions"`);
    await queryRunner.query(`DROP TABLE "ledger_accounts"`);
    await queryRunner.query(`DROP FUNCTION "ledger_guard_account"()`);
    await queryRunner.query(`DROP FUNCTION "ledger_apply_entries"()`);
    await queryRunner.query(`DROP FUNCTION "ledger_assert_balanced"()`);
    await queryRunner.query(`DROP FUNCTION "ledger_reject_change"()`);
  }
}
