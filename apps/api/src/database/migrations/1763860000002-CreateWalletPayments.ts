import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Deposits and withdrawals as the payment provider sees them (one row per provider operation), plus the
 * HTTP idempotency keys of the money-moving routes. The money itself moves only in the ledger; a payment row
 * points at its ledger transactions. See docs/decisions/0202-idempotency-keys.md and 0203-withdrawal-processor.md.
 */
export class CreateWalletPayments1763860000002 implements MigrationInterface {
  name = 'CreateWalletPayments1763860000002';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "wallet_payments" (
        "id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "direction" varchar(16) NOT NULL,
        "amount_cents" bigint NOT NULL,
        "payment_method" varchar(16) NOT NULL,
        "provider" varchar(32) NOT NULL,
        "status" varchar(16) NOT NULL,
        "provider_reference" varchar(200),
        "failure_reason" varchar(500),
        "ledger_transaction_id" uuid,
        "settlement_transaction_id" uuid,
        "attempts" integer NOT NULL DEFAULT 0,
        "process_after" timestamptz,
        "last_error" varchar(500),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "completed_at" timestamptz,
        CONSTRAINT "PK_wallet_payments" PRIMARY KEY ("id"),
        CONSTRAINT "FK_wallet_payments_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT,
        CONSTRAINT "FK_wallet_payments_ledger_tx" FOREIGN KEY ("ledger_transaction_id") REFERENCES "ledger_transactions"("id"),
        CONSTRAINT "FK_wallet_payments_settlement_tx" FOREIGN KEY ("settlement_transaction_id") REFERENCES "ledger_transactions"("id"),
        CONSTRAINT "UQ_wallet_payments_ledger_tx" UNIQUE ("ledger_transaction_id"),
        CONSTRAINT "UQ_wallet_payments_settlement_tx" UNIQUE ("settlement_transaction_id"),
        CONSTRAINT "CHK_wallet_payments_direction" CHECK ("direction" IN ('deposit','withdrawal')),
        CONSTRAINT "CHK_wallet_payments_amount" CHECK ("amount_cents" > 0),
        CONSTRAINT "CHK_wallet_payments_method" CHECK ("payment_method" IN ('card','paypal','crypto','bank')),
        CONSTRAINT "CHK_wallet_payments_status" CHECK ("status" IN ('pending','completed','failed')),
        CONSTRAINT "CHK_wallet_payments_attempts" CHECK ("attempts" >= 0),
        -- A completed deposit and every withdrawal moved money in the ledger; a settled withdrawal was paid or refunded.
        CONSTRAINT "CHK_wallet_payments_ledger" CHECK (
          ("direction" = 'deposit' AND ("status" = 'completed') = ("ledger_transaction_id" IS NOT NULL) AND "settlement_transaction_id" IS NULL)
          OR ("direction" = 'withdrawal' AND "ledger_transaction_id" IS NOT NULL
              AND ("status" = 'pending') = ("settlement_transaction_id" IS NULL)
              AND ("status" <> 'pending' OR "process_after" IS NOT NULL))
        ),
        CONSTRAINT "CHK_wallet_payments_completed_at" CHECK (("status" = 'pending') = ("completed_at" IS NULL))
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_wallet_payments_user" ON "wallet_payments" ("user_id", "created_at")`);
    await queryRunner.query(`
      CREATE INDEX "IDX_wallet_payments_due" ON "wallet_payments" ("process_after")
      WHERE "direction" = 'withdrawal' AND "status" = 'pending'`);

    // A payment's amount, owner and direction never change, and a settled payment never changes again.
    await queryRunner.query(`
      CREATE FUNCTION "wallet_payments_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          RAISE EXCEPTION 'wallet payments are never deleted' USING ERRCODE = 'restrict_violation';
        END IF;
        IF NEW."id" <> OLD."id" OR NEW."user_id" <> OLD."user_id" OR NEW."direction" <> OLD."direction"
           OR NEW."amount_cents" <> OLD."amount_cents" OR NEW."payment_method" <> OLD."payment_method"
           OR NEW."provider" <> OLD."provider" OR NEW."created_at" <> OLD."created_at"
           OR NEW."ledger_transaction_id" IS DISTINCT FROM OLD."ledger_transaction_id" THEN
          RAISE EXCEPTION 'wallet payment % identity columns are immutable', OLD."id" USING ERRCODE = 'restrict_violation';
        END IF;
        IF OLD."status" <> 'pending' AND (NEW."status" <> OLD."status"
           OR NEW."settlement_transaction_id" IS DISTINCT FROM OLD."settlement_transaction_id") THEN
          RAISE EXCEPTION 'wallet payment % is already %', OLD."id", OLD."status" USING ERRCODE = 'restrict_violation';
        END IF;
        RETURN NEW;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER "wallet_payments_guard" BEFORE UPDATE OR DELETE ON "wallet_payments"
      FOR EACH ROW EXECUTE FUNCTION "wallet_payments_guard"()`);

    await queryRunner.query(`
      CREATE TABLE "idempotency_keys" (
        "user_id" uuid NOT NULL,
        "key" varchar(255) NOT NULL,
        "request_hash" char(64) NOT NULL,
        "response_status" integer,
        -- json, not jsonb: a replay must answer byte-for-byte what the first request answered (jsonb reorders keys).
        "response_body" json,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        CONSTRAINT "PK_idempotency_keys" PRIMARY KEY ("user_id", "key"),
        CONSTRAINT "FK_idempotency_keys_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE,
        CONSTRAINT "CHK_idempotency_keys_expiry" CHECK ("expires_at" >= "created_at" + interval '24 hours')
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_idempotency_keys_expires" ON "idempotency_keys" ("expires_at")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "idempotency_keys"`);
    await queryRunner.query(`DROP TABLE "wallet_payments"`);
    await queryRunner.query(`DROP FUNCTION "wallet_payments_guard"()`);
  }
}
