import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The matchmaking queue (docs/decisions/1702-matchmaking-queue.md): one row per entry, each holding the
 * entrant's stake in a hidden waiting room (`room_id`). A room with a `waiting` entry is not listed and not offered
 * to quick match. No foreign key to users on purpose (as player_ratings): its key check would share-lock the user's
 * row, which every stake locks first.
 */
export class CreateMatchmakingEntries1764600000000 implements MigrationInterface {
  name = 'CreateMatchmakingEntries1764600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "matchmaking_entries" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "room_id" varchar(64) NOT NULL,
        "game_id" varchar(64) NOT NULL,
        "bet_cents" bigint NOT NULL,
        "rating" double precision NOT NULL,
        "status" varchar(16) NOT NULL DEFAULT 'waiting',
        "matched_room_id" varchar(64),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "closed_at" timestamptz,
        CONSTRAINT "PK_matchmaking_entries" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_matchmaking_entries_room" UNIQUE ("room_id"),
        CONSTRAINT "FK_matchmaking_entries_room" FOREIGN KEY ("room_id") REFERENCES "rooms"("id") ON DELETE RESTRICT,
        CONSTRAINT "CHK_matchmaking_entries_status"
          CHECK ("status" IN ('waiting','matched','cancelled','expired','refused','closed')),
        CONSTRAINT "CHK_matchmaking_entries_bet" CHECK ("bet_cents" > 0),
        CONSTRAINT "CHK_matchmaking_entries_matched" CHECK (("status" = 'matched') = ("matched_room_id" IS NOT NULL))
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_matchmaking_entries_waiting" ON "matchmaking_entries" ("game_id", "bet_cents", "created_at") WHERE "status" = 'waiting'`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_matchmaking_entries_user" ON "matchmaking_entries" ("user_id", "created_at" DESC)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "matchmaking_entries"`);
  }
}
