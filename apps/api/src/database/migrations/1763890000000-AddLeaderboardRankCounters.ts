import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rank-of-me in O(buckets), not O(rank) (docs/decisions/0703-leaderboard-rank-counters.md).
 *
 * Ranking is competition ranking: a player's rank is 1 + the number of players of the scope with a strictly better
 * figure (earnings, wins, or level then XP); exact ties share a rank. `leaderboard_rank_counts` holds, per period
 * (kind + start), region ('global' or a country code) and metric, a two-tier histogram of the `leaderboard_stats`
 * rows:
 *
 * - tier 1, key `hi`: coarse buckets — a power of two of the figure (earnings, wins), or the level;
 * - tier 2, key (`hi`, `lo`): 64 fine buckets inside each coarse one — 1/64 of the power of two (exact below 128),
 *   or 1/64 of the level's XP range.
 *
 * rank = 1 + Σ tier-1 counts above my `hi` + Σ tier-2 counts of my `hi` above my `lo` + an index count of the rows
 * strictly above me inside my own fine bucket. Rows at the lowest possible figure (0 earnings, 0 wins, level 1 with
 * 0 XP) are never ahead of anyone, so they are not counted at all: new players and losers touch no counter.
 *
 * Every counter is split into 4 shards (chosen from the user id) so that no single row is hot; only the sum over
 * the shards means something (a shard may be negative).
 *
 * Writers: every change of a `leaderboard_stats` row goes through `leaderboard_rank_counts_apply(old rows, new
 * rows)` in the same statement (settlement: round-results.ts; profile/XP changes: the `users` trigger below). It
 * writes all the counters of a statement in one INSERT … ON CONFLICT sorted by key, the last row locks of those
 * transactions — so two of them always lock counters in the same order and cannot deadlock on them (0701's
 * room → user → ledger → aggregates order is unchanged: counters come after all of it).
 * `leaderboard_rank_counts_rebuild()` recomputes everything from `leaderboard_stats` (used here as the backfill).
 */
export class AddLeaderboardRankCounters1763890000000 implements MigrationInterface {
  name = 'AddLeaderboardRankCounters1763890000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // The level histogram relies on level ≥ 1 and XP ≥ 0 (the copies come from users, which already checks them).
    await queryRunner.query(
      `ALTER TABLE "leaderboard_stats" ADD CONSTRAINT "CHK_leaderboard_stats_progress" CHECK ("level" >= 1 AND "xp" >= 0)`,
    );
    // fillfactor: counters are updated in place all the time; free room on each page keeps those updates HOT.
    await queryRunner.query(`
      CREATE TABLE "leaderboard_rank_counts" (
        "period_kind" varchar(8) NOT NULL,
        "period_start" date NOT NULL,
        "region" varchar(6) NOT NULL,
        "metric" varchar(16) NOT NULL,
        "tier" smallint NOT NULL,
        "hi" integer NOT NULL,
        "lo" integer NOT NULL,
        "shard" smallint NOT NULL,
        "count" integer NOT NULL,
        CONSTRAINT "PK_leaderboard_rank_counts"
          PRIMARY KEY ("period_kind", "period_start", "region", "metric", "tier", "hi", "lo", "shard"),
        CONSTRAINT "CHK_leaderboard_rank_counts_tier" CHECK ("tier" IN (1, 2))
      ) WITH (fillfactor = 70)`);

