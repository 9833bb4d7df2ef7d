#!/usr/bin/env node
// npm run bench:matchmaking — the matchmaking queue under a burst (docs/decisions/1702, 1703, docs/perf.md).
//
// 1. Starts the production API (dist/apps/api/main.js, built with `nx run api:build` unless BENCH_SKIP_BUILD=1) on
//    a throwaway embedded PostgreSQL, with MATCHMAKING_INTERVAL_MS=BENCH_INTERVAL_MS (default 100).
// 2. Registers BENCH_PLAYERS funded players (default 200: registration hashes a password each, which dominates the
//    setup on a 2-core machine), each with a socket listening for `matchmaking:matched`, all rated 1500.
// 3. Baseline, same run: every player sends one authenticated GET /api/matchmaking/queue at once (the cheapest
//    signed-in call touching the queue table); the burst's wall time and per-call latencies are recorded.
// 4. Every player POSTs /api/matchmaking/queue at once (same game and stake). For each pair: time from the second
//    player's entry (its 201) to both players told over the socket; and the burst's wall time from the first POST
//    to the last push. Reported as ratios against the baseline, never alone.
import { spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import pg from 'pg';
import { api, connect, fundedPlayer } from './clients.mjs';
import { loadAverage, percentile, reportResult, root, startStack, today } from './server.mjs';

const players = Number(process.env.BENCH_PLAYERS ?? 200);
const intervalMs = Number(process.env.BENCH_INTERVAL_MS ?? 100);
const BET = 2;
if (players % 2 !== 0) throw new Error('BENCH_PLAYERS must be even');

function buildApi() {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  const build = spawnSync('npx', ['nx', 'run', 'api:build', '--outputStyle=static'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (build.status !== 0) throw new Error('api build failed');
}

async function inBatches(count, size, work) {
  const results = [];
  for (let i = 0; i < count; i += size) {
    results.push(...(await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, j) => work(i + j)))));
  }
  return results;
}

const ms = (value) => `${value.toFixed(1)} ms`;
const ratio = (value) => value.toFixed(2);

async function main() {
  process.stdout.write(`bench:matchmaking — ${players} players, load average ${loadAverage()} at start\n`);
  buildApi();
  const stack = await startStack({ env: { MATCHMAKING_INTERVAL_MS: String(intervalMs), LOG_LEVEL: 'warn' } });
  const [baseUrl] = stack.baseUrls;
  const sockets = [];
  try {
    const setupStarted = Date.now();
    const tokens = await inBatches(players, 16, (i) => fundedPlayer(baseUrl, `mm${i}_`));
    for (const token of tokens) sockets.push(await connect(baseUrl, token));
    process.stderr.write(`setup: ${players} players in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s\n`);

    // Baseline: one authenticated GET per player, all at once.
    await Promise.all(tokens.slice(0, 20).map((token) => api(baseUrl, '/matchmaking/queue', { token })));
    const getStarted = performance.now();
    const getLatencies = await Promise.all(
      tokens.map(async (token) => {
        const started = performance.now();
        await api(baseUrl, '/matchmaking/queue', { token });
        return performance.now() - started;
      }),
    );
    const getWallMs = performance.now() - getStarted;

    // The burst: everybody enters at once.
    const told = sockets.map(
      (socket) =>
        new Promise((resolve) =>
          socket.once('matchmaking:matched', (event) => resolve({ at: performance.now(), event })),
        ),
    );
    const burstStarted = performance.now();
    const entries = await Promise.all(
      tokens.map(async (token) => {
        const entry = await api(baseUrl, '/matchmaking/queue', {
          token,
          body: { game_id: 'number-rush', bet_amount: BET },
        });
        return { at: performance.now(), entry };
      }),
    );
    const enteredWallMs = performance.now() - burstStarted;
    const matched = await Promise.race([
      Promise.all(told),
      new Promise((_, reject) => setTimeout(() => reject(new Error('not everybody was matched in 60 s')), 60_000)),
    ]);
    const burstWallMs = Math.max(...matched.map((m) => m.at)) - burstStarted;

    const byRoom = new Map();
    matched.forEach((m, i) => byRoom.set(m.event.room_id, [...(byRoom.get(m.event.room_id) ?? []), i]));
    if (byRoom.size !== players / 2 || [...byRoom.values()].some((seats) => seats.length !== 2)) {
      throw new Error(`expected ${players / 2} rooms of two, got ${byRoom.size}`);
    }
    const timeToMatch = [...byRoom.values()]
      .map(([a, b]) => Math.max(matched[a].at, matched[b].at) - Math.max(entries[a].at, entries[b].at))
      .sort((x, y) => x - y);
    const getSorted = [...getLatencies].sort((x, y) => x - y);

    const client = new pg.Client({ connectionString: stack.databaseUrl });
    await client.connect();
    const [{ held }] = (await client.query(`SELECT count(*)::int AS held FROM room_stakes WHERE state = 'held'`)).rows;
    await client.end();
    if (held !== players) throw new Error(`expected ${players} held stakes, found ${held}`);

    const p = (q) => percentile(timeToMatch, q);
    const lines = [
      `players: ${players} (${players / 2} rooms, ${held} stakes held, nobody twice), MATCHMAKING_INTERVAL_MS=${intervalMs}, load ${loadavg()[0].toFixed(1)}`,
      `baseline: ${players} concurrent GET /api/matchmaking/queue: wall ${ms(getWallMs)}, p50 ${ms(percentile(getSorted, 50))}, p99 ${ms(percentile(getSorted, 99))}`,
      `entering: ${players} concurrent POST /api/matchmaking/queue: wall ${ms(enteredWallMs)} = ${ratio(enteredWallMs / getWallMs)}× the GET burst`,
      `time to match (second entry's 201 → both told): p50 ${ms(p(50))}, p95 ${ms(p(95))}, p99 ${ms(p(99))}; p99 = ${ratio(p(99) / percentile(getSorted, 99))}× the GET p99, ${ratio(p(99) / intervalMs)}× the matcher interval`,
      `burst: first POST → last push ${ms(burstWallMs)} = ${ratio(burstWallMs / getWallMs)}× the GET burst; ${(players / (burstWallMs / 1000)).toFixed(0)} entries/s turned into rooms`,
      `matcher cost (last push − last 201): ${ms(burstWallMs - enteredWallMs)} = ${ratio((burstWallMs - enteredWallMs) / getWallMs)}× the GET burst`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    const entriesPerSecond = players / (burstWallMs / 1000);
    reportResult({
      bench: 'matchmaking',
      measure: `time to match p99 (ms), ${players} queued`,
      value: p(99),
      goal: '≤ 100',
      met: p(99) <= 100,
    });
    reportResult({
      bench: 'matchmaking',
      measure: `entries turned into rooms per second, ${players} queued`,
      value: entriesPerSecond,
      goal: '≥ 1000',
      met: entriesPerSecond >= 1000,
    });
    if (process.env.BENCH_APPEND !== '0') {
      appendFileSync(
        join(root, 'docs/perf.md'),
        `\n### bench:matchmaking, ${today()}\n\n\`BENCH_PLAYERS=${players} npm run bench:matchmaking\`\n\n${lines.map((line) => `- ${line}`).join('\n')}\n`,
      );
    }
  } finally {
    for (const socket of sockets) socket.close();
    await stack.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exit(1);
  },
);
