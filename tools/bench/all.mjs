#!/usr/bin/env node
// npm run bench:all — every benchmark in sequence on one build, then one table of their headline figures against the
// goals of the performance work (docs/perf.md). Not a test and not in CI: a run takes tens of minutes and its
// figures only mean something on a quiet machine, so the load average is printed before each benchmark and kept in
// the table. BENCH_ONLY=http,ledger runs a subset; BENCH_APPEND=1 appends the table, dated with the commit, to
// docs/perf.md. Every other BENCH_* variable reaches the benchmarks unchanged.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOnce, loadAverage, root, today } from './server.mjs';

/** In the order they run; each its own process, so none inherits another's heap or sockets. */
const BENCHMARKS = ['http', 'ledger', 'settlement', 'leaderboard', 'matchmaking', 'realtime', 'scale', 'web'];
const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
const selected = only ? BENCHMARKS.filter((name) => only.includes(name)) : BENCHMARKS;
/** Per-benchmark settings that make the run cover the goals (BENCH_* set by the caller win). */
const DEFAULTS = { matchmaking: { BENCH_PLAYERS: '1000', BENCH_APPEND: '0' } };

function runBenchmark(name) {
  return new Promise((resolveRun) => {
    const results = [];
    const child = spawn(process.execPath, [join(root, `tools/bench/${name}.mjs`)], {
      cwd: root,
      env: { ...DEFAULTS[name], ...process.env, BENCH_SKIP_BUILD: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let pending = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop();
      for (const line of lines) {
        if (line.startsWith('bench-result ')) results.push(JSON.parse(line.slice('bench-result '.length)));
      }
    });
    child.once('exit', (code) => resolveRun({ code, results }));
  });
}

// Three decimals, so a value just under its goal never prints as the goal itself.
const cell = (value) => (typeof value === 'number' ? value.toFixed(3) : String(value));
const verdict = (met) => (met === null ? '—' : met ? 'met' : 'NOT met');

async function main() {
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
  console.log(`bench:all — ${today()}, commit ${commit}; building once…`);
  buildOnce();
  const rows = [];
  let crashed = false;
  for (const name of selected) {
    console.log(`\n── bench:${name} — load average ${loadAverage()} before the run ──`);
    const { code, results } = await runBenchmark(name);
    if (code !== 0) crashed = true;
    if (results.length === 0) {
      rows.push({
        bench: name,
        measure: `no result (exit ${code})`,
        value: '—',
        goal: '—',
        met: false,
        loadAverage: '',
      });
    }
    for (const result of results)
      rows.push(code === 0 ? result : { ...result, measure: `${result.measure} (exit ${code})` });
  }
  const table = [
    `### bench:all, ${today()}, commit ${commit}`,
    '',
    '| Benchmark | Measure | Value | Goal | Verdict | Load average at the end (1/5/15 min) |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| ${row.bench} | ${row.measure} | ${cell(row.value)} | ${row.goal} | ${verdict(row.met)} | ${row.loadAverage} |`,
    ),
  ].join('\n');
  console.log(`\n${table}`);
  if (process.env.BENCH_APPEND === '1') appendFileSync(join(root, 'docs/perf.md'), `\n${table}\n`);
  // A goal not met is a finding shown in the table, not a failure; a benchmark that crashed is.
  if (crashed) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