    // Log-linear buckets of a figure v ≥ 0: below 64, hi = 0 and lo = v; above, hi = (power of two) − 5 and lo = the
    // next 6 bits, so a fine bucket is at most 1/64 of its value wide (exact below 128). `max` is the largest figure
    // of v's fine bucket. The bit length comes from the bit string: exact, no floating-point log.
    await queryRunner.query(`
      CREATE FUNCTION "leaderboard_rank_log_hi"(v bigint) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN CASE WHEN v < 64 THEN 0 ELSE 59 - position('1' IN v::bit(64)::text) END`);
    await queryRunner.query(`
      CREATE FUNCTION "leaderboard_rank_log_lo"(v bigint) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN CASE WHEN v < 64 THEN v::integer
                  ELSE ((v >> (58 - position('1' IN v::bit(64)::text))) - 64)::integer END`);
    await queryRunner.query(`
      CREATE FUNCTION "leaderboard_rank_log_max"(v bigint) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN CASE WHEN v < 64 THEN v ELSE v | ((1::bigint << (58 - position('1' IN v::bit(64)::text))) - 1) END`);
    // Level metric: hi = level, lo = which 64th of the level's XP range (100 × level, libs/contracts progression.ts)
    // the XP is in; XP beyond the range falls into lo 63. Only the bucket sizes depend on that formula, not the ranks.
    await queryRunner.query(`
      CREATE FUNCTION "leaderboard_rank_level_lo"(level integer, xp integer) RETURNS integer
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN LEAST(63, xp::bigint * 64 / (100::bigint * level))::integer`);
    await queryRunner.query(`
      CREATE FUNCTION "leaderboard_rank_level_max_xp"(level integer, xp integer) RETURNS integer
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN CASE WHEN "leaderboard_rank_level_lo"(level, xp) = 63 THEN 2147483647
                  ELSE (("leaderboard_rank_level_lo"(level, xp) + 1) * 100::bigint * level + 63) / 64 - 1 END::integer`);

    // The counter keys one aggregate row adds 1 to: per region (global, own country), per metric whose figure is
    // above the lowest possible one, a tier-1 and a tier-2 key, in the user's shard.
    await queryRunner.query(`
      CREATE FUNCTION "leaderboard_rank_keys"(country char(2), earnings_cents bigint, wins integer, level integer,
                                              xp integer, user_id uuid)
      RETURNS TABLE (region varchar, metric varchar, tier smallint, hi integer, lo integer, shard smallint)
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT r.region, m.metric, t.tier, m.hi, CASE WHEN t.tier = 1 THEN 0 ELSE m.lo END,
               (get_byte(uuid_send(user_id), 15) & 3)::smallint
          FROM (SELECT 'total_earnings'::varchar AS metric, leaderboard_rank_log_hi(earnings_cents) AS hi,
                       leaderboard_rank_log_lo(earnings_cents) AS lo
                 WHERE earnings_cents > 0
                UNION ALL
                SELECT 'total_wins', leaderboard_rank_log_hi(wins), leaderboard_rank_log_lo(wins) WHERE wins > 0
                UNION ALL
                SELECT 'level', level, leaderboard_rank_level_lo(level, xp) WHERE level > 1 OR xp > 0) m
         CROSS JOIN (VALUES ('global'::varchar), (country::varchar)) r(region)
         CROSS JOIN (VALUES (1::smallint), (2::smallint)) t(tier)
         WHERE r.region IS NOT NULL
      $$`);

    // Moves the counters from the `removed` row versions to the `added` ones (NULL entries are skipped, so the old
    // side of an INSERT … ON CONFLICT … RETURNING old can be passed as is). One sorted upsert: see the lock order above.
    await queryRunner.query(`
      CREATE FUNCTION "leaderboard_rank_counts_apply"(removed leaderboard_stats[], added leaderboard_stats[])
      RETURNS integer LANGUAGE sql AS $$
        WITH written AS (
          INSERT INTO leaderboard_rank_counts AS c
                 (period_kind, period_start, region, metric, tier, hi, lo, shard, count)
          SELECT d.period_kind, d.period_start, k.region, k.metric, k.tier, k.hi, k.lo, k.shard,
                 sum(d.delta)::integer
            FROM (SELECT r.*, -1 AS delta FROM unnest(removed) r
                  UNION ALL
                  SELECT a.*, 1 FROM unnest(added) a) d
           CROSS JOIN LATERAL leaderboard_rank_keys(d.country, d.earnings_cents, d.wins, d.level, d.xp, d.user_id) k
           WHERE d.user_id IS NOT NULL
           GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
          HAVING sum(d.delta) <> 0
           ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
          ON CONFLICT (period_kind, period_start, region, metric, tier, hi, lo, shard)
          DO UPDATE SET count = c.count + EXCLUDED.count
          RETURNING 1)
        SELECT count(*)::integer FROM written
      $$`);

