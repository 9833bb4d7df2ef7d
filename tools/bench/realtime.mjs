#!/usr/bin/env node
// npm run bench:realtime — one live number-rush match watched by N guest spectators over websockets (socket.io-client;
// BENCH_CLIENT=lean for a lean wire-level client, see leanSpectator). Reports how late the live `match:scores`
// broadcasts arrive (receive time − server emit time, p50/p99) and the server's RSS per 1000 sockets. The spectators
// run in BENCH_WORKERS worker threads (default 1) of this process, on the same 2-core machine as the server, so the
// clients' own event loops add to the measured latency: treat the figures as an upper bound.
import { createRequire } from 'node:module';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { ack, answerOf, api, connect, fundedPlayer } from './clients.mjs';
import { buildOnce, percentile, rssBytes, startStack, today } from './server.mjs';

const spectatorCounts = (process.env.BENCH_SPECTATORS ?? '500,2000,5000').split(',').map(Number);
const matchMs = Number(process.env.BENCH_MATCH_MS ?? 8000);
/** BENCH_CLIENT=lean measures with the lean wire-level client instead of socket.io-client. */
const lean = process.env.BENCH_CLIENT === 'lean';
const workerCount = Number(process.env.BENCH_WORKERS ?? 1);

// The `ws` client that socket.io-client itself uses (resolved from engine.io-client, so no extra dependency).
const require = createRequire(import.meta.url);
const WebSocket = createRequire(require.resolve('engine.io-client'))('ws');

/**
 * A guest spectator speaking the Engine.IO v4 / Socket.IO v5 wire protocol directly over one websocket: open, join the
 * default namespace, `room:join` with an ack, answer pings, and hand every `match:scores` payload to `onScores`.
 * A socket.io-client instance costs the client ~25 µs per delivered message, so 2 000 of them need up to ~50 ms of
 * one thread to work through one broadcast — the client's lag, not the server's. This client does the same on the
 * wire for a fraction of that (still an upper bound: same machine).
 */
function leanSpectator(baseUrl, roomId, onScores) {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
  return new Promise((resolve, reject) => {
    socket.on('error', reject);
    socket.on('message', (data) => {
      const text = data.toString();
      if (text === '2') socket.send('3');
      else if (text.startsWith('0')) socket.send('40');
      else if (text.startsWith('40')) socket.send(`420${JSON.stringify(['room:join', { room_id: roomId }])}`);
      else if (text.startsWith('430')) {
        const [answer] = JSON.parse(text.slice(3));
        if (answer?.ok) resolve(socket);
        else reject(new Error(`room:join refused: ${text}`));
      } else if (text.startsWith('42["match:scores"')) onScores(JSON.parse(text.slice(2))[1]);
    });
  });
}

/**
 * A spectator thread: connects its share of the spectators to the room, then records `arrival − at_ms` of every live
 * `match:scores` (the last one comes with the result, after settlement, stamped with the match's end: not a live
 * update, its "lateness" would be the settlement's duration) until the main thread says stop and gives the start.
 */
async function spectatorThread({ baseUrl, roomId, count, useLean }) {
  const arrivals = [];
  const onScores = (payload) => {
    if (payload.time_left_ms > 0) arrivals.push(Date.now() - payload.at_ms);
  };
  const spectators = [];
  for (let i = 0; i < count; i += 250) {
    const size = Math.min(250, count - i);
    if (useLean) {
      spectators.push(
        ...(await Promise.all(Array.from({ length: size }, () => leanSpectator(baseUrl, roomId, onScores)))),
      );
      continue;
    }
    const batch = await Promise.all(Array.from({ length: size }, () => connect(baseUrl)));
    await Promise.all(batch.map((socket) => ack(socket, 'room:join', { room_id: roomId })));
    for (const socket of batch) socket.on('match:scores', onScores);
    spectators.push(...batch);
  }
  parentPort.postMessage({ type: 'ready' });
  parentPort.once('message', ({ startedAt }) => {
    for (const socket of spectators) socket.close();
    parentPort.postMessage({ type: 'done', latencies: arrivals.map((value) => value - startedAt) });
  });
}

