#!/usr/bin/env node
// npm run bench:leaderboard — the leaderboard at 1 000 000 users (docs/decisions/0703, docs/perf.md).
//
// 1. Starts the production build (dist/apps/api/main.js, built with `nx run api:build` unless BENCH_SKIP_BUILD=1) on
//    a throwaway embedded PostgreSQL; its start runs the migrations.
// 2. Seeds BENCH_USERS users and their aggregates with generate_series (not through the API): every user has an
//    all-time row, ~40 % a row this month, ~20 % this week, ~6 % today; 16 countries (US 20 % … JP 2 %, 5 % none);
//    ~40 % never won (0 earnings, 0 wins); earnings are multiples of 90 cents (many exact ties). Then the rank
//    counters are rebuilt with leaderboard_rank_counts_rebuild() and the tables vacuumed.
// 3. Raw SQL on one connection: top-100 (the list part of the API's page statement, standalone) and rank-of-me
//    (leaderboard_rank_of) for random users of several metrics and scopes — round trip from the client and execution
//    time inside the database — and sampled ranks checked against a brute-force count of the rows ahead (the 0701
//    method, timed as well).
// 4. HTTP, alternating rounds: GET /api/users/leaderboard/ (top 100, the caller's rank and the info cards, signed-in
//    callers spread over the ranking) vs. a bare Fastify + pg server (separate process, same pool size) running the
//    same top-100 query, once with a plain pool.query (the goal's baseline) and once as a prepared statement.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { spawn, spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { findFreePort } from '../postgres/embedded.mjs';
import { grouped, registerCaller, seed, timed } from './leaderboard-seed.mjs';
import { mean, percentile, reportResult, root, startStack, today } from './server.mjs';

const users = Number(process.env.BENCH_USERS ?? 1_000_000);
const rankSamples = Number(process.env.BENCH_RANK_SAMPLES ?? 300);
const verifySamples = Number(process.env.BENCH_VERIFY_SAMPLES ?? 30);
const callers = Number(process.env.BENCH_CALLERS ?? 20);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** The API's pool size (apps/api/src/database/data-source.ts); the bare server gets the same. */
const POOL_SIZE = 20;

const ORDER_BY = {
  total_earnings: 's.earnings_cents DESC, s.user_id',
  total_wins: 's.wins DESC, s.user_id',
  level: 's.level DESC, s.xp DESC, s.user_id',
};
const RANKED_BY = {
  total_earnings: 's.earnings_cents DESC',
  total_wins: 's.wins DESC',
  level: 's.level DESC, s.xp DESC',
};
const AHEAD = {
  total_earnings: 's.earnings_cents > me.earnings_cents',
  total_wins: 's.wins > me.wins',
  level: '(s.level > me.level OR (s.level = me.level AND s.xp > me.xp))',
};

/** The top-100 list as LeaderboardRepository reads it (apps/api/src/leaderboard/leaderboard.repository.ts). */
function topSql(metric, country) {
  return `SELECT s.user_id AS id, u.username, u.country, u.level, s.earnings_cents::text AS earnings_cents, s.wins,
              (rank() OVER (ORDER BY ${RANKED_BY[metric]}))::int AS rank
         FROM (SELECT * FROM leaderboard_stats s
                WHERE s.period_kind = $1 AND s.period_start = $2::date ${country ? 'AND s.country = $4' : ''}
                ORDER BY ${ORDER_BY[metric]} LIMIT $3) s
         JOIN users u ON u.id = s.user_id
        ORDER BY ${ORDER_BY[metric]}`;
}

// ---------------------------------------------------------------------------------------------------------------
function buildApi() {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  const build = spawnSync('npx', ['nx', 'run', 'api:build', '--outputStyle=static'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (build.status !== 0) throw new Error('api build failed');
}

const ms = (value) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;
const load = () => loadavg()[0].toFixed(1);

/** Each scope's current period start, as the API computes it from the clock. */
async function periodStarts(db) {
  const row = (
    await db.query(
      `SELECT to_char(date_trunc('month', now() AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS month,
              to_char(date_trunc('week', now() AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week,
              to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day`,
    )
  ).rows[0];
  return { all: '1970-01-01', ...row };
}

async function latencies(db, count, run) {
  const values = [];
  for (let i = 0; i < count; i++) {
    const started = process.hrtime.bigint();
    await run(i);
    values.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return values;
}

const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1), n: sorted.length };
};