    // Recomputes every counter from the aggregates (backfill; repair after a direct write). SHARE mode: reads go
    // on, writers wait. Rows are written in key order, so a range of counters sits on a few heap pages; work_mem
    // keeps the aggregation of ~12 keys per row in memory.
    await queryRunner.query(`
      CREATE FUNCTION "leaderboard_rank_counts_rebuild"() RETURNS bigint LANGUAGE sql SET work_mem = '256MB' AS $$
        LOCK TABLE leaderboard_stats IN SHARE MODE;
        TRUNCATE leaderboard_rank_counts;
        WITH written AS (
          INSERT INTO leaderboard_rank_counts (period_kind, period_start, region, metric, tier, hi, lo, shard, count)
          SELECT s.period_kind, s.period_start, k.region, k.metric, k.tier, k.hi, k.lo, k.shard, count(*)::integer
            FROM leaderboard_stats s
           CROSS JOIN LATERAL leaderboard_rank_keys(s.country, s.earnings_cents, s.wins, s.level, s.xp, s.user_id) k
           GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
           ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
          RETURNING 1)
        SELECT count(*) FROM written
      $$`);

    // Rank-of-me: 1 + rows strictly ahead, or NULL when the user has no row in the scope. plpgsql so each branch's
    // plan is cached per connection; every branch reads one ranking index range of at most one fine bucket.
    await queryRunner.query(`
      CREATE FUNCTION "leaderboard_rank_of"(p_user_id uuid, p_kind varchar, p_start date, p_region varchar,
                                            p_metric varchar)
      RETURNS integer LANGUAGE plpgsql STABLE AS $$
      DECLARE
        me leaderboard_stats%ROWTYPE;
        v_country char(2);
        v_hi integer;
        v_lo integer;
        v_inside bigint;
        v_ahead bigint;
      BEGIN
        SELECT * INTO me FROM leaderboard_stats s
         WHERE s.user_id = p_user_id AND s.period_kind = p_kind AND s.period_start = p_start;
        IF NOT FOUND OR (p_region <> 'global' AND me.country IS DISTINCT FROM p_region::char(2)) THEN
          RETURN NULL;
        END IF;
        v_country := me.country;
        IF p_metric = 'total_earnings' THEN
          v_hi := leaderboard_rank_log_hi(me.earnings_cents);
          v_lo := leaderboard_rank_log_lo(me.earnings_cents);
          IF p_region = 'global' THEN
            SELECT count(*) INTO v_inside FROM leaderboard_stats s
             WHERE s.period_kind = p_kind AND s.period_start = p_start
               AND s.earnings_cents > me.earnings_cents
               AND s.earnings_cents <= leaderboard_rank_log_max(me.earnings_cents);
          ELSE
            SELECT count(*) INTO v_inside FROM leaderboard_stats s
             WHERE s.period_kind = p_kind AND s.period_start = p_start AND s.country = v_country
               AND s.earnings_cents > me.earnings_cents
               AND s.earnings_cents <= leaderboard_rank_log_max(me.earnings_cents);
          END IF;
        ELSIF p_metric = 'total_wins' THEN
          v_hi := leaderboard_rank_log_hi(me.wins);
          v_lo := leaderboard_rank_log_lo(me.wins);
          IF p_region = 'global' THEN
            SELECT count(*) INTO v_inside FROM leaderboard_stats s
             WHERE s.period_kind = p_kind AND s.period_start = p_start
               AND s.wins > me.wins AND s.wins <= leaderboard_rank_log_max(me.wins);
          ELSE
            SELECT count(*) INTO v_inside FROM leaderboard_stats s
             WHERE s.period_kind = p_kind AND s.period_start = p_start AND s.country = v_country
               AND s.wins > me.wins AND s.wins <= leaderboard_rank_log_max(me.wins);
          END IF;
        ELSIF p_metric = 'level' THEN
          v_hi := me.level;
          v_lo := leaderboard_rank_level_lo(me.level, me.xp);
          IF p_region = 'global' THEN
            SELECT count(*) INTO v_inside FROM leaderboard_stats s
             WHERE s.period_kind = p_kind AND s.period_start = p_start
               AND s.level = me.level AND s.xp > me.xp AND s.xp <= leaderboard_rank_level_max_xp(me.level, me.xp);
          ELSE
            SELECT count(*) INTO v_inside FROM leaderboard_stats s
             WHERE s.period_kind = p_kind AND s.period_start = p_start AND s.country = v_country
               AND s.level = me.level AND s.xp > me.xp AND s.xp <= leaderboard_rank_level_max_xp(me.level, me.xp);
          END IF;
        ELSE
          RAISE EXCEPTION 'unknown leaderboard metric %', p_metric;
        END IF;
        SELECT coalesce(sum(c.count), 0) INTO v_ahead FROM leaderboard_rank_counts c
         WHERE c.period_kind = p_kind AND c.period_start = p_start AND c.region = p_region AND c.metric = p_metric
           AND ((c.tier = 1 AND c.hi > v_hi) OR (c.tier = 2 AND c.hi = v_hi AND c.lo > v_lo));
        RETURN 1 + v_ahead + v_inside;
      END $$`);

