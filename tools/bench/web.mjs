#!/usr/bin/env node
// `npm run bench:web` (docs/decisions/1301): builds the app, reports the first-load JavaScript of three
// routes in gzip and brotli bytes (what the server sends: the build's .gz/.br copies), checks that server-only and
// deferred libraries stay out of the landing page's first load, checks the server's Content-Encoding, and runs
// Lighthouse (mobile: emulated phone, simulated slow 4G and 4× CPU slowdown) on the landing page against the
// production server on a throwaway database, with Debian's Chromium.
//
// BENCH_LIGHTHOUSE_RUNS (default 3; the median is the result), BENCH_SKIP_BUILD=1 (measure dist/ as it is),
// BENCH_DIST_DIR (another build's dist/, e.g. of an older commit, to measure a baseline), CHROME_PATH.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { buildOnce, reportResult, root, startStack, today } from './server.mjs';

const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const distDir = resolve(process.env.BENCH_DIST_DIR ?? join(root, 'dist'));
const webDist = join(distDir, 'apps/web');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const GOALS = { firstLoadGzipBytes: 150_000, performance: 0.9, lcpMs: 2500 };

/**
 * What each route needs before it can show itself: the entry (index.html's script) and its static imports, plus
 * the lazy chunks the route's screen waits for (manifest keys, i.e. source paths relative to apps/web).
 * Dashboard and game room are signed-in screens: the app layout and the app's translations load with them;
 * socket.io-client follows once the screen is up (it is listed apart, as "after first render").
 */
const ROUTES = {
  'landing /': { before: ['src/features/landing/LandingPage.tsx'], after: [] },
  'dashboard /dashboard': {
    before: ['src/app/layout/AppLayout.tsx', 'src/i18n/appSections.ts', 'src/features/dashboard/DashboardPage.tsx'],
    after: ['src/app/realtime/socketIo.ts', 'node_modules/sonner/dist/index.mjs'],
  },
  'game room /game/quick-click': {
    before: [
      'src/app/layout/AppLayout.tsx',
      'src/i18n/appSections.ts',
      'src/features/game-room/GameRoomPage.tsx',
      'src/features/game-room/PracticeRoom.tsx',
      'src/features/game-room/games/QuickClickGame.tsx',
    ],
    after: ['src/app/realtime/socketIo.ts', 'node_modules/sonner/dist/index.mjs'],
  },
};

/** Text that survives minification and betrays a library in a chunk. */
const MUST_NOT_LOAD_FIRST = {
  'class-validator': 'classValidatorMetadataStorage',
  'socket.io-client': 'xhr poll error',
  sonner: 'data-sonner-toaster',
};

