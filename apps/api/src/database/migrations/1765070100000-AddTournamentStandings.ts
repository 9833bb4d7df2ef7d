import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tournament standings with the leaderboard's rank technique (docs/decisions/0703, 2605). `tournament_bests` holds each
 * player's best attempt (highest score, then the earliest time it was reached); `tournament_rank_counts` is a two-tier
 * histogram of those bests' scores per tournament (the leaderboard's log-linear buckets, 4 shards per counter), so a
 * player's rank is read in O(buckets) whatever the number of entrants:
 *
 *   rank = 1 + Σ tier-1 counts above my `hi` + Σ tier-2 counts of my `hi` above my `lo`
 *            + the bests strictly above my score inside my fine bucket + the bests of my score reached earlier.
 *
 * Equal score reached at the same instant share a rank (the ties of decision 2602). Both tables are kept by a trigger
 * on `tournament_attempts`, so every way a score is stored keeps them exact; the trigger locks one best row, then its
 * counters in key order.
 */
export class AddTournamentStandings1765070100000 implements MigrationInterface {
  name = 'AddTournamentStandings1765070100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "tournament_bests" (
        "tournament_id" uuid NOT NULL REFERENCES "tournaments" ("id"),
        "user_id" uuid NOT NULL REFERENCES "users" ("id"),
        "score" bigint NOT NULL,
        "reached_at" timestamptz NOT NULL,
        CONSTRAINT "PK_tournament_bests" PRIMARY KEY ("tournament_id", "user_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_tournament_bests_rank" ON "tournament_bests" ("tournament_id", "score" DESC, "reached_at", "user_id")`,
    );
    await queryRunner.query(`
      CREATE TABLE "tournament_rank_counts" (
        "tournament_id" uuid NOT NULL,
        "tier" smallint NOT NULL,
        "hi" integer NOT NULL,
        "lo" integer NOT NULL,
        "shard" smallint NOT NULL,
        "count" integer NOT NULL,
        CONSTRAINT "PK_tournament_rank_counts" PRIMARY KEY ("tournament_id", "tier", "hi", "lo", "shard"),
        CONSTRAINT "CHK_tournament_rank_counts_tier" CHECK ("tier" IN (1, 2))
      ) WITH (fillfactor = 70)`);

    // A stored attempt's score: becomes the player's best when it beats it (the same score reached later does not),
    // and the counters move from the old best's buckets to the new one's in one upsert sorted by key.
    await queryRunner.query(`
      CREATE FUNCTION "tournament_bests_on_attempt"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        v_old_score bigint;
        v_old_reached timestamptz;
        v_inserted integer;
      BEGIN
        INSERT INTO tournament_bests (tournament_id, user_id, score, reached_at)
        VALUES (NEW.tournament_id, NEW.user_id, NEW.score, NEW.reached_at)
        ON CONFLICT (tournament_id, user_id) DO NOTHING;
        GET DIAGNOSTICS v_inserted = ROW_COUNT;
        IF v_inserted = 0 THEN
          SELECT b.score, b.reached_at INTO v_old_score, v_old_reached FROM tournament_bests b
           WHERE b.tournament_id = NEW.tournament_id AND b.user_id = NEW.user_id FOR UPDATE;
          IF NEW.score < v_old_score OR (NEW.score = v_old_score AND NEW.reached_at >= v_old_reached) THEN
            RETURN NULL;
          END IF;
          UPDATE tournament_bests SET score = NEW.score, reached_at = NEW.reached_at
           WHERE tournament_id = NEW.tournament_id AND user_id = NEW.user_id;
        END IF;
        INSERT INTO tournament_rank_counts AS c (tournament_id, tier, hi, lo, shard, count)
        SELECT NEW.tournament_id, t.tier, leaderboard_rank_log_hi(d.score),
               CASE WHEN t.tier = 1 THEN 0 ELSE leaderboard_rank_log_lo(d.score) END,
               (get_byte(uuid_send(NEW.user_id), 15) & 3)::smallint, sum(d.delta)::integer
          FROM (VALUES (v_old_score, -1), (NEW.score, 1)) d(score, delta)
         CROSS JOIN (VALUES (1::smallint), (2::smallint)) t(tier)
         WHERE d.score IS NOT NULL
         GROUP BY 1, 2, 3, 4, 5
        HAVING sum(d.delta) <> 0
         ORDER BY 1, 2, 3, 4, 5
        ON CONFLICT (tournament_id, tier, hi, lo, shard) DO UPDATE SET count = c.count + EXCLUDED.count;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "TRG_tournament_attempts_bests" AFTER INSERT ON "tournament_attempts"
        FOR EACH ROW EXECUTE FUNCTION tournament_bests_on_attempt()`);

    // Rank of a player in a tournament: 1 + the bests strictly ahead of theirs; NULL without a scored attempt.
    await queryRunner.query(`
      CREATE FUNCTION "tournament_rank_of"(p_tournament_id uuid, p_user_id uuid)
      RETURNS integer LANGUAGE plpgsql STABLE AS $$
      DECLARE
        me tournament_bests%ROWTYPE;
        v_hi integer;
        v_lo integer;
        v_ahead bigint;
        v_inside bigint;
        v_earlier bigint;
      BEGIN
        SELECT * INTO me FROM tournament_bests b WHERE b.tournament_id = p_tournament_id AND b.user_id = p_user_id;
        IF NOT FOUND THEN
          RETURN NULL;
        END IF;
        v_hi := leaderboard_rank_log_hi(me.score);
        v_lo := leaderboard_rank_log_lo(me.score);
        SELECT coalesce(sum(c.count), 0) INTO v_ahead FROM tournament_rank_counts c
         WHERE c.tournament_id = p_tournament_id
           AND ((c.tier = 1 AND c.hi > v_hi) OR (c.tier = 2 AND c.hi = v_hi AND c.lo > v_lo));
        SELECT count(*) INTO v_inside FROM tournament_bests b
         WHERE b.tournament_id = p_tournament_id
           AND b.score > me.score AND b.score <= leaderboard_rank_log_max(me.score);
        SELECT count(*) INTO v_earlier FROM tournament_bests b
         WHERE b.tournament_id = p_tournament_id AND b.score = me.score AND b.reached_at < me.reached_at;
        RETURN (1 + v_ahead + v_inside + v_earlier)::integer;
      END $$`);

    // Backfill from the attempts already stored.
    await queryRunner.query(`
      INSERT INTO tournament_bests (tournament_id, user_id, score, reached_at)
      SELECT DISTINCT ON (a.tournament_id, a.user_id) a.tournament_id, a.user_id, a.score, a.reached_at
        FROM tournament_attempts a ORDER BY a.tournament_id, a.user_id, a.score DESC, a.reached_at`);
    await queryRunner.query(`
      INSERT INTO tournament_rank_counts (tournament_id, tier, hi, lo, shard, count)
      SELECT b.tournament_id, t.tier, leaderboard_rank_log_hi(b.score),
             CASE WHEN t.tier = 1 THEN 0 ELSE leaderboard_rank_log_lo(b.score) END,
             (get_byte(uuid_send(b.user_id), 15) & 3)::smallint, count(*)::integer
        FROM tournament_bests b CROSS JOIN (VALUES (1::smallint), (2::smallint)) t(tier)
       GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "TRG_tournament_attempts_bests" ON "tournament_attempts"`);
    await queryRunner.query(`DROP FUNCTION "tournament_rank_of"(uuid, uuid)`);
    await queryRunner.query(`DROP FUNCTION "tournament_bests_on_attempt"()`);
    await queryRunner.query(`DROP TABLE "tournament_rank_counts"`);
    await queryRunner.query(`DROP TABLE "tournament_bests"`);
  }
}
