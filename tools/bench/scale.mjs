#!/usr/bin/env node
// npm run bench:scale — spectator fan-out on 1 vs 2 API instances behind Redis (decision 0801), one run, same N.
// Two setups on the production build, each with its own embedded PostgreSQL and redis-server: (a) one instance with
// REDIS_URL, (b) two instances. Both boot once; their rounds alternate (BENCH_ROUNDS, default 3). A round plays
// BENCH_ROOMS (default 5) live number-rush matches at once, both players of each answering at a person's pace
// (pacing.mjs), and BENCH_SPECTATORS (default 5 000) guest spectators watch every room, from two worker threads (one connected to each instance in (b), where the rooms are owned by alternate
// instances: each instance fans out its own rooms locally and the other one's through the Redis adapter). Reported
// per round and pooled per setup: p50/p99 of arrival − server emit time of `match:scores`, delivered messages per
// second, the share of the expected deliveries that arrived, and the CPU time of the servers and of this (client)
// process; then the throughput ratio 2 instances / 1 instance. BENCH_SKIP_BUILD=1 reuses dist/.
// Pacing (since 2026-11-25): until then one player per room sent an input every 50 ms, which kept each room's
// broadcasts at their cap of 10/s; since decisions 1801/1802 that is refused, counted wrong and held. Each player now
// answers after the engine's floor for the question plus a random thinking time (~1.5 s per answer, 9 in 10 right),
// so a room broadcasts ~1.3/s. The offered load (deliveries per second) is kept comparable by more sockets instead:
// 5 rooms of 2 players (was 4 of 1) and 5 000 spectators (was 1 000), ~6.8 broadcasts/s per spectator, ~34 000
// messages/s (was ~36 000). Refused inputs and held results are counted and printed (both should be 0).
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { findFreePort } from '../postgres/embedded.mjs';
import { ack, api, connect, fundedPlayer } from './clients.mjs';
import { loadNumberRush } from '../number-rush.mjs';
import { describeTally, newTally, playLikeAPerson } from './pacing.mjs';
import { buildOnce, percentile, reportResult, startStack, today } from './server.mjs';

const spectatorCount = Number(process.env.BENCH_SPECTATORS ?? 5000);
const roomCount = Number(process.env.BENCH_ROOMS ?? 5);
const matchMs = Number(process.env.BENCH_MATCH_MS ?? 8000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const WORKERS = 2;
const JOINS_AT_ONCE = 10;

// ── Spectator worker: connects its share of the spectators to one instance, each watching every room ─────────────

async function spectatorWorker({ baseUrl, count, roomIds }) {
  const sockets = [];
  for (let i = 0; i < count; i += 100) {
    const batch = await Promise.all(Array.from({ length: Math.min(100, count - i) }, () => connect(baseUrl)));
    // A few sockets join at once (5 000 one by one take minutes); 100 at once made the two-instance setup answer
    // INTERNAL to forwarded joins on the loaded machine.
    for (let j = 0; j < batch.length; j += JOINS_AT_ONCE) {
      await Promise.all(
        batch.slice(j, j + JOINS_AT_ONCE).map(async (socket) => {
          for (const roomId of roomIds) {
            const joined = await ack(socket, 'room:join', { room_id: roomId });
            if (!joined?.ok) throw new Error(`room:join refused: ${JSON.stringify(joined)}`);
          }
        }),
      );
    }
    sockets.push(...batch);
  }
  // Per delivery: arrival − at_ms (the match's start is added by the main thread), grouped by room.
  const arrivals = new Map(roomIds.map((id) => [id, []]));
  let lastArrivalAt = 0;
  for (const socket of sockets) {
    socket.on('match:scores', (payload) => {
      lastArrivalAt = Date.now();
      arrivals.get(payload.room_id)?.push(lastArrivalAt - payload.at_ms);
    });
  }
  parentPort.postMessage({ type: 'ready' });
  parentPort.on('message', (message) => {
    if (message.type !== 'stop') return;
    for (const socket of sockets) socket.close();
    const latencies = [];
    for (const [roomId, values] of arrivals) {
      const startedAt = message.startedAt[roomId];
      for (const value of values) latencies.push(value - startedAt);
    }
    parentPort.postMessage({ type: 'done', latencies, lastArrivalAt });
  });
}

if (!isMainThread) {
  spectatorWorker(workerData).catch((error) => {
    parentPort.postMessage({ type: 'error', message: String(error?.stack ?? error) });
  });
}

// ── Main thread ───────────────────────────────────────────────────────────────────────────────────────────────────

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; clock ticks of 10 ms). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A room on `baseUrl` with both players' sockets joined there (so that instance owns it). */
async function openRoom(baseUrl, index) {
  const [tokenA, tokenB] = [await fundedPlayer(baseUrl, `sa${index}`), await fundedPlayer(baseUrl, `sb${index}`)];
  const room = await api(baseUrl, '/rooms', {
    token: tokenA,
    body: { game_id: 'number-rush', bet_amount: 1, is_private: false, max_players: 2 },
  });
  await api(baseUrl, `/rooms/${room.id}/join`, { token: tokenB, body: {} });
  const players = [await connect(baseUrl, tokenA), await connect(baseUrl, tokenB)];
  for (const socket of players) {
    const joined = await ack(socket, 'room:join', { room_id: room.id });
    if (!joined?.ok) throw new Error(`player room:join refused: ${JSON.stringify(joined)}`);
  }
  return { id: room.id, players, broadcasts: 0 };
}

