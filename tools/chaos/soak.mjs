#!/usr/bin/env node
// `npm run test:chaos`: a black-box soak of `npm start` under random process kills (issue 19).
//
// Starts the launcher (tools/start.mjs: production build, embedded PostgreSQL) on a throwaway DATA_DIR, runs a seeded
// client workload (workload.mjs) while faults hit the processes at seeded moments (faults.mjs), lets the timers run
// out (rooms expire and refund, withdrawals pay out), then accounts for every cent (invariants.mjs) and prints one
// line per invariant and a summary (report.mjs).
//
// Env: CHAOS_SEED (default: random, printed), CHAOS_PLAYERS (20), CHAOS_SECONDS (120), CHAOS_FROM_SOURCE=1 (run the
// API from source instead of the production build). `--runs N`: N seeds from CHAOS_SEED on. Exit 1 on a violation.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '../postgres/embedded.mjs';
import { faultSchedule, injectFaults, newFaultStats } from './faults.mjs';
import { call, newStats } from './http.mjs';
import { checkInvariants } from './invariants.mjs';
import { printReport } from './report.mjs';
import { Stack } from './stack.mjs';
import { rng, sleep } from './util.mjs';
import { registerPlayers, resolveUnknowns, restPlayer } from './workload.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(process.argv[runsArg + 1]) : 1;
const FIRST_SEED = Number(process.env.CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
const PLAYERS = Number(process.env.CHAOS_PLAYERS ?? 20);
const SECONDS = Number(process.env.CHAOS_SECONDS ?? 120);
const FROM_SOURCE = process.env.CHAOS_FROM_SOURCE === '1';
const ROOM_EXPIRY_SECONDS = 8;
const WITHDRAWAL_DELAY_SECONDS = 2;

/** The API's environment for the soak: generous rate limits, timers shortened so the run can end settled. */
const STACK_ENV = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '100000000',
  AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '100000000',
  ROOM_WAITING_EXPIRY_SECONDS: String(ROOM_EXPIRY_SECONDS),
  ROOM_SWEEP_INTERVAL_MS: '1000',
  WITHDRAWAL_DELAY_SECONDS: String(WITHDRAWAL_DELAY_SECONDS),
  WITHDRAWAL_POLL_INTERVAL_MS: '200',
  ...(FROM_SOURCE ? { SKILLDUEL_API_ENTRY: 'apps/api/test/launcher-api-entry.cjs' } : {}),
};

let activeStack = null;

async function runSeed(seed) {
  const random = rng(seed);
  const dataDir = mkdtempSync(join(tmpdir(), 'skillduel-chaos-'));
  const stack = new Stack({ root, dataDir, port: await findFreePort(), env: STACK_ENV });
  const stats = newStats();
  const faultStats = newFaultStats();
  console.log(`chaos seed ${seed}: ${PLAYERS} players, ${SECONDS} s, DATA_DIR ${dataDir}, log ${stack.log}`);
  activeStack = stack;
  stack.start({ build: !FROM_SOURCE });
  await stack.waitHealthy(600_000);

  const games = (await call(stats, stack.baseUrl, { method: 'GET', path: '/games' }, Date.now() + 60_000)).body;
  const game = games.find((candidate) => candidate.min_bet <= 5) ?? games[0];
  const betDollars = Math.max(1, Math.ceil(Number(game.min_bet)));
  const players = await registerPlayers({ stats, baseUrl: stack.baseUrl, seed, count: PLAYERS });

  const faults = faultSchedule(random, SECONDS);
  const startedAt = Date.now();
  const context = { stats, baseUrl: stack.baseUrl, players, game, betDollars, endAt: startedAt + SECONDS * 1000 };
  await Promise.all([
    injectFaults({ stack, faults, startedAt, faultStats }),
    ...players.map((player) => restPlayer(context, player)),
  ]);
  await stack.waitHealthy();
  await resolveUnknowns(context);

  // Timers: waiting/ready rooms expire and refund, withdrawals pay out.
  await sleep((ROOM_EXPIRY_SECONDS + WITHDRAWAL_DELAY_SECONDS + 4) * 1000);
  await stack.stop();
  const { results, figures } = await checkInvariants({ root, dataDir, players, stats, faultStats });
  printReport({ results, figures, players, stats, faultStats });
  const failed = results.some((result) => !result.ok);
  if (!failed) rmSync(dataDir, { recursive: true, force: true });
  return !failed;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void (activeStack?.kill() ?? Promise.resolve()).then(() => process.exit(130)));
}

let failures = 0;
for (let run = 0; run < RUNS; run++) {
  const seed = FIRST_SEED + run;
  try {
    if (!(await runSeed(seed))) failures++;
  } catch (error) {
    failures++;
    console.log(`  FAIL seed ${seed}: ${error.message}`);
    await activeStack?.kill();
  }
}
console.log(`chaos: ${RUNS - failures} of ${RUNS} seeds passed (first seed ${FIRST_SEED})`);
process.exit(failures === 0 ? 0 : 1);
