import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Real-money rooms, their escrowed stakes and their matches (docs/decisions/0601-rooms-escrow-and-settlement.md).
 *
 * - `rooms`: one row per room; `round` is the current round (Play Again starts the next one in the same room).
 * - `room_stakes`: one row per escrowed bet (room, round, player, nth stake of that player in that round) and what
 *   became of it. The room's share of the
 *   shared escrow ledger account is exactly the sum of its `held` stakes (checked by rooms/room-escrow-invariants.ts).
 * - `matches`: one row per started round: the secret seed and its published hash, the owner instance and its
 *   heartbeat (crash recovery), and once over the result, the input log (replayable) and the settlement transaction.
 */
export class CreateRoomsAndMatches1763870000000 implements MigrationInterface {
  name = 'CreateRoomsAndMatches1763870000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "rooms" (
        "id" varchar(64) NOT NULL,
        "game_id" varchar(64) NOT NULL,
        "status" varchar(16) NOT NULL,
        "bet_cents" bigint NOT NULL,
        "is_private" boolean NOT NULL DEFAULT false,
        "password_hash" varchar(255),
        "max_players" smallint NOT NULL DEFAULT 2,
        "player1_id" uuid NOT NULL,
        "player2_id" uuid,
        "round" integer NOT NULL DEFAULT 1,
        "expires_at" timestamptz,
        "closed_at" timestamptz,
        "close_reason" varchar(32),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_rooms" PRIMARY KEY ("id"),
        CONSTRAINT "FK_rooms_game" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE RESTRICT,
        CONSTRAINT "FK_rooms_player1" FOREIGN KEY ("player1_id") REFERENCES "users"("id") ON DELETE RESTRICT,
        CONSTRAINT "FK_rooms_player2" FOREIGN KEY ("player2_id") REFERENCES "users"("id") ON DELETE RESTRICT,
        CONSTRAINT "CHK_rooms_id" CHECK ("id" ~ '^room_[A-Za-z0-9]{16,40}$'),
        CONSTRAINT "CHK_rooms_status" CHECK ("status" IN ('waiting','ready','playing','finished','cancelled')),
        CONSTRAINT "CHK_rooms_bet" CHECK ("bet_cents" > 0),
        CONSTRAINT "CHK_rooms_max_players" CHECK ("max_players" = 2),
        CONSTRAINT "CHK_rooms_round" CHECK ("round" >= 1),
        CONSTRAINT "CHK_rooms_distinct_players" CHECK ("player2_id" IS NULL OR "player2_id" <> "player1_id"),
        CONSTRAINT "CHK_rooms_private_password" CHECK (NOT "is_private" OR "password_hash" IS NOT NULL),
        CONSTRAINT "CHK_rooms_seats" CHECK (
          ("status" = 'waiting' AND "player2_id" IS NULL)
          OR ("status" IN ('ready','playing') AND "player2_id" IS NOT NULL)
          OR "status" IN ('finished','cancelled'))
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_rooms_status_created" ON "rooms" ("status", "created_at" DESC)`);
    await queryRunner.query(
      `CREATE INDEX "IDX_rooms_open_player1" ON "rooms" ("player1_id") WHERE "status" IN ('waiting','ready','playing')`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_rooms_open_player2" ON "rooms" ("player2_id") WHERE "status" IN ('waiting','ready','playing')`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_rooms_expiry" ON "rooms" ("expires_at") WHERE "status" IN ('waiting','ready')`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_rooms_quick_match" ON "rooms" ("game_id", "bet_cents", "created_at") WHERE "status" = 'waiting' AND NOT "is_private"`,
    );