function startThread(data) {
  const worker = new Worker(new URL(import.meta.url), { workerData: data });
  const inbox = [];
  const waiting = [];
  worker.on('message', (message) => (waiting.length ? waiting.shift().resolve(message) : inbox.push(message)));
  worker.on('error', (error) => waiting.splice(0).forEach((entry) => entry.reject(error)));
  const next = () =>
    new Promise((resolve, reject) => (inbox.length ? resolve(inbox.shift()) : waiting.push({ resolve, reject })));
  return { worker, next };
}

async function runOnce(stack, spectatorCount) {
  const baseUrl = stack.baseUrls[0];
  const [tokenA, tokenB] = [await fundedPlayer(baseUrl, 'a'), await fundedPlayer(baseUrl, 'b')];
  const room = await api(baseUrl, '/rooms', {
    token: tokenA,
    body: { game_id: 'number-rush', bet_amount: 1, is_private: false, max_players: 2 },
  });
  await api(baseUrl, `/rooms/${room.id}/join`, { token: tokenB, body: {} });
  const sockets = [await connect(baseUrl, tokenA), await connect(baseUrl, tokenB)];
  for (const socket of sockets) await ack(socket, 'room:join', { room_id: room.id });

  const rssBefore = rssBytes(stack.pids[0]);
  const threads = Array.from({ length: workerCount }, (_, index) =>
    startThread({
      baseUrl,
      roomId: room.id,
      count: Math.floor(spectatorCount / workerCount) + (index < spectatorCount % workerCount ? 1 : 0),
      useLean: lean,
    }),
  );
  for (const thread of threads) {
    const message = await thread.next();
    if (message.type !== 'ready') throw new Error(`spectator thread: ${JSON.stringify(message)}`);
  }
  const rssAfterConnect = rssBytes(stack.pids[0]);

  const [playerA] = sockets;
  let question = null;
  playerA.on('match:view', (payload) => {
    question = payload.view?.game?.question ?? question;
  });
  const started = new Promise((resolve) => playerA.once('match:started', resolve));
  const finished = new Promise((resolve) => playerA.once('match:finished', resolve));
  await Promise.all(sockets.map((socket) => ack(socket, 'match:ready', { room_id: room.id })));
  const startedAt = (await started).started_at;

  const answering = setInterval(() => {
    if (question)
      void ack(playerA, 'match:input', { room_id: room.id, input: { type: 'answer', value: answerOf(question) } });
  }, 150);
  await finished;
  clearInterval(answering);
  for (const socket of sockets) socket.close();
  const latencies = [];
  for (const thread of threads) {
    thread.worker.postMessage({ startedAt });
    for (const latency of (await thread.next()).latencies) latencies.push(latency);
    await thread.worker.terminate();
  }

  latencies.sort((x, y) => x - y);
  return {
    spectators: spectatorCount,
    deliveries: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    // What the spectators' sockets added to the server, scaled to 1000 sockets.
    rssPer1000Mb: (rssAfterConnect - rssBefore) / 1024 / 1024 / (spectatorCount / 1000),
    rssMb: rssAfterConnect / 1024 / 1024,
  };
}

async function main() {
  buildOnce();
  const stack = await startStack({
    env: { MATCH_TIME_LIMIT_OVERRIDE_MS: String(matchMs), MATCH_COUNTDOWN_MS: '500', LOG_LEVEL: 'warn' },
  });
  try {
    console.log(
      `bench:realtime — ${today()}, number-rush match of ${matchMs} ms, score updates as they happen (≤ 10/s), ` +
        `${lean ? 'lean wire-level' : 'socket.io-client'} spectators in ${workerCount} threads`,
    );
    for (const count of spectatorCounts) {
      const result = await runOnce(stack, count);
      console.log(
        `${String(result.spectators).padStart(5)} spectators: ${result.deliveries} deliveries, p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
          `server RSS ${result.rssMb.toFixed(0)} MB (${result.rssPer1000Mb.toFixed(1)} MB per 1000 sockets)`,
      );
    }
  } finally {
    await stack.stop();
  }
}

if (isMainThread) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  spectatorThread(workerData).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
