#!/usr/bin/env node
// `npm run test:chaos`: a black-box soak of the production build under random faults: no cent lost or duplicated.
//
// Builds the chaos variant of the API (build.mjs: the production bundle plus a test-only fault hook; the shipped
// bundle is checked to have none), starts it through the launcher (tools/start.mjs, embedded PostgreSQL) on a
// throwaway DATA_DIR — with CHAOS_INSTANCES=2 a second API instance beside it, both behind a real redis-server —,
// runs a seeded client workload (workload.mjs: REST money operations; live.mjs: matches over socket.io) while faults
// hit the processes at seeded moments (faults.mjs), lets the timers run out (rooms expire and refund, withdrawals pay
// out, stale matches are voided), then accounts for every cent (invariants.mjs) and prints one line per invariant and
// a summary (report.mjs).
//
// Env: CHAOS_SEED (default: random, printed), CHAOS_PLAYERS (20), CHAOS_SECONDS (120), CHAOS_INSTANCES (1 or 2),
// CHAOS_FROM_SOURCE=1 (the API from source, without the fault hook). `--runs N`: N seeds from CHAOS_SEED on.
// Exit 1 on a violation; the seed replays the same fault schedule.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '../postgres/embedded.mjs';
import { assertProductionHasNoFaultHook, buildChaosApi, ensureProductionBuild } from './build.mjs';
import { faultSchedule, injectFaults, newFaultStats } from './faults.mjs';
import { call, newStats } from './http.mjs';
import { checkInvariants } from './invariants.mjs';
import { livePair, resolveRounds } from './live.mjs';
import { startRedis } from './redis.mjs';
import { printReport } from './report.mjs';
import { Stack } from './stack.mjs';
import { rng, sleep } from './util.mjs';
import { operate, registerPlayers, resolveUnknowns, restPlayer } from './workload.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(process.argv[runsArg + 1]) : 1;
const FIRST_SEED = Number(process.env.CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
const PLAYERS = Number(process.env.CHAOS_PLAYERS ?? 20);
const SECONDS = Number(process.env.CHAOS_SECONDS ?? 120);
const INSTANCES = Number(process.env.CHAOS_INSTANCES ?? 1);
const FROM_SOURCE = process.env.CHAOS_FROM_SOURCE === '1';
const ROOM_EXPIRY_SECONDS = 8;
const WITHDRAWAL_DELAY_SECONDS = 2;
const RECONNECT_GRACE_SECONDS = 4;
const MATCH_TIME_LIMIT_MS = 6000;
const MATCH_STALE_AFTER_SECONDS = 5;
/** Socket.IO heartbeat of the soak's servers: a pause longer than interval + timeout drops the sockets. */
const SOCKET_PING_MS = 1500;

/** The API's environment for the soak: generous rate limits, timers shortened so the run can end settled. */
function stackEnv(armFile, redisUrl, apiMain) {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
    AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '100000000',
    SOCKET_HANDSHAKES_PER_IP_PER_MINUTE: '1000000',
    ROOM_WAITING_EXPIRY_SECONDS: String(ROOM_EXPIRY_SECONDS),
    ROOM_SWEEP_INTERVAL_MS: '1000',
    WITHDRAWAL_DELAY_SECONDS: String(WITHDRAWAL_DELAY_SECONDS),
    WITHDRAWAL_POLL_INTERVAL_MS: '200',
    RECONNECT_GRACE_SECONDS: String(RECONNECT_GRACE_SECONDS),
    MATCH_COUNTDOWN_MS: '1000',
    MATCH_TIME_LIMIT_OVERRIDE_MS: String(MATCH_TIME_LIMIT_MS),
    MATCH_HEARTBEAT_INTERVAL_MS: '1000',
    MATCH_STALE_AFTER_SECONDS: String(MATCH_STALE_AFTER_SECONDS),
    ROOM_OWNER_LEASE_MS: '3000',
    SOCKET_PING_INTERVAL_MS: String(SOCKET_PING_MS),
    SOCKET_PING_TIMEOUT_MS: String(SOCKET_PING_MS),
    CHAOS_KILL_AFTER_COMMIT_FILE: armFile,
    SKILLDUEL_API_ENTRY: apiMain,
    // The soak kills the API server on purpose more often than the launcher's crash-loop limit allows (decision 2351).
    API_RESTART_MAX_CRASHES: '1000',
    // The soak has no support staff to review held withdrawals, and its players move thousands of dollars a day: the
    // review threshold applies to a rolling 24 h total (decision 2320), so under the default every player's later
    // withdrawals would wait for review forever and count as stuck. Review itself is proven by its own tests.
    WITHDRAWAL_REVIEW_THRESHOLD: '1000000',
    // Likewise nobody completes an identity check there: past the default cumulative withdrawals (decision 2501)
    // every withdrawal would be refused with VERIFICATION_REQUIRED. Verification is proven by its own tests.
    KYC_VERIFY_ABOVE_CUMULATIVE_WITHDRAWALS: '100000000',
    KYC_ENHANCED_ABOVE_DEPOSITS_30D: '100000000',
    // Nor the last gate of decision 2703: the soak's accounts are minutes old, win hundreds of dollars and are paired
    // again and again (flagged pots); with nobody to review, their withdrawals would wait forever.
    WITHDRAWAL_GATE_NEW_ACCOUNT_DAYS: '0',
    WITHDRAWAL_GATE_SUSPECT_WINNINGS_PERCENT: '100',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  };
}

