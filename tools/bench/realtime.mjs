#!/usr/bin/env node
// npm run bench:realtime — one live number-rush match watched by N guest spectators (socket.io-client, websocket
// transport). Reports how late `match:scores` broadcasts arrive (receive time − server emit time, p50/p99) and the
// server's RSS per 1000 sockets. Players and spectators run in this process, so at high N the client's own event loop
// adds to the measured latency: treat the figures as an upper bound.
import { randomUUID } from 'node:crypto';
import { io } from 'socket.io-client';
import { buildOnce, percentile, rssBytes, startStack, today } from './server.mjs';

const spectatorCounts = (process.env.BENCH_SPECTATORS ?? '500,2000,5000').split(',').map(Number);
const matchMs = Number(process.env.BENCH_MATCH_MS ?? 8000);

async function api(baseUrl, path, { token, body, method = body ? 'POST' : 'GET' } = {}) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function player(baseUrl, name) {
  const suffix = `${name}${randomUUID().slice(0, 8)}`;
  const auth = await api(baseUrl, '/auth/register', {
    body: {
      username: suffix,
      email: `${suffix}@example.com`,
      password: 'bench-password-1',
      confirmPassword: 'bench-password-1',
    },
  });
  await api(baseUrl, '/transactions/deposit', {
    token: auth.access_token,
    body: { amount: 100, payment_method: 'card' },
  });
  return { token: auth.access_token };
}

function connect(baseUrl, token) {
  const socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const ack = (socket, event, payload) => new Promise((resolve) => socket.emit(event, payload, resolve));

function answerOf(question) {
  const { left, operator, right } = question;
  if (operator === '+') return left + right;
  if (operator === '-') return left - right;
  if (operator === '*') return left * right;
  return left / right;
}

async function runOnce(stack, spectatorCount) {
  const baseUrl = stack.baseUrls[0];
  const [a, b] = [await player(baseUrl, 'a'), await player(baseUrl, 'b')];
  const room = await api(baseUrl, '/rooms', {
    token: a.token,
    body: { game_id: 'number-rush', bet_amount: 1, is_private: false, max_players: 2 },
  });
  await api(baseUrl, `/rooms/${room.id}/join`, { token: b.token, body: {} });
  const sockets = [await connect(baseUrl, a.token), await connect(baseUrl, b.token)];
  for (const socket of sockets) await ack(socket, 'room:join', { room_id: room.id });

  const rssBefore = rssBytes(stack.pids[0]);
  const spectators = [];
  for (let i = 0; i < spectatorCount; i += 250) {
    const batch = await Promise.all(Array.from({ length: Math.min(250, spectatorCount - i) }, () => connect(baseUrl)));
    await Promise.all(batch.map((socket) => ack(socket, 'room:join', { room_id: room.id })));
    spectators.push(...batch);
  }
  const rssAfterConnect = rssBytes(stack.pids[0]);

  let startedAt = 0;
  const latencies = [];
  for (const socket of spectators) {
    socket.on('match:scores', (payload) => {
      if (startedAt) latencies.push(Date.now() - (startedAt + payload.at_ms));
    });
  }
  const [playerA] = sockets;
  let question = null;
  playerA.on('match:view', (payload) => {
    question = payload.view?.game?.question ?? question;
  });
  const started = new Promise((resolve) => playerA.once('match:started', resolve));
  const finished = new Promise((resolve) => playerA.once('match:finished', resolve));
  await Promise.all(sockets.map((socket) => ack(socket, 'match:ready', { room_id: room.id })));
  startedAt = (await started).started_at;

  const answering = setInterval(() => {
    if (question)
      void ack(playerA, 'match:input', { room_id: room.id, input: { type: 'answer', value: answerOf(question) } });
  }, 150);
  await finished;
  clearInterval(answering);
  for (const socket of [...sockets, ...spectators]) socket.close();

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
      `bench:realtime — ${today()}, number-rush match of ${matchMs} ms, score updates as they happen (≤ 10/s)`,
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

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
