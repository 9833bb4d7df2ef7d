import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The solo rounds that play tournament attempts (docs/product/tournaments.md#attempts, decision 2604). A round is
 * reserved for one paid entry (`waiting`), claimed by the server instance whose socket opens it (`playing`), then
 * `scored` (its score also goes to `tournament_attempts`, which the standings and the settlement read) or `void`
 * (it could not count). Its fair-play data (the server-timed input log, the engine's flags and the signals' score)
 * stays with it, like a duel's.
 */
export class CreateTournamentAttemptRounds1765070000000 implements MigrationInterface {
  name = 'CreateTournamentAttemptRounds1765070000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "tournament_attempt_rounds" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "tournament_id" uuid NOT NULL REFERENCES "tournaments" ("id"),
        "entry_id" uuid NOT NULL REFERENCES "tournament_entries" ("id"),
        "user_id" uuid NOT NULL REFERENCES "users" ("id"),
        "attempt_no" smallint NOT NULL,
        "seed_hash" varchar(64) NOT NULL,
        "time_limit_ms" integer NOT NULL,
        "status" varchar(16) NOT NULL DEFAULT 'waiting',
        "instance_id" varchar(100),
        "score" bigint,
        "reached_at" timestamptz,
        "flags" integer,
        "fair_play_score" numeric(6, 2),
        "input_log" jsonb,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "started_at" timestamptz,
        "finished_at" timestamptz,
        CONSTRAINT "PK_tournament_attempt_rounds" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_tournament_attempt_rounds_entry" UNIQUE ("entry_id"),
        CONSTRAINT "UQ_tournament_attempt_rounds_number" UNIQUE ("tournament_id", "user_id", "attempt_no"),
        CONSTRAINT "CHK_tournament_attempt_rounds_status" CHECK ("status" IN ('waiting', 'playing', 'scored', 'void')),
        CONSTRAINT "CHK_tournament_attempt_rounds_scored" CHECK (("status" = 'scored') = ("score" IS NOT NULL))
      )`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "tournament_attempt_rounds"`);
  }
}
