#!/usr/bin/env node
// npm run bench:http — GET /api/games/ on the production server vs. a bare Fastify server returning the
// same JSON, measured alternately in one run (shared machines are noisy: only the ratio means something).
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { findFreePort } from '../postgres/embedded.mjs';
import { buildOnce, mean, startStack, today } from './server.mjs';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

function run(url) {
  return new Promise((resolveRun, reject) => {
    autocannon({ url, connections, duration: durationSeconds, pipelining: 1 }, (error, result) =>
      error ? reject(error) : resolveRun(result),
    );
  });
}

async function main() {
  buildOnce();
  const stack = await startStack();
  const apiUrl = `${stack.baseUrls[0]}/api/games/`;
  try {
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
    const ratio = mean(ours) / mean(baseline);
    console.log(
      `\nGET /api/games/ — ${today()}, ${connections} connections, ${rounds}×${durationSeconds}s alternating`,
    );
    console.log(
      `skillduel: ${mean(ours).toFixed(0)} req/s   bare fastify: ${mean(baseline).toFixed(0)} req/s   ratio: ${ratio.toFixed(2)} (goal ≥ 0.80)`,
    );
  } finally {
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