function startWorker(data) {
  const worker = new Worker(new URL(import.meta.url), { workerData: data });
  const messages = [];
  const waiters = [];
  worker.on('message', (message) => {
    if (message.type === 'error') throw new Error(`spectator worker: ${message.message}`);
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else messages.push(message);
  });
  worker.on('error', (error) => {
    throw error;
  });
  const next = () => new Promise((resolve) => (messages.length ? resolve(messages.shift()) : waiters.push(resolve)));
  return { worker, next };
}

async function runPhase(stack, numberRush, tally) {
  const { baseUrls, pids } = stack;
  const rooms = [];
  for (let i = 0; i < roomCount; i++) rooms.push(await openRoom(baseUrls[i % baseUrls.length], i));
  const roomIds = rooms.map((room) => room.id);
  const workers = Array.from({ length: WORKERS }, (_, index) =>
    startWorker({
      baseUrl: baseUrls[index % baseUrls.length],
      count: Math.floor(spectatorCount / WORKERS) + (index < spectatorCount % WORKERS ? 1 : 0),
      roomIds,
    }),
  );
  for (const { next } of workers) {
    const message = await next();
    if (message.type !== 'ready') throw new Error(`unexpected worker message ${message.type}`);
  }

  const startedAt = {};
  const finished = [];
  for (const room of rooms) {
    const [playerA] = room.players;
    playerA.on('match:scores', () => room.broadcasts++);
    // Both players answer like people; every answer marks the scores dirty (right or wrong), so the broadcasts follow
    // the answers (at most one per 100 ms per room).
    for (const [seat, socket] of room.players.entries()) {
      finished.push(playLikeAPerson(socket, room.id, seat, numberRush, tally).then(() => Date.now()));
    }
    const started = new Promise((resolve) => playerA.once('match:started', resolve));
    room.started = started.then((event) => (startedAt[room.id] = event.started_at));
  }
  const cpuBefore = pids.map(cpuMs);
  const clientCpuBefore = process.cpuUsage();
  await Promise.all(
    rooms.flatMap((room) => room.players.map((socket) => ack(socket, 'match:ready', { room_id: room.id }))),
  );
  await Promise.all(rooms.map((room) => room.started));
  const finishedAt = Math.max(...(await Promise.all(finished)));
  const cpuAfter = pids.map(cpuMs);
  const clientCpu = process.cpuUsage(clientCpuBefore);
  for (const room of rooms) for (const socket of room.players) socket.close();

  // Late deliveries still arrive (nothing is dropped): give them a moment, then the window ends at the last one.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const latencies = [];
  let lastArrivalAt = finishedAt;
  for (const { worker, next } of workers) {
    worker.postMessage({ type: 'stop', startedAt });
    const message = await next();
    for (const latency of message.latencies) latencies.push(latency);
    lastArrivalAt = Math.max(lastArrivalAt, message.lastArrivalAt);
    await worker.terminate();
  }
  latencies.sort((x, y) => x - y);
  const windowMs = lastArrivalAt - Math.min(...Object.values(startedAt));
  const expected = rooms.reduce((sum, room) => sum + room.broadcasts, 0) * spectatorCount;
  return {
    instances: baseUrls.length,
    latencies,
    expected,
    windowMs,
    serverCpuMs: cpuAfter.map((after, index) => after - cpuBefore[index]),
    clientCpuMs: (clientCpu.user + clientCpu.system) / 1000,
  };
}

