// The leaderboard benchmark's data (npm run bench:leaderboard, tools/bench/leaderboard.mjs): BENCH_USERS users and
// their aggregates seeded with generate_series, not through the API, and the signed-in callers registered over HTTP.
import { randomUUID } from 'node:crypto';

export const grouped = (n) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

export async function timed(label, work) {
  const started = Date.now();
  const result = await work();
  console.log(`  ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

export async function registerCaller(baseUrl, index) {
  const suffix = `${index}${randomUUID().slice(0, 8)}`;
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: `caller${suffix}`,
      email: `caller${suffix}@example.com`,
      password: 'bench-password-1',
      confirmPassword: 'bench-password-1',
    }),
  });
  if (!response.ok) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  const body = await response.json();
  return { token: body.access_token, userId: body.user.id };
}

/** `users` synthetic players and their aggregates; `callerIds` placed at evenly spread quantiles of the ranking. */
export async function seed(db, callerIds, users) {
  // Countries by weight (out of 100; 5 % have none).
  const weights = { US: 20, MX: 12, BR: 10, CO: 8, AR: 6, ES: 6, DE: 5, FR: 5, GB: 5, IN: 5, CL: 4, PE: 4, CA: 3 };
  Object.assign(weights, { IT: 2, JP: 2, NG: 1 });
  const countryTable = Object.entries(weights).flatMap(([code, weight]) => Array(weight).fill(code));
  while (countryTable.length < 100) countryTable.push(null);

  await db.query(`SET maintenance_work_mem = '512MB'`);
  await db.query(`SET work_mem = '256MB'`);
  await timed(`${grouped(users)} users`, () =>
    db.query(
      `INSERT INTO users (username, country, level, xp)
       SELECT 'bench_' || i, ($1::char(2)[])[1 + floor(random() * 100)::int], lvl, floor(random() * 100 * lvl)::int
         FROM (SELECT i, 1 + floor(power(random(), 3) * 60)::int AS lvl FROM generate_series(1, $2::int) i) x`,
      [countryTable, users],
    ),
  );

  // Secondary indexes (and the primary key) are dropped for the bulk load and built again afterwards: far faster
  // than maintaining nine B-trees row by row.
  const indexes = (
    await db.query(
      `SELECT indexname, indexdef FROM pg_indexes
        WHERE tablename = 'leaderboard_stats' AND indexname <> 'PK_leaderboard_stats'`,
    )
  ).rows;
  const primaryKey = (
    await db.query(
      `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint
        WHERE conrelid = 'leaderboard_stats'::regclass AND conname = 'PK_leaderboard_stats'`,
    )
  ).rows[0].def;
  for (const index of indexes) await db.query(`DROP INDEX "${index.indexname}"`);
  await db.query(`ALTER TABLE leaderboard_stats DROP CONSTRAINT "PK_leaderboard_stats"`);
  await timed('aggregate rows (all, month, week, day)', () =>
    db.query(
      `INSERT INTO leaderboard_stats (user_id, period_kind, period_start, country, level, xp, games, wins, losses, ties,
                                      earnings_cents, current_streak, best_streak, max_bet_cents, fastest_win_ms)
       SELECT u.id, p.kind, p.start, u.country, u.level, u.xp, g.wins + g.losses + g.ties, g.wins, g.losses, g.ties,
              g.earnings, 0, least(g.wins, 3), CASE WHEN g.wins > 0 THEN 1000 ELSE 0 END,
              CASE WHEN g.wins > 0 THEN 5000 + floor(random() * 60000)::int END
         FROM users u
        CROSS JOIN (VALUES ('all', DATE '1970-01-01', 1.0, 1.0),
                           ('month', date_trunc('month', now() AT TIME ZONE 'UTC')::date, 0.4, 0.15),
                           ('week', date_trunc('week', now() AT TIME ZONE 'UTC')::date, 0.2, 0.05),
                           ('day', (now() AT TIME ZONE 'UTC')::date, 0.06, 0.01)) AS p(kind, start, share, scale)
        CROSS JOIN LATERAL (
          SELECT w AS wins, l AS losses, t AS ties,
                 CASE WHEN w = 0 THEN 0 ELSE 90 * floor(w * (1 + power(random(), 3) * 50))::bigint END AS earnings
            FROM (SELECT CASE WHEN random() < 0.4 THEN 0 ELSE 1 + floor(-ln(1 - random()) * 25 * p.scale)::int END AS w,
                         floor(random() * 40 * p.scale)::int AS l, floor(random() * 3 * p.scale)::int AS t
                   WHERE u.id IS NOT NULL) r) g
        WHERE u.username LIKE 'bench\\_%' AND (p.kind = 'all' OR random() < p.share)`,
    ),
  );
  // The signed-in callers: all-time figures at evenly spread quantiles of the ranking (top to bottom).
  const quantiles = callerIds.map((_, i) => (i + 0.5) / callerIds.length);
  await db.query(
    `WITH q AS (
       SELECT percentile_disc($2::float8[]) WITHIN GROUP (ORDER BY earnings_cents DESC) AS e,
              percentile_disc($2::float8[]) WITHIN GROUP (ORDER BY wins DESC) AS w
         FROM leaderboard_stats WHERE period_kind = 'all')
     INSERT INTO leaderboard_stats (user_id, period_kind, period_start, country, games, wins, losses, earnings_cents)
     SELECT c.id, 'all', DATE '1970-01-01', u.country, q.w[c.n] + 1, q.w[c.n], 1, q.e[c.n]
       FROM q, unnest($1::uuid[]) WITH ORDINALITY AS c(id, n) JOIN users u ON u.id = c.id`,
    [callerIds, quantiles],
  );
  await timed('primary key and 9 indexes', async () => {
    await db.query(`ALTER TABLE leaderboard_stats ADD CONSTRAINT "PK_leaderboard_stats" ${primaryKey}`);
    for (const index of indexes) await db.query(index.indexdef);
  });
  const counters = await timed('rank counters (leaderboard_rank_counts_rebuild)', async () =>
    Number((await db.query(`SELECT leaderboard_rank_counts_rebuild() AS n`)).rows[0].n),
  );
  await timed('VACUUM ANALYZE', () => db.query(`VACUUM ANALYZE users, leaderboard_stats, leaderboard_rank_counts`));
  const rows = (await db.query(`SELECT count(*)::int AS n FROM leaderboard_stats`)).rows[0].n;
  return { rows, counters };
}
