import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Leaderboard aggregates and notifications (docs/decisions/0701-leaderboard-aggregates.md).
 *
 * - `leaderboard_stats`: one row per user, period kind ('all', 'month', 'week', 'day') and UTC period start, updated in
 *   the settlement transaction of each round. Top-N and rank-of-me read these rows through the ranking indexes and
 *   never scan match history. `country`, `level` and `xp` are copies of the user's (kept by a trigger) so region
 *   filters and the level metric stay index-ordered.
 * - `notifications`: per-user messages under the bell.
 *
 * Neither table has a foreign key to `users`, on purpose: both are written inside the settlement transaction, after
 * it has locked ledger rows, and a foreign-key check would take a KEY SHARE lock on the players' `users` rows there —
 * the reverse of the room → user → ledger lock order that room creation/joining uses (0601), i.e. a deadlock cycle.
 * Every user id written comes from a `matches` row (which has the foreign keys) or from a signed-in session, and
 * users are never deleted (every other reference is ON DELETE RESTRICT).
 */
export class CreateLeaderboardStatsAndNotifications1763880000000 implements MigrationInterface {
  name = 'CreateLeaderboardStatsAndNotifications1763880000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "leaderboard_stats" (
        "user_id" uuid NOT NULL,
        "period_kind" varchar(8) NOT NULL,
        "period_start" date NOT NULL,
        "country" char(2),
        "level" integer NOT NULL DEFAULT 1,
        "xp" integer NOT NULL DEFAULT 0,
        "games" integer NOT NULL DEFAULT 0,
        "wins" integer NOT NULL DEFAULT 0,
        "losses" integer NOT NULL DEFAULT 0,
        "ties" integer NOT NULL DEFAULT 0,
        "earnings_cents" bigint NOT NULL DEFAULT 0,
        "current_streak" integer NOT NULL DEFAULT 0,
        "best_streak" integer NOT NULL DEFAULT 0,
        "max_bet_cents" bigint NOT NULL DEFAULT 0,
        "fastest_win_ms" integer,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_leaderboard_stats" PRIMARY KEY ("user_id", "period_kind", "period_start"),
        CONSTRAINT "CHK_leaderboard_stats_kind" CHECK ("period_kind" IN ('all','month','week','day')),
        CONSTRAINT "CHK_leaderboard_stats_counts" CHECK (
          "games" >= 0 AND "wins" >= 0 AND "losses" >= 0 AND "ties" >= 0 AND "games" = "wins" + "losses" + "ties"),
        CONSTRAINT "CHK_leaderboard_stats_earnings" CHECK ("earnings_cents" >= 0),
        CONSTRAINT "CHK_leaderboard_stats_streaks" CHECK ("current_streak" >= 0 AND "best_streak" >= "current_streak")
      )`);
    // Top-N and rank-of-me per metric (metric desc, then user id), globally and per country.
    for (const [name, columns] of [
      ['earnings', `"earnings_cents" DESC, "user_id"`],
      ['wins', `"wins" DESC, "user_id"`],
      ['level', `"level" DESC, "xp" DESC, "user_id"`],
    ] as const) {
      await queryRunner.query(
        `CREATE INDEX "IDX_leaderboard_stats_${name}" ON "leaderboard_stats" ("period_kind", "period_start", ${columns})`,
      );
      await queryRunner.query(
        `CREATE INDEX "IDX_leaderboard_stats_country_${name}" ON "leaderboard_stats" ("period_kind", "period_start", "country", ${columns})`,
      );
    }
    // Info-card holders (Hot Streak, High Roller, Speed Demon).
    await queryRunner.query(
      `CREATE INDEX "IDX_leaderboard_stats_streak" ON "leaderboard_stats" ("period_kind", "period_start", "best_streak" DESC, "user_id") WHERE "best_streak" > 0`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_leaderboard_stats_bet" ON "leaderboard_stats" ("period_kind", "period_start", "max_bet_cents" DESC, "user_id") WHERE "max_bet_cents" > 0`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_leaderboard_stats_fastest" ON "leaderboard_stats" ("period_kind", "period_start", "fastest_win_ms", "user_id") WHERE "fastest_win_ms" IS NOT NULL`,
    );
    // The copies follow the user; only rows that can still be a current period are touched.
    await queryRunner.query(`
      CREATE FUNCTION "leaderboard_stats_follow_user"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "leaderboard_stats" SET "country" = NEW."country", "level" = NEW."level", "xp" = NEW."xp"
         WHERE "user_id" = NEW."id"
           AND ("period_kind" = 'all' OR "period_start" >= (now() AT TIME ZONE 'UTC')::date - 32);
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "TRG_users_leaderboard_stats" AFTER UPDATE OF "country", "level", "xp" ON "users"
      FOR EACH ROW WHEN (OLD."country" IS DISTINCT FROM NEW."country" OR OLD."level" <> NEW."level" OR OLD."xp" <> NEW."xp")
      EXECUTE FUNCTION "leaderboard_stats_follow_user"()`);

    await queryRunner.query(`
      CREATE TABLE "notifications" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "type" varchar(16) NOT NULL,
        "title" varchar(120) NOT NULL,
        "message" varchar(500) NOT NULL,
        "read_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_notifications" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_notifications_type" CHECK ("type" IN ('challenge','win','level','tournament'))
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_notifications_user_created" ON "notifications" ("user_id", "created_at" DESC, "id" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_notifications_unread" ON "notifications" ("user_id") WHERE "read_at" IS NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "notifications"`);
    await queryRunner.query(`DROP TRIGGER "TRG_users_leaderboard_stats" ON "users"`);
    await queryRunner.query(`DROP FUNCTION "leaderboard_stats_follow_user"()`);
    await queryRunner.query(`DROP TABLE "leaderboard_stats"`);
  }
}