let activeStack = null;
let activeRedis = null;

async function runSeed(seed, apiMain, build) {
  const random = rng(seed);
  const dataDir = mkdtempSync(join(tmpdir(), 'skillduel-chaos-'));
  const armFile = `${dataDir}.kill-after-commit`;
  const redis = INSTANCES === 2 ? await startRedis() : null;
  activeRedis = redis;
  const stack = new Stack({
    root,
    dataDir,
    port: await findFreePort(),
    env: stackEnv(armFile, redis?.url, apiMain),
    apiMain,
    second: INSTANCES === 2 ? { port: await findFreePort() } : null,
  });
  const stats = newStats();
  const faultStats = newFaultStats();
  console.log(
    `chaos seed ${seed}: ${PLAYERS} players, ${SECONDS} s, ${INSTANCES} instance(s), DATA_DIR ${dataDir}, log ${stack.log}`,
  );
  activeStack = stack;
  const seedStartedAt = Date.now();
  const progress = (what) => console.log(`  ${((Date.now() - seedStartedAt) / 1000).toFixed(1)} s: ${what}`);
  try {
    // Only the first seed lets the launcher rebuild a stale production build: every seed of a run tests the same code.
    stack.start({ build: build && !FROM_SOURCE });
    await stack.waitHealthy(600_000);
    if (!FROM_SOURCE) assertProductionHasNoFaultHook(root, apiMain);

    const games = (await call(stats, stack.baseUrl, { method: 'GET', path: '/games' }, Date.now() + 60_000)).body;
    const game = games.find((candidate) => candidate.min_bet <= 5) ?? games[0];
    const betDollars = Math.max(1, Math.ceil(Number(game.min_bet)));
    const liveGames = games.filter((candidate) => ['quick-click', 'number-rush'].includes(candidate.id));
    progress('up; registering players');
    const players = await registerPlayers({ stats, baseUrl: stack.baseUrl, seed, count: PLAYERS });
    // Four in ten play live matches in pairs (their bet differs from the REST rooms', so quick matches pair them).
    const livePairs = Math.max(1, Math.floor((PLAYERS * 0.4) / 2));
    const livePlayers = players.slice(0, livePairs * 2);
    const context = {
      socketOutcomes: { accepted: 0, refused: 0, unknown: 0 },
      socketRefusals: new Map(),
      firstRefusals: [],
      inputs: 0,
      drops: { back: 0, forfeit: 0 },
      stats,
      baseUrl: stack.baseUrl,
      baseUrls: stack.baseUrls,
      players,
      game,
      betDollars,
      liveGames,
      liveBetDollars: betDollars + 1,
      reconnectGraceMs: RECONNECT_GRACE_SECONDS * 1000,
      endAt: 0,
      faultsDone: false,
    };
    for (const player of livePlayers) {
      await operate(context, player, {
        kind: 'deposit',
        path: '/transactions/deposit',
        body: {
          amount: `${player.rng.int(40, 90)}.${String(player.rng.int(14, 99)).padStart(2, '0')}`,
          payment_method: 'card',
        },
      });
    }

    const faults = faultSchedule(random, SECONDS);
    const startedAt = Date.now();
    context.endAt = startedAt + SECONDS * 1000;
    const pauseMs = 2 * SOCKET_PING_MS + 1000 + Math.floor(random.next() * 4000);
    progress(`workload and ${faults.length} faults`);
    // A workload that overruns says where each player is (a hang is a finding too, not a silent CI timeout).
    const watchdog = setInterval(() => {
      if (Date.now() < context.endAt + 60_000) return;
      progress(`still running: faults ${context.faultsDone ? 'done' : `at ${faultStats.step}`}`);
      for (const player of players.filter((candidate) => !candidate.done)) {
        console.log(`    ${player.username}: ${player.step}`);
      }
    }, 30_000);
    watchdog.unref();
    await Promise.all([
      injectFaults({ stack, faults, startedAt, faultStats, pauseMs, armFile }).finally(
        () => (context.faultsDone = true),
      ),
      ...players.slice(livePairs * 2).map((player) => restPlayer(context, player).then(() => (player.done = true))),
      ...Array.from({ length: livePairs }, (_, n) => {
        const pair = livePlayers.slice(2 * n, 2 * n + 2);
        return livePair(context, pair).then(() => pair.forEach((player) => (player.done = true)));
      }),
    ]);
    clearInterval(watchdog);
    progress('workload done; resolving unknown outcomes by key');
    await stack.waitHealthy();
    await resolveUnknowns(context);
    progress('letting the timers run out');

    // Timers: waiting/ready rooms expire and refund, stale rounds are voided, withdrawals pay out.
    const timersSeconds =
      Math.max(ROOM_EXPIRY_SECONDS, MATCH_STALE_AFTER_SECONDS + MATCH_TIME_LIMIT_MS / 1000, RECONNECT_GRACE_SECONDS) +
      WITHDRAWAL_DELAY_SECONDS +
      4;
    await sleep(timersSeconds * 1000);
    await stack.waitHealthy();
    progress('resolving live rounds');
    const rounds = await resolveRounds(context);
    progress('stopping the stack');
    stats.stopMs = await stack.stop();
    progress('checking');
    const { results, figures } = await checkInvariants({
      root,
      dataDir,
      players,
      stats,
      faultStats,
      rounds,
      expectCommitKills: !FROM_SOURCE,
    });
    printReport({ results, figures, players, stats, faultStats, rounds, live: context });
    // The known leftover (decision 0901): an API server left by a killed launcher that outlives its SIGTERM grace.
    const stackLog = readFileSync(stack.log, 'utf8');
    const leftovers = (stackLog.match(/left running by a launcher that is gone/g) ?? []).length;
    const overGrace = (stackLog.match(/did not stop within \d+ s: SIGKILL/g) ?? []).length;
    console.log(`  leftover API servers still running 10 s after SIGTERM: ${overGrace} of ${leftovers}`);
    const failed = results.some((result) => !result.ok);
    if (!failed) rmSync(dataDir, { recursive: true, force: true });
    // A failed seed keeps its DATA_DIR and every client-side outcome, to compare with the database.
    else
      writeFileSync(
        `${dataDir}.ops.json`,
        JSON.stringify(
          players,
          (key, value) =>
            key === 'rng'
              ? undefined
              : value instanceof Map
                ? Object.fromEntries(value)
                : typeof value === 'bigint'
                  ? String(value)
                  : value,
          1,
        ),
      );
    return !failed;
  } finally {
    await redis?.stop();
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  // The stack and the seed's redis-server go too (a Ctrl-C used to leave redis-server running).
  process.once(
    signal,
    () => void Promise.all([activeStack?.kill(), activeRedis?.stop()]).finally(() => process.exit(130)),
  );
}

let failures = 0;
let apiMain = 'apps/api/test/launcher-api-entry.cjs';
if (!FROM_SOURCE) {
  ensureProductionBuild(root);
  apiMain = buildChaosApi(root);
  assertProductionHasNoFaultHook(root, apiMain);
  console.log('ok   the production build (dist/apps/api) has no fault hook; the chaos build (dist/chaos/api) has it');
}
for (let run = 0; run < RUNS; run++) {
  const seed = FIRST_SEED + run;
  try {
    if (!(await runSeed(seed, apiMain, run === 0))) failures++;
  } catch (error) {
    failures++;
    console.log(`  FAIL seed ${seed}: ${error.message}`);
    await activeStack?.kill();
  }
}
console.log(`chaos: ${RUNS - failures} of ${RUNS} seeds passed (first seed ${FIRST_SEED})`);
process.exit(failures === 0 ? 0 : 1);
