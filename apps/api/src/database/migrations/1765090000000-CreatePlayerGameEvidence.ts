import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Evidence per player and game across rounds (docs/decisions/2701): running statistics of the player's timing
 * samples and answers, the three sequential tests (CUSUMs of speed, steadiness and accuracy against the strongest
 * plausible person), the suspicion score, a histogram of every timing sample and the last rounds' figures that
 * support charts. One row per player and game, updated in the settlement transaction of every round they play.
 * `alarms` counts the times the score crossed the line (each raises a `beyond_human_profile` flag and restarts the
 * tests).
 */
export class CreatePlayerGameEvidence1765090000000 implements MigrationInterface {
  name = 'CreatePlayerGameEvidence1765090000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "player_game_evidence" (
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "game_id" varchar(64) NOT NULL REFERENCES "games" ("id"),
        "rounds" integer NOT NULL DEFAULT 0,
        "samples" integer NOT NULL DEFAULT 0,
        "sum_log_ms" double precision NOT NULL DEFAULT 0,
        "sum_sq_log_ms" double precision NOT NULL DEFAULT 0,
        "correct" integer NOT NULL DEFAULT 0,
        "wrong" integer NOT NULL DEFAULT 0,
        "timed_rounds" integer NOT NULL DEFAULT 0,
        "sum_round_log_median" double precision NOT NULL DEFAULT 0,
        "sum_sq_round_log_median" double precision NOT NULL DEFAULT 0,
        "cusum_speed" double precision NOT NULL DEFAULT 0,
        "cusum_steadiness" double precision NOT NULL DEFAULT 0,
        "cusum_accuracy" double precision NOT NULL DEFAULT 0,
        "score" double precision NOT NULL DEFAULT 0,
        "histogram" integer[] NOT NULL DEFAULT '{}',
        "history" jsonb NOT NULL DEFAULT '[]',
        "alarms" integer NOT NULL DEFAULT 0,
        "last_alarm_at" timestamptz,
        "last_match_id" uuid,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_player_game_evidence" PRIMARY KEY ("user_id", "game_id"),
        CONSTRAINT "CHK_player_game_evidence_counts" CHECK (
          "rounds" >= 0 AND "samples" >= 0 AND "correct" >= 0 AND "wrong" >= 0 AND "timed_rounds" <= "rounds"
          AND "cusum_speed" >= 0 AND "cusum_steadiness" >= 0 AND "cusum_accuracy" >= 0 AND "score" >= 0)
      )`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "player_game_evidence"`);
  }
}