    // The users trigger (1763880000000) now moves the counters along with the copies it updates, and locks the
    // user's rows in primary-key order first, the order settlement writes them in (round-results.ts).
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION "leaderboard_stats_follow_user"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        changed_counters integer;
      BEGIN
        PERFORM 1 FROM "leaderboard_stats"
         WHERE "user_id" = NEW."id"
           AND ("period_kind" = 'all' OR "period_start" >= (now() AT TIME ZONE 'UTC')::date - 32)
         ORDER BY "period_kind", "period_start"
           FOR UPDATE;
        WITH changed AS (
          UPDATE "leaderboard_stats" SET "country" = NEW."country", "level" = NEW."level", "xp" = NEW."xp"
           WHERE "user_id" = NEW."id"
             AND ("period_kind" = 'all' OR "period_start" >= (now() AT TIME ZONE 'UTC')::date - 32)
          RETURNING WITH (OLD AS o, NEW AS n) o AS before, n AS after)
        SELECT leaderboard_rank_counts_apply(array_agg(before), array_agg(after)) INTO changed_counters FROM changed;
        RETURN NEW;
      END $$`);

    await queryRunner.query(`SELECT leaderboard_rank_counts_rebuild()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION "leaderboard_stats_follow_user"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "leaderboard_stats" SET "country" = NEW."country", "level" = NEW."level", "xp" = NEW."xp"
         WHERE "user_id" = NEW."id"
           AND ("period_kind" = 'all' OR "period_start" >= (now() AT TIME ZONE 'UTC')::date - 32);
        RETURN NEW;
      END $$`);
    await queryRunner.query(`DROP FUNCTION "leaderboard_rank_of"(uuid, varchar, date, varchar, varchar)`);
    await queryRunner.query(`DROP FUNCTION "leaderboard_rank_counts_rebuild"()`);
    await queryRunner.query(`DROP FUNCTION "leaderboard_rank_counts_apply"(leaderboard_stats[], leaderboard_stats[])`);
    await queryRunner.query(`DROP FUNCTION "leaderboard_rank_keys"(char, bigint, integer, integer, integer, uuid)`);
    await queryRunner.query(`DROP FUNCTION "leaderboard_rank_level_max_xp"(integer, integer)`);
    await queryRunner.query(`DROP FUNCTION "leaderboard_rank_level_lo"(integer, integer)`);
    await queryRunner.query(`DROP FUNCTION "leaderboard_rank_log_max"(bigint)`);
    await queryRunner.query(`DROP FUNCTION "leaderboard_rank_log_lo"(bigint)`);
    await queryRunner.query(`DROP FUNCTION "leaderboard_rank_log_hi"(bigint)`);
    await queryRunner.query(`DROP TABLE "leaderboard_rank_counts"`);
    await queryRunner.query(`ALTER TABLE "leaderboard_stats" DROP CONSTRAINT "CHK_leaderboard_stats_progress"`);
  }
}
