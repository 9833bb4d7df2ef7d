import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Server-issued device ids (docs/decisions/2330):
 * - `device_ids`: every id the server signed and handed out (or a signed id first seen in a request), bound to the
 *   first account and session that saw it; later accounts presenting it never change the binding.
 * - `device_sightings`: which account presented which id back, first and last time (the `many_devices` count and
 *   the `shared_device` flag read it).
 * - one open account-level flag (no match) per account and kind.
 * - the device ids clients chose themselves until now (`auth_sessions.device_id`, waiting matchmaking entries) were
 *   never verified: they are cleared, so no rule or reader can take them for server-issued ones.
 */
export class AddServerIssuedDeviceIds1765030000000 implements MigrationInterface {
  name = 'AddServerIssuedDeviceIds1765030000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "device_ids" (
        "id" varchar(64) NOT NULL,
        "first_user_id" uuid NOT NULL,
        "first_session_id" uuid,
        "first_seen_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_device_ids" PRIMARY KEY ("id"),
        CONSTRAINT "FK_device_ids_user" FOREIGN KEY ("first_user_id") REFERENCES "users" ("id") ON DELETE CASCADE,
        CONSTRAINT "FK_device_ids_session" FOREIGN KEY ("first_session_id") REFERENCES "auth_sessions" ("id")
          ON DELETE SET NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_device_ids_first_user" ON "device_ids" ("first_user_id", "first_seen_at")`,
    );
    await queryRunner.query(`
      CREATE TABLE "device_sightings" (
        "user_id" uuid NOT NULL,
        "device_id" varchar(64) NOT NULL,
        "first_seen_at" timestamptz NOT NULL DEFAULT now(),
        "last_seen_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_device_sightings" PRIMARY KEY ("user_id", "device_id"),
        CONSTRAINT "FK_device_sightings_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE,
        CONSTRAINT "FK_device_sightings_device" FOREIGN KEY ("device_id") REFERENCES "device_ids" ("id")
          ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_device_sightings_device" ON "device_sightings" ("device_id")`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_fair_play_flags_open_account_kind" ON "fair_play_flags" ("user_id", "kind")
        WHERE "match_id" IS NULL AND "status" = 'open'`,
    );
    await queryRunner.query(`UPDATE "auth_sessions" SET "device_id" = NULL WHERE "device_id" IS NOT NULL`);
    await queryRunner.query(
      `UPDATE "matchmaking_entries" SET "device_id" = NULL WHERE "status" = 'waiting' AND "device_id" IS NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    // The cleared client-chosen ids are not restored (they were never trustworthy).
    await queryRunner.query(`DROP INDEX "UQ_fair_play_flags_open_account_kind"`);
    await queryRunner.query(`DROP TABLE "device_sightings"`);
    await queryRunner.query(`DROP TABLE "device_ids"`);
  }
}