    await queryRunner.query(`
      CREATE TABLE "room_stakes" (
        "room_id" varchar(64) NOT NULL,
        "round" integer NOT NULL,
        "user_id" uuid NOT NULL,
        "stake_no" smallint NOT NULL,
        "amount_cents" bigint NOT NULL,
        "state" varchar(16) NOT NULL DEFAULT 'held',
        "bet_transaction_id" uuid NOT NULL,
        "release_transaction_id" uuid,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "released_at" timestamptz,
        CONSTRAINT "PK_room_stakes" PRIMARY KEY ("room_id", "round", "user_id", "stake_no"),
        CONSTRAINT "FK_room_stakes_room" FOREIGN KEY ("room_id") REFERENCES "rooms"("id") ON DELETE RESTRICT,
        CONSTRAINT "FK_room_stakes_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT,
        CONSTRAINT "FK_room_stakes_bet_tx" FOREIGN KEY ("bet_transaction_id") REFERENCES "ledger_transactions"("id") ON DELETE RESTRICT,
        CONSTRAINT "FK_room_stakes_release_tx" FOREIGN KEY ("release_transaction_id") REFERENCES "ledger_transactions"("id") ON DELETE RESTRICT,
        CONSTRAINT "CHK_room_stakes_amount" CHECK ("amount_cents" > 0),
        CONSTRAINT "CHK_room_stakes_state" CHECK ("state" IN ('held','settled','refunded')),
        CONSTRAINT "CHK_room_stakes_release" CHECK (("state" = 'held') = ("release_transaction_id" IS NULL))
      )`);
    // A player holds at most one stake per round of a room (a player who left and joined again has a second, released one).
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_room_stakes_held" ON "room_stakes" ("room_id", "round", "user_id") WHERE "state" = 'held'`,
    );

    await queryRunner.query(`
      CREATE TABLE "matches" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "room_id" varchar(64) NOT NULL,
        "round" integer NOT NULL,
        "game_id" varchar(64) NOT NULL,
        "player1_id" uuid NOT NULL,
        "player2_id" uuid NOT NULL,
        "bet_cents" bigint NOT NULL,
        "time_limit_ms" integer NOT NULL,
        "seed" varchar(128) NOT NULL,
        "seed_hash" char(64) NOT NULL,
        "status" varchar(16) NOT NULL,
        "instance_id" varchar(64) NOT NULL,
        "heartbeat_at" timestamptz NOT NULL DEFAULT now(),
        "countdown_at" timestamptz NOT NULL DEFAULT now(),
        "starts_at" timestamptz NOT NULL,
        "ended_at" timestamptz,
        "outcome" varchar(16),
        "reason" varchar(16),
        "winner_id" uuid,
        "player1_score" integer,
        "player2_score" integer,
        "player1_display_score" integer,
        "player2_display_score" integer,
        "player1_flags" integer,
        "player2_flags" integer,
        "duration_ms" integer,
        "pot_cents" bigint,
        "fee_cents" bigint,
        "payout_cents" bigint,
        "input_log" jsonb,
        "settlement_transaction_id" uuid,
        CONSTRAINT "PK_matches" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_matches_room_round" UNIQUE ("room_id", "round"),
        CONSTRAINT "FK_matches_room" FOREIGN KEY ("room_id") REFERENCES "rooms"("id") ON DELETE RESTRICT,
        CONSTRAINT "FK_matches_game" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE RESTRICT,
        CONSTRAINT "FK_matches_player1" FOREIGN KEY ("player1_id") REFERENCES "users"("id") ON DELETE RESTRICT,
        CONSTRAINT "FK_matches_player2" FOREIGN KEY ("player2_id") REFERENCES "users"("id") ON DELETE RESTRICT,
        CONSTRAINT "FK_matches_winner" FOREIGN KEY ("winner_id") REFERENCES "users"("id") ON DELETE RESTRICT,
        CONSTRAINT "FK_matches_settlement" FOREIGN KEY ("settlement_transaction_id") REFERENCES "ledger_transactions"("id") ON DELETE RESTRICT,
        CONSTRAINT "CHK_matches_status" CHECK ("status" IN ('countdown','playing','finished','void')),
        CONSTRAINT "CHK_matches_seed_hash" CHECK ("seed_hash" ~ '^[0-9a-f]{64}$'),
        CONSTRAINT "CHK_matches_outcome" CHECK ("outcome" IS NULL OR "outcome" IN ('player1','player2','tie','void')),
        CONSTRAINT "CHK_matches_reason" CHECK ("reason" IS NULL OR "reason" IN ('completed','time_up','both_out','forfeit','void')),
        CONSTRAINT "CHK_matches_over" CHECK (
          ("status" IN ('countdown','playing')) = ("outcome" IS NULL)
          AND ("status" IN ('countdown','playing')) = ("settlement_transaction_id" IS NULL)
          AND ("status" = 'void') = ("outcome" IS NOT DISTINCT FROM 'void')),
        CONSTRAINT "CHK_matches_winner" CHECK (("winner_id" IS NOT NULL) = ("outcome" IN ('player1','player2')))
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_matches_open" ON "matches" ("heartbeat_at") WHERE "status" IN ('countdown','playing')`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_matches_winner" ON "matches" ("winner_id", "ended_at") WHERE "winner_id" IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_matches_player1" ON "matches" ("player1_id", "ended_at")`);
    await queryRunner.query(`CREATE INDEX "IDX_matches_player2" ON "matches" ("player2_id", "ended_at")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "matches"`);
    await queryRunner.query(`DROP TABLE "room_stakes"`);
    await queryRunner.query(`DROP TABLE "rooms"`);
  }
}