async function databaseRound(db) {
  const starts = await periodStarts(db);
  const scopes = [
    { kind: 'all', region: 'global' },
    { kind: 'all', region: 'MX' },
    { kind: 'month', region: 'global' },
    { kind: 'week', region: 'BR' },
    { kind: 'day', region: 'JP' },
  ];
  const metrics = ['total_earnings', 'total_wins', 'level'];
  const noise = summary(await latencies(db, 1000, () => db.query('SELECT 1')));

  const top = [];
  for (const scope of scopes) {
    for (const metric of metrics) {
      const country = scope.region === 'global' ? null : scope.region;
      const sql = topSql(metric, country);
      const params = [scope.kind, starts[scope.kind], 100, ...(country ? [country] : [])];
      await latencies(db, 5, () => db.query(sql, params));
      top.push(...(await latencies(db, 20, () => db.query(sql, params))));
    }
  }

  // In-database timing: a loop inside one statement, around each leaderboard_rank_of call.
  await db.query(`
    CREATE FUNCTION pg_temp.time_ranks(p_users uuid[], p_kind varchar, p_start date, p_region varchar, p_metric varchar)
    RETURNS TABLE (rank integer, elapsed_ms double precision) LANGUAGE plpgsql AS $$
    DECLARE t0 timestamptz; u uuid;
    BEGIN
      FOREACH u IN ARRAY p_users LOOP
        t0 := clock_timestamp();
        rank := leaderboard_rank_of(u, p_kind, p_start, p_region, p_metric);
        elapsed_ms := extract(epoch FROM clock_timestamp() - t0) * 1000;
        RETURN NEXT;
      END LOOP;
    END $$`);

  const rankTrip = [];
  const rankInDb = [];
  const fullCount = [];
  const perCombo = [];
  let checked = 0;
  let mismatches = 0;
  for (const scope of scopes) {
    const country = scope.region === 'global' ? null : scope.region;
    const start = starts[scope.kind];
    const sample = (
      await db.query(
        `SELECT user_id FROM leaderboard_stats
          WHERE period_kind = $1 AND period_start = $2 ${country ? 'AND country = $4' : ''}
          ORDER BY random() LIMIT $3`,
        [scope.kind, start, rankSamples, ...(country ? [country] : [])],
      )
    ).rows.map((row) => row.user_id);
    for (const metric of metrics) {
      const args = (userId) => [userId, scope.kind, start, scope.region, metric];
      // Warm the connection's plan cache for this branch (as a pooled connection is), then measure.
      for (const userId of sample.slice(0, 10))
        await db.query('SELECT leaderboard_rank_of($1, $2, $3, $4, $5)', args(userId));
      const ranks = [];
      const trip = await latencies(db, sample.length, async (i) => {
        ranks[i] = (
          await db.query('SELECT leaderboard_rank_of($1, $2, $3, $4, $5) AS rank', args(sample[i]))
        ).rows[0].rank;
      });
      const inDb = (
        await db.query('SELECT elapsed_ms FROM pg_temp.time_ranks($1::uuid[], $2, $3, $4, $5)', [
          sample,
          scope.kind,
          start,
          scope.region,
          metric,
        ])
      ).rows.map((row) => row.elapsed_ms);
      rankTrip.push(...trip);
      rankInDb.push(...inDb);
      perCombo.push({ scope: `${scope.kind}/${scope.region}`, metric, trip: summary(trip), inDb: summary(inDb) });
      // Exactness: the brute-force competition rank (an O(rank) count, the 0701 method) for a subset.
      const brute = `SELECT 1 + (SELECT count(*) FROM leaderboard_stats s
                      WHERE s.period_kind = me.period_kind AND s.period_start = me.period_start
                        ${country ? 'AND s.country = me.country' : ''} AND ${AHEAD[metric]})::int AS rank
                       FROM leaderboard_stats me WHERE me.user_id = $1 AND me.period_kind = $2 AND me.period_start = $3`;
      const counted = await latencies(db, Math.min(verifySamples, sample.length), async (i) => {
        const expected = (await db.query(brute, [sample[i], scope.kind, start])).rows[0].rank;
        checked++;
        if (expected !== ranks[i]) {
          mismatches++;
          console.log(`  MISMATCH ${scope.kind}/${scope.region} ${metric} ${sample[i]}: ${ranks[i]} vs ${expected}`);
        }
      });
      if (scope.kind === 'all' && scope.region === 'global') fullCount.push(...counted);
    }
  }
  return {
    noise,
    top: summary(top),
    rankTrip: summary(rankTrip),
    rankInDb: summary(rankInDb),
    fullCount: summary(fullCount),
    perCombo,
    checked,
    mismatches,
  };
}

