#!/usr/bin/env node
// npm run bench:realtime — BENCH_ROOMS (default 5) live number-rush matches at once, each watched by the same N guest
// spectators over websockets (socket.io-client; BENCH_CLIENT=lean for a lean wire-level client, see leanSpectator).
// Reports how late the live `match:scores` broadcasts arrive (receive time − server emit time, p50/p99) and the
// server's RSS per 1000 sockets, next to the same figures for a bare Socket.IO server (bare-socketio.mjs) broadcasting
// the same payload on the same schedule (room and time of every SkillDuel broadcast) to as many spectators in the same
// run: the baseline on this machine.
// Pacing (since 2026-11-25): both players of every room answer like people (pacing.mjs: the engine's floor for the
// question plus a random thinking time, ~1.5 s per answer, 9 in 10 right), because the human floors of decision 1801
// count faster answers as wrong and the fair-play signals of 1802 hold such wins. One player answering every 150 ms
// used to give ~6.7 broadcasts/s per spectator; now 5 rooms × 2 players give about the same, so the fan-out load is
// comparable. Refused inputs and held results are counted and printed (both should be 0). The spectators run in BENCH_CLIENT_PROCESSES
// processes (default 2) at CPU priority nice BENCH_CLIENT_NICE (default 10), on the same 2-core machine as the server:
// 2 000 socket.io-clients need about twice the CPU per broadcast that the server does, so at equal priority they
// time-slice the server's fan-out. Their own event loops still add to the figures: treat them as an upper bound.
import { fork, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { ack, api, connect, fundedPlayer } from './clients.mjs';
import { loadNumberRush } from '../number-rush.mjs';
import { describeTally, newTally, playLikeAPerson } from './pacing.mjs';
import { buildOnce, loadAverage, percentile, reportResult, rssBytes, startStack, today } from './server.mjs';

const spectatorCounts = (process.env.BENCH_SPECTATORS ?? '500,2000,5000').split(',').map(Number);
const matchMs = Number(process.env.BENCH_MATCH_MS ?? 8000);
/** BENCH_CLIENT=lean measures with the lean wire-level client instead of socket.io-client. */
const lean = process.env.BENCH_CLIENT === 'lean';
const clientProcesses = Number(process.env.BENCH_CLIENT_PROCESSES ?? 2);
const clientNice = Number(process.env.BENCH_CLIENT_NICE ?? 10);
/** Matches at once, every spectator watching all (at most 5 rooms per socket, REALTIME_LIMITS.maxRoomsPerSocket). */
const roomCount = Number(process.env.BENCH_ROOMS ?? 5);
const BARE_ROOM_PREFIX = 'room-bare-baseline';

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
function leanSpectator(baseUrl, roomIds, onScores) {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
  let joined = 0;
  return new Promise((resolve, reject) => {
    socket.on('error', reject);
    socket.on('message', (data) => {
      const text = data.toString();
      const ackOf = /^43(\d+)/.exec(text);
      if (text === '2') socket.send('3');
      else if (text.startsWith('0')) socket.send('40');
      else if (text.startsWith('40'))
        roomIds.forEach((roomId, id) => socket.send(`42${id}${JSON.stringify(['room:join', { room_id: roomId }])}`));
      else if (ackOf) {
        const [answer] = JSON.parse(text.slice(ackOf[0].length));
        if (!answer?.ok) reject(new Error(`room:join refused: ${text}`));
        else if (++joined === roomIds.length) resolve(socket);
      } else if (text.startsWith('42["match:scores"')) onScores(JSON.parse(text.slice(2))[1]);
    });
  });
}

/**
 * A spectator process: connects its share of the spectators to the rooms, then records `arrival − at_ms` of every live
 * `match:scores` (the last one comes with the result, after settlement, stamped with the match's end: not a live
 * update, its "lateness" would be the settlement's duration) until the parent says stop and gives each room's start.
 */
async function spectatorProcess({ baseUrl, roomIds, count, useLean }) {
  const arrivals = new Map(roomIds.map((id) => [id, []]));
  const onScores = (payload) => {
    if (payload.time_left_ms > 0) arrivals.get(payload.room_id)?.push(Date.now() - payload.at_ms);
  };
  const spectators = [];
  for (let i = 0; i < count; i += 250) {
    const size = Math.min(250, count - i);
    if (useLean) {
      spectators.push(
        ...(await Promise.all(Array.from({ length: size }, () => leanSpectator(baseUrl, roomIds, onScores)))),
      );
      continue;
    }
    const batch = await Promise.all(Array.from({ length: size }, () => connect(baseUrl)));
    await Promise.all(
      batch.map(async (socket) => {
        for (const roomId of roomIds) {
          const joined = await ack(socket, 'room:join', { room_id: roomId });
          if (!joined?.ok) throw new Error(`room:join refused: ${JSON.stringify(joined)}`);
        }
      }),
    );
    for (const socket of batch) socket.on('match:scores', onScores);
    spectators.push(...batch);
  }
  process.send({ type: 'ready' });
  process.once('message', ({ startedAt }) => {
    for (const socket of spectators) socket.close();
    const latencies = [...arrivals].flatMap(([roomId, values]) => values.map((value) => value - startedAt[roomId]));
    process.send({ type: 'done', latencies }, () => process.exit(0));
  });
}

/** The IPC messages of a child process, one per call in arrival order; rejects if it exits with an error. */
function messagesOf(child, name) {
  const inbox = [];
  const waiting = [];
  child.on('message', (message) => (waiting.length ? waiting.shift().resolve(message) : inbox.push(message)));
  child.on('exit', (code) => {
    if (code) waiting.splice(0).forEach((entry) => entry.reject(new Error(`${name} exited with ${code}`)));
  });
  return () =>
    new Promise((resolve, reject) => (inbox.length ? resolve(inbox.shift()) : waiting.push({ resolve, reject })));
}

/**
 * Starts a spectator process at a lower CPU priority (nice), so that on this shared machine the clients' work, which
 * is larger than the server's (below), does not time-slice the server's fan-out: the closest we get here to spectators
 * on their own devices.
 */
function startSpectatorProcess(data) {
  const child = spawn('nice', ['-n', String(clientNice), process.execPath, fileURLToPath(import.meta.url)], {
    env: { ...process.env, BENCH_SPECTATOR_PROCESS: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = messagesOf(child, 'spectator process');
  child.send(data);
  return { child, next };
}

/** Connects `spectatorCount` spectators to the rooms in BENCH_CLIENT_PROCESSES processes; resolves once all are in. */
async function connectSpectators(baseUrl, roomIds, spectatorCount) {
  const clients = Array.from({ length: clientProcesses }, (_, index) =>
    startSpectatorProcess({
      baseUrl,
      roomIds,
      count: Math.floor(spectatorCount / clientProcesses) + (index < spectatorCount % clientProcesses ? 1 : 0),
      useLean: lean,
    }),
  );
  for (const client of clients) {
    const message = await client.next();
    if (message.type !== 'ready') throw new Error(`spectator process: ${JSON.stringify(message)}`);
  }
  return clients;
}

/** Stops the spectator processes and returns every recorded latency, sorted, with p50/p99 (`startedAt` per room). */
async function collectLatencies(clients, startedAt) {
  const latencies = [];
  for (const client of clients) {
    client.child.send({ startedAt });
    for (const latency of (await client.next()).latencies) latencies.push(latency);
  }
  latencies.sort((x, y) => x - y);
  return { deliveries: latencies.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** A $1 number-rush room with two funded players, both joined over their sockets. */
async function openRoom(baseUrl, index) {
  const [tokenA, tokenB] = [await fundedPlayer(baseUrl, `a${index}`), await fundedPlayer(baseUrl, `b${index}`)];
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
  return { id: room.id, players };
}

/**
 * SkillDuel: BENCH_ROOMS rooms, both players of each answering at a person's pace (pacing.mjs). Returns the latencies,
 * RSS and the broadcast schedule (room index, ms after the first start) for the bare baseline.
 */
async function runSkillDuel(stack, spectatorCount, idleRssBytes, numberRush, tally) {
  const baseUrl = stack.baseUrls[0];
  const rooms = [];
  for (let i = 0; i < roomCount; i++) rooms.push(await openRoom(baseUrl, i));
  const clients = await connectSpectators(
    baseUrl,
    rooms.map((room) => room.id),
    spectatorCount,
  );
  const rssAfterConnect = rssBytes(stack.pids[0]);

  const startedAt = {};
  const broadcasts = [];
  const finished = [];
  for (const [index, room] of rooms.entries()) {
    for (const [seat, socket] of room.players.entries())
      finished.push(playLikeAPerson(socket, room.id, seat, numberRush, tally));
    const [playerA] = room.players;
    // Every live broadcast of the room, as the server stamped it: the bare server replays this schedule.
    playerA.on('match:scores', (payload) => {
      if (payload.time_left_ms > 0) broadcasts.push({ room: index, at: payload.at_ms, roomId: room.id });
    });
    playerA.once('match:started', (event) => (startedAt[room.id] = event.started_at));
  }
  await Promise.all(
    rooms.flatMap((room) => room.players.map((socket) => ack(socket, 'match:ready', { room_id: room.id }))),
  );
  await Promise.all(finished);
  for (const room of rooms) for (const socket of room.players) socket.close();
  const firstStart = Math.min(...Object.values(startedAt));
  const schedule = broadcasts
    .map(({ room, at, roomId }) => ({ room, atMs: startedAt[roomId] + at - firstStart }))
    .sort((x, y) => x.atMs - y.atMs);
  return {
    ...(await collectLatencies(clients, startedAt)),
    broadcasts: schedule.length,
    schedule,
    // The server's RSS above what it used idle, scaled to 1000 sockets. Measuring from just before this run's sockets
    // connect would under-count: a heap grown by an earlier run is reused before RSS grows again.
    rssPer1000Mb: (rssAfterConnect - idleRssBytes) / 1024 / 1024 / (spectatorCount / 1000),
    rssMb: rssAfterConnect / 1024 / 1024,
  };
}

/**
 * The baseline: the bare Socket.IO server of bare-socketio.mjs, started once like SkillDuel's, broadcasting the same
 * payload on SkillDuel's schedule of the same run to as many spectators, in as many rooms.
 */
async function startBareServer() {
  const server = fork(new URL('./bare-socketio.mjs', import.meta.url), [BARE_ROOM_PREFIX], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const next = messagesOf(server, 'bare Socket.IO server');
  const { port } = await next();
  return {
    async run(spectatorCount, schedule) {
      const roomIds = Array.from({ length: roomCount }, (_, index) => `${BARE_ROOM_PREFIX}-${index}`);
      const clients = await connectSpectators(`http://127.0.0.1:${port}`, roomIds, spectatorCount);
      server.send({ type: 'play', matchMs, schedule });
      const { startedAt } = await next();
      await next(); // finished
      return collectLatencies(clients, Object.fromEntries(roomIds.map((roomId) => [roomId, startedAt])));
    },
    stop: () => server.kill(),
  };
}

async function main() {
  if (roomCount < 1 || roomCount > 5) throw new Error('BENCH_ROOMS: 1 to 5 (rooms per socket)');
  const numberRush = await loadNumberRush();
  buildOnce();
  const stack = await startStack({
    env: { MATCH_TIME_LIMIT_OVERRIDE_MS: String(matchMs), MATCH_COUNTDOWN_MS: '500', LOG_LEVEL: 'warn' },
  });
  const bare = await startBareServer();
  const idleRssBytes = rssBytes(stack.pids[0]);
  try {
    console.log(
      `bench:realtime — ${today()}, ${roomCount} number-rush matches of ${matchMs} ms at once, players answering ` +
        `at a person's pace, score updates as they happen (≤ 10/s per room), ` +
        `${lean ? 'lean wire-level' : 'socket.io-client'} spectators in ${clientProcesses} processes (nice ${clientNice})`,
    );
    for (const count of spectatorCounts) {
      console.log(`${count} spectators — load average ${loadAverage()} at start`);
      const tally = newTally();
      const ours = await runSkillDuel(stack, count, idleRssBytes, numberRush, tally);
      const baseline = await bare.run(count, ours.schedule);
      console.log(
        `${String(count).padStart(5)} spectators: SkillDuel ${ours.broadcasts} live broadcasts ` +
          `(${((ours.broadcasts * 1000) / matchMs).toFixed(1)}/s per spectator), ${ours.deliveries} deliveries, p50 ${ours.p50} ms, ` +
          `p99 ${ours.p99} ms, server RSS ${ours.rssMb.toFixed(0)} MB (${ours.rssPer1000Mb.toFixed(1)} MB per 1000 ` +
          `sockets above idle) | bare Socket.IO ${baseline.deliveries} deliveries, p50 ${baseline.p50} ms, p99 ${baseline.p99} ms | ` +
          `p99 SkillDuel/bare ${(ours.p99 / baseline.p99).toFixed(2)}`,
      );
      console.log(`       players: ${describeTally(tally)}`);
      const p99Ratio = ours.p99 / baseline.p99;
      reportResult({
        bench: 'realtime',
        measure: `spectator p99 ÷ bare Socket.IO, ${count} spectators`,
        value: p99Ratio,
        goal: '≤ 1.0',
        met: p99Ratio <= 1,
      });
    }
  } finally {
    bare.stop();
    await stack.stop();
  }
}

if (process.env.BENCH_SPECTATOR_PROCESS) {
  process.once('disconnect', () => process.exit(0)); // the benchmark is gone
  process.once('message', (data) =>
    spectatorProcess(data).catch((error) => {
      console.error(error);
      process.exit(1);
    }),
  );
} else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
