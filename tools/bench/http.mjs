#!/usr/bin/env node
// npm run bench:http — GET /api/games/ on the production server vs. a bare Fastify server returning the
// same JSON, measured alternately in one run (shared machines are noisy: only the ratio means something).
// The bare server runs in its own process, as the server under test does: served from this process it would share
// an event loop (and a core) with autocannon, which slows the baseline and flatters the ratio.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '../postgres/embedded.mjs';
import { buildOnce, loadAverage, mean, reportResult, startStack, today } from './server.mjs';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const GOAL_RATIO = 0.85;

function run(url) {
  return new Promise((resolveRun, reject) => {
    autocannon({ url, connections, duration: durationSeconds, pipelining: 1 }, (error, result) =>
      error ? reject(error) : resolveRun(result),
    );
  });
}

/** Starts the bare server in a child process answering `body`; resolves once it listens. */
async function startBare(body) {
  const port = await findFreePort();
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--bare-server', String(port)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin.end(body);
  await new Promise((resolveReady, reject) => {
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('ready')) resolveReady();
    });
  });
  return {
    url: `http://127.0.0.1:${port}/api/games/`,
    stop: () => new Promise((r) => (child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGTERM')))),
  };
}

async function main() {
  console.log(`bench:http — load average ${loadAverage()} at start`);
  buildOnce();
  const stack = await startStack();
  const apiUrl = `${stack.baseUrls[0]}/api/games/`;
  let bare;
  try {
    const body = await (await fetch(apiUrl)).text();
    bare = await startBare(body);

    await run(apiUrl); // warm-up
    await run(bare.url);
    const ours = [];
    const baseline = [];
    for (let round = 0; round < rounds; round++) {
      ours.push((await run(apiUrl)).requests.average);
      baseline.push((await run(bare.url)).requests.average);
      console.log(
        `round ${round + 1}: skillduel ${ours.at(-1).toFixed(0)} req/s, bare fastify ${baseline.at(-1).toFixed(0)} req/s`,
      );
    }
    const ratio = mean(ours) / mean(baseline);
    console.log(
      `\nGET /api/games/ — ${today()}, ${connections} connections, ${rounds}×${durationSeconds}s alternating, bare server in its own process`,
    );
    console.log(
      `skillduel: ${mean(ours).toFixed(0)} req/s   bare fastify: ${mean(baseline).toFixed(0)} req/s   ratio: ${ratio.toFixed(2)} (goal ≥ ${GOAL_RATIO})`,
    );
    reportResult({
      bench: 'http',
      measure: 'GET /api/games/ ÷ bare Fastify (own process)',
      value: ratio,
      goal: `≥ ${GOAL_RATIO}`,
      met: ratio >= GOAL_RATIO,
    });
  } finally {
    await bare?.stop();
    await stack.stop();
  }
}

// The bare baseline: reads the body to serve from stdin, listens, says "ready".
if (process.argv[2] === '--bare-server') {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const body = Buffer.concat(chunks).toString('utf8');
  const bare = Fastify({ logger: false });
  bare.get('/api/games/', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  await bare.listen({ port: Number(process.argv[3]), host: '127.0.0.1' });
  console.log('ready');
} else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