/** One phase's runs (or one run) pooled: latency percentiles over every delivery, throughput over the total time. */
function summarize(results) {
  const latencies = results.flatMap((result) => result.latencies).sort((x, y) => x - y);
  const windowMs = results.reduce((sum, result) => sum + result.windowMs, 0);
  const expected = results.reduce((sum, result) => sum + result.expected, 0);
  const seconds = (values) => values.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(' + ');
  return {
    instances: results[0].instances,
    deliveries: latencies.length,
    expected,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    perSecond: latencies.length / (windowMs / 1000),
    windowMs,
    serverCpu: seconds(results[0].serverCpuMs.map((_, i) => results.reduce((sum, r) => sum + r.serverCpuMs[i], 0))),
    clientCpu: seconds([results.reduce((sum, result) => sum + result.clientCpuMs, 0)]),
  };
}

function describe(summary) {
  return (
    `${summary.instances} instance(s): ${summary.deliveries} deliveries of ${summary.expected} expected ` +
    `(${((100 * summary.deliveries) / summary.expected).toFixed(1)} %), p50 ${summary.p50} ms, p99 ${summary.p99} ms, ` +
    `${Math.round(summary.perSecond)} msg/s over ${(summary.windowMs / 1000).toFixed(1)} s; ` +
    `CPU: server ${summary.serverCpu}, clients ${summary.clientCpu}`
  );
}

async function startRedis() {
  let path;
  try {
    path = execFileSync('which', ['redis-server']).toString().trim();
  } catch {
    throw new Error('bench:scale needs `redis-server` (apt-get install redis-server)');
  }
  const port = await findFreePort();
  const redis = spawn(path, ['--port', String(port), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  await new Promise((resolve, reject) => {
    let output = '';
    redis.stdout.on('data', (chunk) => {
      output += chunk;
      if (/ready to accept connections/i.test(output)) {
        redis.stdout.removeAllListeners('data');
        redis.stdout.resume();
        resolve();
      }
    });
    redis.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    pid: redis.pid,
    stop: () => new Promise((resolve) => (redis.once('exit', resolve), redis.kill('SIGTERM'))),
  };
}

async function main() {
  if (roomCount < 1 || roomCount > 5) throw new Error('BENCH_ROOMS: 1 to 5 (rooms per socket)');
  const numberRush = await loadNumberRush();
  if (process.env.BENCH_SKIP_BUILD !== '1') buildOnce();
  const env = { MATCH_TIME_LIMIT_OVERRIDE_MS: String(matchMs), MATCH_COUNTDOWN_MS: '500', LOG_LEVEL: 'warn' };
  // One Redis per setup: the adapter's pub/sub channels are global, the idle setup must not receive the other's traffic.
  const redises = [await startRedis(), await startRedis()];
  const stacks = [];
  try {
    // Both setups boot once and stay up; their runs alternate (1, 2, 1, 2, …) so drift on a shared machine hits both.
    stacks.push(
      ...(await Promise.all(
        [1, 2].map((instances, i) => startStack({ env: { ...env, REDIS_URL: redises[i].url }, instances })),
      )),
    );
    console.log(
      `bench:scale — ${today()}, ${spectatorCount} spectators each watching ${roomCount} number-rush matches of ` +
        `${matchMs} ms (players answering at a person's pace, scores ≤ 10/s per room), clients in ${WORKERS} worker ` +
        `threads, ${rounds} alternating round(s)`,
    );
    const results = [[], []];
    const tallies = [newTally(), newTally()];
    for (let round = 1; round <= rounds; round++) {
      for (const [i, stack] of stacks.entries()) {
        const redisCpuBefore = cpuMs(redises[i].pid);
        const result = await runPhase(stack, numberRush, tallies[i]);
        results[i].push(result);
        console.log(
          `  round ${round}: ${describe(summarize([result]))}; redis ${((cpuMs(redises[i].pid) - redisCpuBefore) / 1000).toFixed(1)} s`,
        );
      }
    }
    for (const [i, tally] of tallies.entries()) console.log(`players, ${i + 1} instance(s): ${describeTally(tally)}`);
    const [one, two] = results.map(summarize);
    console.log(`all rounds: ${describe(one)}`);
    console.log(`all rounds: ${describe(two)}`);
    console.log(
      `throughput ratio 2 instances / 1 instance: ${(two.perSecond / one.perSecond).toFixed(2)} ` +
        `(p50 ${one.p50} → ${two.p50} ms, p99 ${one.p99} → ${two.p99} ms)`,
    );
    // No goal in this round of work: printed so a regression shows in bench:all's table.
    reportResult({
      bench: 'scale',
      measure: 'fan-out throughput, 2 instances ÷ 1 instance',
      value: two.perSecond / one.perSecond,
      goal: '—',
      met: null,
    });
  } finally {
    await Promise.all(stacks.map((stack) => stack.stop()));
    await Promise.all(redises.map((redis) => redis.stop()));
  }
}

if (isMainThread) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