function fire(options) {
  return new Promise((resolveRun, reject) => {
    autocannon({ connections, duration: durationSeconds, pipelining: 1, ...options }, (error, result) =>
      error ? reject(error) : resolveRun(result),
    );
  });
}

/** Alternating rounds: the API, the plain bare handler, the prepared bare handler, then again. */
async function httpRounds(apiBase, tokens, bareUrls) {
  let next = 0;
  const targets = {
    api: {
      url: apiBase,
      requests: [
        {
          method: 'GET',
          path: '/api/users/leaderboard/?metric=total_earnings&period=all&region=global&limit=100',
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` },
          }),
        },
      ],
    },
    plain: { url: bareUrls.plain },
    prepared: { url: bareUrls.prepared },
  };
  for (const options of Object.values(targets)) await fire({ ...options, duration: 3 }); // warm-up
  const results = { api: [], plain: [], prepared: [] };
  for (let round = 0; round < rounds; round++) {
    for (const [name, options] of Object.entries(targets)) results[name].push(await fire(options));
    console.log(
      `  round ${round + 1}: ` +
        Object.entries(results)
          .map(([name, list]) => {
            const last = list.at(-1);
            return `${name} ${grouped(last.requests.average)} req/s (p99 ${last.latency.p99} ms, non-2xx ${last.non2xx})`;
          })
          .join(', '),
    );
  }
  return results;
}

async function startBare(databaseUrl, mode) {
  const port = await findFreePort();
  const child = spawn(
    process.execPath,
    [fileURLToPath(import.meta.url), '--bare-server', databaseUrl, String(port), mode],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise((resolveReady, reject) => {
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('ready')) resolveReady();
    });
  });
  return {
    url: `http://127.0.0.1:${port}/top`,
    stop: () => new Promise((r) => (child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGTERM')))),
  };
}

async function main() {
  const benchStarted = Date.now();
  console.log(`bench:leaderboard — ${grouped(users)} users, load average ${load()} at start`);
  await timed('api build', async () => buildApi());
  const stack = await timed('PostgreSQL + API (migrations)', () =>
    startStack({ env: { ACCESS_TOKEN_TTL_SECONDS: '3600' } }),
  );
  const apiBase = stack.baseUrls[0];
  const bare = [];
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  try {
    await db.connect();
    const signedIn = [];
    for (let i = 0; i < callers; i++) signedIn.push(await registerCaller(apiBase, i));
    console.log('seeding:');
    const seeded = await seed(
      db,
      signedIn.map((caller) => caller.userId),
      users,
    );

    // What the API answers (once): the shape, and the callers' ranks spread over the ranking.
    const ranksSeen = [];
    for (const caller of signedIn) {
      const response = await fetch(
        `${apiBase}/api/users/leaderboard/?metric=total_earnings&period=all&region=global&limit=100`,
        { headers: { authorization: `Bearer ${caller.token}` } },
      );
      if (response.status !== 200) throw new Error(`leaderboard answered ${response.status}: ${await response.text()}`);
      const body = await response.json();
      if (body.leaderboard.length !== 100) throw new Error(`expected 100 entries, got ${body.leaderboard.length}`);
      ranksSeen.push(body.me.rank);
    }
    console.log(`callers' ranks through the API: ${ranksSeen.join(', ')}`);

    console.log('database (raw SQL, one connection):');
    const database = await databaseRound(db);
    for (const combo of database.perCombo) {
      console.log(
        `  rank-of-me ${combo.scope.padEnd(12)} ${combo.metric.padEnd(15)} round trip p50 ${ms(combo.trip.p50)} p99 ${ms(combo.trip.p99)}` +
          ` | in the database p50 ${ms(combo.inDb.p50)} p99 ${ms(combo.inDb.p99)}`,
      );
    }

    console.log('HTTP (alternating rounds):');
    bare.push(await startBare(stack.databaseUrl, 'plain'), await startBare(stack.databaseUrl, 'prepared'));
    const http = await httpRounds(
      apiBase,
      signedIn.map((caller) => caller.token),
      { plain: bare[0].url, prepared: bare[1].url },
    );
    const rps = (name) => mean(http[name].map((r) => r.requests.average));
    const latency = (name, p) => `${mean(http[name].map((r) => r.latency[p])).toFixed(0)} ms`;
    const row = (label, name) =>
      `| ${label} | ${grouped(rps(name))} | ${latency(name, 'p50')} | ${latency(name, 'p99')} |`;

    const d = database;
    console.log(`
## Leaderboard — ${today()}, ${grouped(users)} users, ${grouped(seeded.rows)} aggregate rows, ${grouped(seeded.counters)} counter rows

Database (raw SQL, one connection; load average ${load()} at the end):

| Query | Samples | p50 | p99 | Goal |
| --- | --- | --- | --- | --- |
| SELECT 1 (noise floor, round trip) | ${d.noise.n} | ${ms(d.noise.p50)} | ${ms(d.noise.p99)} | |
| top-100, 5 scopes × 3 metrics (round trip) | ${d.top.n} | ${ms(d.top.p50)} | ${ms(d.top.p99)} | |
| rank-of-me, 5 scopes × 3 metrics (round trip) | ${d.rankTrip.n} | ${ms(d.rankTrip.p50)} | ${ms(d.rankTrip.p99)} | |
| rank-of-me, same calls (in the database) | ${d.rankInDb.n} | ${ms(d.rankInDb.p50)} | ${ms(d.rankInDb.p99)} | p99 ≤ 2 ms |
| rank-of-me by full count (0701 method), all/global | ${d.fullCount.n} | ${ms(d.fullCount.p50)} | ${ms(d.fullCount.p99)} | |

Exactness: ${d.checked} sampled ranks vs. a brute-force count of the rows strictly ahead: ${d.mismatches} mismatches.

HTTP, ${connections} connections, ${rounds}×${durationSeconds}s alternating:

| GET | req/s | p50 | p99 |
| --- | --- | --- | --- |
${row("/api/users/leaderboard/ (top 100, caller's rank, info cards; signed in)", 'api')}
${row('bare Fastify + pg, same top-100 query (plain `pool.query`)', 'plain')}
${row('bare Fastify + pg, same top-100 query (prepared statement)', 'prepared')}

ratio API / bare: ${(rps('api') / rps('plain')).toFixed(2)} (goal ≥ 0.60); API / prepared bare: ${(rps('api') / rps('prepared')).toFixed(2)}
whole bench ${((Date.now() - benchStarted) / 1000).toFixed(0)} s`);
    const leaderboardRatio = rps('api') / rps('plain');
    reportResult({
      bench: 'leaderboard',
      measure: 'leaderboard page ÷ bare Fastify + pg (own process)',
      value: leaderboardRatio,
      goal: '≥ 0.90',
      met: leaderboardRatio >= 0.9,
    });
    if (d.mismatches > 0) process.exitCode = 1;
  } finally {
    await db.end().catch(() => undefined);
    for (const server of bare) await server.stop();
    await stack.stop();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The bare baseline: its own process, so it never shares an event loop with autocannon.
if (process.argv[2] === '--bare-server') {
  const [databaseUrl, port, mode] = process.argv.slice(3);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
  const text = topSql('total_earnings', null);
  const values = ['all', '1970-01-01', 100];
  // 'plain': pool.query(text, values), as a handler is usually written; 'prepared': a named statement (no planning).
  const query = mode === 'prepared' ? { name: 'top', text, values } : { text, values };
  const app = Fastify({ logger: false });
  app.get('/top', async () => (await pool.query(query)).rows);
  await app.listen({ port: Number(port), host: '127.0.0.1' });
  console.log('ready');
} else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
