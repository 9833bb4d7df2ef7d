import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Responsible gaming (docs/decisions/1501-responsible-gaming.md):
 * - `rg_eligibility`: the player's declaration (date of birth, country, terms version) before the first money move;
 *   'refused' rows keep an under-age or blocked-country declaration so it cannot be retried with other answers.
 * - `rg_limits`: per player and kind, the limit in force and a raise/removal that waits for its delay.
 * - `rg_exclusions`: cool-offs and self-exclusions, append-only like the ledger (a break can never be shortened,
 *   not even by a bug: UPDATE and DELETE are refused by the database).
 * - `rg_reality_checks`: when the player last answered the reality check.
 */
export class AddResponsibleGaming1764000000000 implements MigrationInterface {
  name = 'AddResponsibleGaming1764000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "rg_eligibility" (
        "user_id" uuid NOT NULL,
        "date_of_birth" date NOT NULL,
        "country" char(2) NOT NULL,
        "terms_version" varchar(32) NOT NULL,
        "status" varchar(16) NOT NULL,
        "refusal_code" varchar(40),
        "confirmed_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_rg_eligibility" PRIMARY KEY ("user_id"),
        CONSTRAINT "FK_rg_eligibility_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE,
        CONSTRAINT "CHK_rg_eligibility_status" CHECK ("status" IN ('eligible','refused')),
        CONSTRAINT "CHK_rg_eligibility_refusal" CHECK (("status" = 'refused') = ("refusal_code" IS NOT NULL)),
        CONSTRAINT "CHK_rg_eligibility_country" CHECK ("country" ~ '^[A-Z]{2}$')
      )`);
    await queryRunner.query(`
      CREATE TABLE "rg_limits" (
        "user_id" uuid NOT NULL,
        "kind" varchar(20) NOT NULL,
        "amount_cents" bigint,
        "pending_set" boolean NOT NULL DEFAULT false,
        "pending_amount_cents" bigint,
        "pending_applies_at" timestamptz,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_rg_limits" PRIMARY KEY ("user_id", "kind"),
        CONSTRAINT "FK_rg_limits_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE,
        CONSTRAINT "CHK_rg_limits_kind" CHECK ("kind" IN ('deposit_day','deposit_week','deposit_month','loss_day','loss_week','loss_month','max_bet')),
        CONSTRAINT "CHK_rg_limits_amount" CHECK ("amount_cents" IS NULL OR "amount_cents" > 0),
        CONSTRAINT "CHK_rg_limits_pending_amount" CHECK ("pending_amount_cents" IS NULL OR "pending_amount_cents" > 0),
        CONSTRAINT "CHK_rg_limits_pending" CHECK ("pending_set" = ("pending_applies_at" IS NOT NULL)
          AND ("pending_set" OR "pending_amount_cents" IS NULL))
      )`);
    await queryRunner.query(`
      CREATE TABLE "rg_exclusions" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "kind" varchar(16) NOT NULL,
        "period" varchar(16) NOT NULL,
        "starts_at" timestamptz NOT NULL DEFAULT now(),
        "ends_at" timestamptz,
        CONSTRAINT "PK_rg_exclusions" PRIMARY KEY ("id"),
        CONSTRAINT "FK_rg_exclusions_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE RESTRICT,
        CONSTRAINT "CHK_rg_exclusions_kind" CHECK ("kind" IN ('cool_off','self_exclusion')),
        CONSTRAINT "CHK_rg_exclusions_period" CHECK ("ends_at" IS NULL OR "ends_at" > "starts_at"),
        CONSTRAINT "CHK_rg_exclusions_permanent" CHECK ("ends_at" IS NOT NULL OR "kind" = 'self_exclusion')
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_rg_exclusions_user" ON "rg_exclusions" ("user_id", "starts_at")`);
    await queryRunner.query(`
      CREATE FUNCTION "rg_exclusions_reject_change"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'rg_exclusions is append-only: % is not allowed', TG_OP USING ERRCODE = 'restrict_violation';
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER "rg_exclusions_append_only" BEFORE UPDATE OR DELETE ON "rg_exclusions"
      FOR EACH ROW EXECUTE FUNCTION "rg_exclusions_reject_change"()`);
    await queryRunner.query(`
      CREATE TRIGGER "rg_exclusions_no_truncate" BEFORE TRUNCATE ON "rg_exclusions"
      FOR EACH STATEMENT EXECUTE FUNCTION "rg_exclusions_reject_change"()`);
    await queryRunner.query(`
      CREATE TABLE "rg_reality_checks" (
        "user_id" uuid NOT NULL,
        "checked_at" timestamptz NOT NULL,
        CONSTRAINT "PK_rg_reality_checks" PRIMARY KEY ("user_id"),
        CONSTRAINT "FK_rg_reality_checks_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE
      )`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "rg_reality_checks"`);
    await queryRunner.query(`DROP TABLE "rg_exclusions"`);
    await queryRunner.query(`DROP FUNCTION "rg_exclusions_reject_change"()`);
    await queryRunner.query(`DROP TABLE "rg_limits"`);
    await queryRunner.query(`DROP TABLE "rg_eligibility"`);
  }
}
