// The chaos build: the production API bundle (same webpack config, NODE_ENV=production) with the test-only fault
// points of apps/api/src/database/fault-hook.chaos.ts, in dist/chaos/api (SKILLDUEL_CHAOS_BUILD=1). Rebuilt only when
// the sources are newer than its stamp. `assertProductionHasNoFaultHook` proves the shipped bundle has none.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A string only fault-hook.chaos.ts holds: its arming variable. */
const FAULT_HOOK_MARKER = 'CHAOS_KILL_AFTER_COMMIT_FILE';

function newestMtimeMs(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry !== 'node_modules') newest = Math.max(newest, newestMtimeMs(join(path, entry)));
  }
  return newest;
}

/** Builds dist/chaos/api if stale; returns the path of its main.js. */
export function buildChaosApi(root) {
  const main = join(root, 'dist/chaos/api/main.js');
  const stamp = join(root, 'dist/chaos/.build-stamp');
  const sources = ['apps/api/src', 'apps/api/webpack.config.js', 'libs', 'package-lock.json'];
  const newestSource = Math.max(...sources.map((path) => newestMtimeMs(join(root, path))));
  if (existsSync(main) && existsSync(stamp) && statSync(stamp).mtimeMs >= newestSource) return main;
  console.log('chaos: building the API with its fault hook (dist/chaos/api)...');
  const result = spawnSync('npx', ['webpack-cli', 'build'], {
    cwd: join(root, 'apps/api'),
    stdio: ['ignore', 'inherit', 'inherit'],
    // What Nx sets for the api:build task (NxAppWebpackPlugin reads the project from it); run outside Nx so its cache
    // (keyed without SKILLDUEL_CHAOS_BUILD) never mixes the two bundles.
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SKILLDUEL_CHAOS_BUILD: '1',
      NX_TASK_TARGET_PROJECT: 'api',
      NX_TASK_TARGET_TARGET: 'build',
      NX_DAEMON: 'false',
    },
  });
  if (result.status !== 0) throw new Error('the chaos build failed; see the output above');
  writeFileSync(stamp, new Date().toISOString());
  return main;
}

/** The chaos bundle has the hook, the production bundle (`npm run build`) does not: else throws. */
export function assertProductionHasNoFaultHook(root, chaosMain) {
  const productionMain = join(root, 'dist/apps/api/main.js');
  if (readFileSync(productionMain, 'utf8').includes(FAULT_HOOK_MARKER)) {
    throw new Error(`${productionMain} contains the chaos fault hook (${FAULT_HOOK_MARKER})`);
  }
  if (!readFileSync(chaosMain, 'utf8').includes(FAULT_HOOK_MARKER)) {
    throw new Error(`${chaosMain} lacks the chaos fault hook: the soak could not kill after COMMIT`);
  }
}

/** `npm run build` when there is no production build yet (a clean clone); the launcher rebuilds a stale one itself. */
export function ensureProductionBuild(root) {
  if (existsSync(join(root, 'dist/apps/api/main.js')) && existsSync(join(root, 'dist/apps/web/index.html'))) return;
  console.log('chaos: no production build yet: npm run build');
  const result = spawnSync('npm', ['run', 'build', '--', '--outputStyle=static'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NX_DAEMON: 'false', NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('npm run build failed; see the output above');
}
