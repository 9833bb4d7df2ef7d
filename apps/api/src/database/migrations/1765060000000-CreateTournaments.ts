import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tournaments (docs/product/tournaments.md, decisions 2601-2605): the tournaments, their paid entries, the scores of
 * their attempts and the prizes paid. Each tournament holds its entry fees in a ledger account of its OWN
 * (kind `tournament_escrow`, many rows, so the one-row-per-kind index of system accounts leaves it out), and a
 * guaranteed prize table is topped up from the house's `promotions` account, which mirrors marketing spend and may
 * therefore run below zero like the provider's clearing account.
 */
export class CreateTournaments1765060000000 implements MigrationInterface {
  name = 'CreateTournaments1765060000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "ledger_accounts" DROP CONSTRAINT "CHK_ledger_accounts_kind"`);
    await queryRunner.query(`
      ALTER TABLE "ledger_accounts" ADD CONSTRAINT "CHK_ledger_accounts_kind" CHECK ("kind" IN
        ('user_wallet','provider_clearing','escrow','platform_fee','pending_withdrawals','player_receivables',
         'tournament_escrow','promotions'))`);
    await queryRunner.query(`ALTER TABLE "ledger_accounts" DROP CONSTRAINT "CHK_ledger_accounts_non_negative"`);
    await queryRunner.query(`
      ALTER TABLE "ledger_accounts" ADD CONSTRAINT "CHK_ledger_accounts_non_negative"
        CHECK ("kind" IN ('provider_clearing','player_receivables','promotions') OR "balance_cents" >= 0)`);
    await queryRunner.query(`DROP INDEX "UQ_ledger_accounts_system"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_ledger_accounts_system" ON "ledger_accounts" ("kind")
        WHERE "kind" NOT IN ('user_wallet', 'tournament_escrow')`,
    );
    await queryRunner.query(`INSERT INTO "ledger_accounts" ("kind") VALUES ('promotions')`);

    await queryRunner.query(`
      CREATE TABLE "tournaments" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "name" varchar(80) NOT NULL,
        "game_id" varchar(64) NOT NULL REFERENCES "games" ("id"),
        "format" varchar(16) NOT NULL,
        "status" varchar(16) NOT NULL DEFAULT 'scheduled',
        "entry_fee_cents" bigint NOT NULL,
        "min_entrants" integer NOT NULL,
        "max_entrants" integer NOT NULL,
        "starts_at" timestamptz NOT NULL,
        "ends_at" timestamptz NOT NULL,
        "max_entries_per_player" smallint NOT NULL,
        "prize_mode" varchar(16) NOT NULL,
        "payout_table" jsonb NOT NULL,
        "rake_bps" integer NOT NULL,
        "seed" varchar(64) NOT NULL,
        "seed_commitment" varchar(64) NOT NULL,
        "escrow_account_id" uuid NOT NULL REFERENCES "ledger_accounts" ("id"),
        "created_by" uuid REFERENCES "users" ("id"),
        "cancel_reason" varchar(500),
        "locked_at" timestamptz,
        "finished_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_tournaments" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_tournaments_escrow" UNIQUE ("escrow_account_id"),
        CONSTRAINT "CHK_tournaments_format" CHECK ("format" IN ('arena', 'bracket')),
        CONSTRAINT "CHK_tournaments_status" CHECK ("status" IN ('scheduled', 'running', 'finished', 'cancelled')),
        CONSTRAINT "CHK_tournaments_prize_mode" CHECK ("prize_mode" IN ('guaranteed', 'pooled')),
        CONSTRAINT "CHK_tournaments_fee" CHECK ("entry_fee_cents" > 0),
        CONSTRAINT "CHK_tournaments_entrants" CHECK ("min_entrants" >= 2 AND "max_entrants" >= "min_entrants"),
        CONSTRAINT "CHK_tournaments_window" CHECK ("ends_at" > "starts_at"),
        CONSTRAINT "CHK_tournaments_entries_per_player" CHECK ("max_entries_per_player" BETWEEN 1 AND 3),
        CONSTRAINT "CHK_tournaments_rake" CHECK ("rake_bps" BETWEEN 0 AND 5000),
        CONSTRAINT "CHK_tournaments_payout_table" CHECK (jsonb_typeof("payout_table") = 'array')
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_tournaments_status_starts" ON "tournaments" ("status", "starts_at")`);
    await queryRunner.query(`CREATE INDEX "IDX_tournaments_game" ON "tournaments" ("game_id", "starts_at")`);

    await queryRunner.query(`
      CREATE TABLE "tournament_entries" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "tournament_id" uuid NOT NULL REFERENCES "tournaments" ("id"),
        "user_id" uuid NOT NULL REFERENCES "users" ("id"),
        "entry_no" smallint NOT NULL,
        "fee_cents" bigint NOT NULL,
        "status" varchar(16) NOT NULL DEFAULT 'held',
        "entry_transaction_id" uuid NOT NULL REFERENCES "ledger_transactions" ("id"),
        "refund_transaction_id" uuid REFERENCES "ledger_transactions" ("id"),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "refunded_at" timestamptz,
        CONSTRAINT "PK_tournament_entries" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_tournament_entries_number" UNIQUE ("tournament_id", "user_id", "entry_no"),
        CONSTRAINT "CHK_tournament_entries_status" CHECK ("status" IN ('held', 'refunded', 'played_in')),
        CONSTRAINT "CHK_tournament_entries_refund" CHECK (("status" = 'refunded') = ("refund_transaction_id" IS NOT NULL)),
        CONSTRAINT "CHK_tournament_entries_fee" CHECK ("fee_cents" > 0)
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_tournament_entries_user" ON "tournament_entries" ("user_id", "created_at")`,
    );

    await queryRunner.query(`
      CREATE TABLE "tournament_attempts" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "tournament_id" uuid NOT NULL REFERENCES "tournaments" ("id"),
        "entry_id" uuid NOT NULL REFERENCES "tournament_entries" ("id"),
        "user_id" uuid NOT NULL REFERENCES "users" ("id"),
        "score" bigint NOT NULL,
        "reached_at" timestamptz NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_tournament_attempts" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_tournament_attempts_entry" UNIQUE ("entry_id"),
        CONSTRAINT "CHK_tournament_attempts_score" CHECK ("score" >= 0)
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_tournament_attempts_standings" ON "tournament_attempts" ("tournament_id", "score" DESC, "reached_at")`,
    );

    await queryRunner.query(`
      CREATE TABLE "tournament_prizes" (
        "tournament_id" uuid NOT NULL REFERENCES "tournaments" ("id"),
        "user_id" uuid NOT NULL REFERENCES "users" ("id"),
        "place" integer NOT NULL,
        "amount_cents" bigint NOT NULL,
        "transaction_id" uuid NOT NULL REFERENCES "ledger_transactions" ("id"),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_tournament_prizes" PRIMARY KEY ("tournament_id", "user_id"),
        CONSTRAINT "CHK_tournament_prizes_amount" CHECK ("amount_cents" > 0)
      )`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "tournament_prizes"`);
    await queryRunner.query(`DROP TABLE "tournament_attempts"`);
    await queryRunner.query(`DROP TABLE "tournament_entries"`);
    await queryRunner.query(`DROP TABLE "tournaments"`);
    // The escrow and promotions accounts stay if they have entries (the ledger is append-only); so do the wide checks.
  }
}
