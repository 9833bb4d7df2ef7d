import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateGames1763840000000 implements MigrationInterface {
  name = 'CreateGames1763840000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "games" (
        "id" varchar(64) NOT NULL,
        "name" varchar(100) NOT NULL,
        "icon" varchar(16) NOT NULL,
        "description" text NOT NULL,
        "category" varchar(16) NOT NULL,
        "difficulty" varchar(16) NOT NULL,
        "min_bet_cents" bigint NOT NULL,
        "max_bet_cents" bigint NOT NULL,
        "default_bet_cents" bigint NOT NULL,
        "avg_game_time_seconds" integer NOT NULL,
        "time_limit_seconds" integer NOT NULL,
        "featured" boolean NOT NULL DEFAULT false,
        "sort_order" integer NOT NULL,
        "is_active" boolean NOT NULL DEFAULT true,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_games" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_games_category" CHECK ("category" IN ('reaction','math','memory','logic','typing','visual','strategy','puzzle')),
        CONSTRAINT "CHK_games_difficulty" CHECK ("difficulty" IN ('easy','medium','hard','expert')),
        CONSTRAINT "CHK_games_bets" CHECK ("min_bet_cents" > 0 AND "min_bet_cents" <= "default_bet_cents" AND "default_bet_cents" <= "max_bet_cents"),
        CONSTRAINT "CHK_games_time_limit" CHECK ("time_limit_seconds" > 0)
      )`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "games"`);
  }
}
