import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Glicko-2 skill ratings per player and game (docs/decisions/1701-glicko2-ratings.md), written in the
 * settlement transaction of every finished money match. Ratings are not money: double precision is fine. No foreign
 * keys on purpose (as room_password_attempts): a first insert's key check would take a share lock on the user's row
 * inside settlement, which can deadlock with a join or a limit change that holds that row and waits for the room.
 */
export class CreatePlayerRatings1764400000000 implements MigrationInterface {
  name = 'CreatePlayerRatings1764400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "player_ratings" (
        "user_id" uuid NOT NULL,
        "game_id" varchar(64) NOT NULL,
        "rating" double precision NOT NULL DEFAULT 1500,
        "deviation" double precision NOT NULL DEFAULT 350,
        "volatility" double precision NOT NULL DEFAULT 0.06,
        "games" integer NOT NULL DEFAULT 0,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_player_ratings" PRIMARY KEY ("user_id", "game_id"),
        -- Finite numbers only (PostgreSQL orders NaN above Infinity, so '< Infinity' refuses both).
        CONSTRAINT "CHK_player_ratings_values" CHECK (
          "rating" > '-Infinity' AND "rating" < 'Infinity'
          AND "deviation" > 0 AND "deviation" < 'Infinity'
          AND "volatility" > 0 AND "volatility" < 'Infinity' AND "games" >= 0)
      )`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "player_ratings"`);
  }
}