function readManifest() {
  const path = join(webDist, '.vite/manifest.json');
  if (!existsSync(path)) {
    // Builds from before the manifest was turned on: only the entry is known.
    return null;
  }
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** The manifest entry for a source path; dependencies' keys are relative to apps/web too (../../node_modules/…). */
function manifestKey(manifest, source) {
  if (manifest[source]) return source;
  return Object.keys(manifest).find((key) => key.endsWith(source.replace(/^node_modules\//, 'node_modules/')));
}

function staticClosure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

/** Bytes on the wire: the build's .gz/.br copy when there is one (what the server sends), else compressed here. */
function fileBytes(file) {
  const path = join(webDist, file);
  const content = readFileSync(path);
  const copy = (suffix, compress) =>
    existsSync(path + suffix) ? statSync(path + suffix).size : compress(content).length;
  return {
    raw: content.length,
    gzip: copy('.gz', (data) => gzipSync(data, { level: 9 })),
    brotli: copy('.br', (data) => brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })),
  };
}

function sum(files) {
  const total = { files: files.length, raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const bytes = fileBytes(file);
    total.raw += bytes.raw;
    total.gzip += bytes.gzip;
    total.brotli += bytes.brotli;
  }
  return total;
}

/** The entry script named in index.html (for builds without a manifest). */
function entryScriptFromHtml() {
  const html = readFileSync(join(webDist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g)];
  return scripts.map((match) => match[1]);
}

function measureRoutes() {
  const manifest = readManifest();
  const results = [];
  if (!manifest) {
    const files = entryScriptFromHtml();
    results.push({ route: 'all routes (one bundle)', before: sum(files), after: null, files });
    return results;
  }
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  for (const [route, { before, after }] of Object.entries(ROUTES)) {
    const keys = before.map((source) => manifestKey(manifest, source)).filter(Boolean);
    const firstFiles = [...staticClosure(manifest, [entry, ...keys])].map((key) => manifest[key].file);
    const afterKeys = after.map((source) => manifestKey(manifest, source)).filter(Boolean);
    const afterFiles = [...staticClosure(manifest, afterKeys)]
      .map((key) => manifest[key].file)
      .filter((file) => !firstFiles.includes(file));
    results.push({
      route,
      before: sum(firstFiles),
      after: afterFiles.length ? sum(afterFiles) : null,
      files: firstFiles,
    });
  }
  return results;
}

function librariesIn(files) {
  const text = files.map((file) => readFileSync(join(webDist, file), 'utf8')).join('\n');
  return Object.entries(MUST_NOT_LOAD_FIRST)
    .filter(([, marker]) => text.includes(marker))
    .map(([name]) => name);
}

/** The headers of a HEAD request, as `curl -I` shows them. */
function headersOf(url, acceptEncoding) {
  return new Promise((resolvePromise, reject) => {
    const req = request(url, { method: 'HEAD', headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      response.resume();
      response.on('end', () => resolvePromise(response.headers));
    });
    req.on('error', reject);
    req.end();
  });
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function runLighthouse(url) {
  const chrome = await launch({ chromePath, chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const audit = (id) => lhr.audits[id].numericValue;
    return {
      performance: lhr.categories.performance.score,
      lcpMs: audit('largest-contentful-paint'),
      fcpMs: audit('first-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      speedIndexMs: audit('speed-index'),
      formFactor: lhr.configSettings.formFactor,
      throttling: lhr.configSettings.throttlingMethod,
      transferBytes: lhr.audits['total-byte-weight'].numericValue,
    };
  } finally {
    chrome.kill();
  }
}

async function main() {
  if (!process.env.BENCH_SKIP_BUILD && !process.env.BENCH_DIST_DIR) {
    console.log('building api and web…');
    buildOnce();
  }

  console.log(`\nFirst-load JavaScript per route (${webDist}):`);
  const routes = measureRoutes();
  for (const { route, before, after } of routes) {
    const later = after ? `; after first render +${kB(after.gzip)} gzip (${after.files} files)` : '';
    console.log(
      `  ${route.padEnd(28)} ${String(before.files).padStart(2)} files  ${kB(before.raw).padStart(9)} raw  ` +
        `${kB(before.gzip).padStart(8)} gzip  ${kB(before.brotli).padStart(8)} brotli${later}`,
    );
  }
  const landing = routes[0];
  const leaked = librariesIn(landing.files);
  console.log(
    `  landing first load contains: ${leaked.length ? leaked.join(', ') : 'none of'} (${Object.keys(MUST_NOT_LOAD_FIRST).join(', ')})`,
  );

  const stack = await startStack({
    env: { WEB_DIST_DIR: webDist, LOG_LEVEL: 'warn' },
    apiMain: join(distDir, 'apps/api/main.js'),
  });
  try {
    const base = stack.baseUrls[0];
    const script = landing.files.find((file) => file.startsWith('assets/index')) ?? landing.files[0];
    console.log('\nHEAD with Accept-Encoding: br, gzip (curl -I)');
    for (const path of [`/${script}`, '/api/games/']) {
      const headers = await headersOf(`${base}${path}`, 'br, gzip');
      console.log(
        `  ${path.padEnd(40)} content-encoding: ${headers['content-encoding'] ?? '(none)'}  cache-control: ${headers['cache-control'] ?? '(none)'}`,
      );
    }

    console.log(`\nLighthouse ${runs}× on ${base}/ (mobile, Chromium at ${chromePath}):`);
    const results = [];
    for (let run = 0; run < runs; run++) {
      const result = await runLighthouse(`${base}/`);
      results.push(result);
      console.log(
        `  run ${run + 1}: performance ${result.performance.toFixed(2)}  LCP ${(result.lcpMs / 1000).toFixed(2)} s  ` +
          `FCP ${(result.fcpMs / 1000).toFixed(2)} s  TBT ${result.tbtMs.toFixed(0)} ms  CLS ${result.cls.toFixed(3)}  ` +
          `SI ${(result.speedIndexMs / 1000).toFixed(2)} s  transfer ${kB(result.transferBytes)}  (${result.formFactor}, ${result.throttling})`,
      );
    }
    const performance = median(results.map((r) => r.performance));
    const lcpMs = median(results.map((r) => r.lcpMs));
    const tbtMs = median(results.map((r) => r.tbtMs));
    const pass = (ok) => (ok ? 'met' : 'NOT met');
    console.log(`\n${today()} — bench:web`);
    console.log(
      `  landing first-load JS ${kB(landing.before.gzip)} gzip / ${kB(landing.before.brotli)} brotli ` +
        `(goal ≤ ${kB(GOALS.firstLoadGzipBytes)} gzip: ${pass(landing.before.gzip <= GOALS.firstLoadGzipBytes)})`,
    );
    console.log(
      `  Lighthouse mobile median of ${runs}: performance ${performance.toFixed(2)} (goal ≥ ${GOALS.performance}: ` +
        `${pass(performance >= GOALS.performance)}), LCP ${(lcpMs / 1000).toFixed(2)} s (goal ≤ ${GOALS.lcpMs / 1000} s: ` +
        `${pass(lcpMs <= GOALS.lcpMs)}), TBT ${tbtMs.toFixed(0)} ms`,
    );
    reportResult({
      bench: 'web',
      measure: 'Lighthouse mobile performance (median)',
      value: performance,
      goal: `≥ ${GOALS.performance}`,
      met: performance >= GOALS.performance,
    });
  } finally {
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
