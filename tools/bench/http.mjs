#!/usr/bin/env node
// npm run bench:http — GET /api/games/ on the production server vs. a bare Fastify server returning the
// same JSON, measured alternately in one run (shared machines are noisy: only the ratio means something).
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '../postgres/embedded.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function waitFor(url, timeoutMs = 180_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer in time`);
}

function run(url) {
  return new Promise((resolveRun, reject) => {
    autocannon({ url, connections, duration: durationSeconds, pipelining: 1 }, (error, result) =>
      error ? reject(error) : resolveRun(result),
    );
  });
}

async function main() {
  const build = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '-p', 'api,web', '--outputStyle=static'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (build.status !== 0) throw new Error('build failed');

  const dataDir = mkdtempSync(join(tmpdir(), 'skillduel-bench-'));
  const apiPort = await findFreePort();
  const server = spawn(process.execPath, [join(root, 'tools/start.mjs'), '--no-build'], {
    cwd: root,
    env: { ...process.env, PORT: String(apiPort), DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '100000000' },
    stdio: 'ignore',
  });
  const apiUrl = `http://127.0.0.1:${apiPort}/api/games/`;
  try {
    await waitFor(apiUrl);
    const body = await (await fetch(apiUrl)).text();
    const bare = Fastify({ logger: false });
    bare.get('/api/games/', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
    const barePort = await findFreePort();
    await bare.listen({ port: barePort, host: '127.0.0.1' });
    const bareUrl = `http://127.0.0.1:${barePort}/api/games/`;

    await run(apiUrl); // warm-up
    await run(bareUrl);
    const ours = [];
    const baseline = [];
    for (let round = 0; round < rounds; round++) {
      ours.push((await run(apiUrl)).requests.average);
      baseline.push((await run(bareUrl)).requests.average);
      console.log(
        `round ${round + 1}: skillduel ${ours.at(-1).toFixed(0)} req/s, bare fastify ${baseline.at(-1).toFixed(0)} req/s`,
      );
    }
    await bare.close();
    const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
    const ratio = mean(ours) / mean(baseline);
    console.log(
      `\nGET /api/games/ — ${new Date().toISOString().slice(0, 10)}, ${connections} connections, ${rounds}×${durationSeconds}s alternating`,
    );
    console.log(
      `skillduel: ${mean(ours).toFixed(0)} req/s   bare fastify: ${mean(baseline).toFixed(0)} req/s   ratio: ${ratio.toFixed(2)} (goal ≥ 0.80)`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
