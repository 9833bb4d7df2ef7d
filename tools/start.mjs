#!/usr/bin/env node
// `npm start`: builds if the sources changed since the last build, starts the embedded PostgreSQL
// (unless DATABASE_URL is set), then runs the API server, which also serves the built web app.
// Ctrl-C / SIGTERM / SIGHUP stop the server first and PostgreSQL after it (exit code 0). Both are supervised: PostgreSQL is
// restarted with crash recovery if it dies, the API server with backoff (tools/api-supervisor.mjs); a launcher that
// gives up on a crashing API server stops PostgreSQL and exits non-zero. One launcher per DATA_DIR, and what a killed
// launcher left running is stopped by the next one (tools/postgres/data-dir-lock.mjs).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { restartPolicyFromEnv, superviseApi } from './api-supervisor.mjs';
import { startEmbeddedPostgres, takeOverStopSignals } from './postgres/embedded.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = resolve(root, process.env.DATA_DIR || '.data');
// SKILLDUEL_API_ENTRY (the launcher's own tests, with --no-build): another script to run as the API server.
const apiMain = process.env.SKILLDUEL_API_ENTRY
  ? resolve(root, process.env.SKILLDUEL_API_ENTRY)
  : join(root, 'dist/apps/api/main.js');
const webIndex = join(root, 'dist/apps/web/index.html');
const stampFile = join(root, 'dist/.build-stamp');

function newestMtimeMs(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtimeMs(join(path, entry)));
  }
  return newest;
}

function buildIfStale() {
  const sources = [
    'apps/api/src',
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/public',
    'libs',
    'package-lock.json',
  ];
  const newestSource = Math.max(...sources.map((path) => newestMtimeMs(join(root, path))));
  const built = existsSync(apiMain) && existsSync(webIndex) && existsSync(stampFile);
  if (built && statSync(stampFile).mtimeMs >= newestSource) return;
  console.log('Building SkillDuel (first start or sources changed)...');
  const result = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '-p', 'api,web', '--outputStyle=static'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NX_DAEMON: 'false', NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error('Build failed; see the output above.');
    process.exit(result.status ?? 1);
  }
  writeFileSync(stampFile, new Date().toISOString());
}

/** A random signing secret per data directory, so development tokens survive restarts. */
function developmentJwtSecret() {
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

async function main() {
  let policy;
  try {
    policy = restartPolicyFromEnv(process.env);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  if (!process.argv.includes('--no-build')) buildIfStale();

  let postgres;
  const env = { ...process.env };
  env.NODE_ENV ||= 'production';
  env.WEB_DIST_DIR ||= join(root, 'dist/apps/web');
  // Production requires APP_BASE_URL outside npm start; here the server is reached on this machine.
  env.APP_BASE_URL ||= `http://localhost:${env.PORT || 3000}`;
  if (!env.DATABASE_URL) {
    try {
      postgres = await startEmbeddedPostgres({ dataDir, supervise: true });
    } catch (error) {
      console.error(`Could not start the embedded PostgreSQL in ${dataDir}: ${error.message}`);
      process.exit(1);
    }
    env.DATABASE_URL = postgres.url;
    env.JWT_SECRET ||= developmentJwtSecret();
    // The embedded default has no mail server either: account mail goes to the local outbox at /dev/mail.
    if (!env.SMTP_URL) env.DEV_MAIL ||= 'true';
  }

  // Each API server is recorded in the lock while it runs: if this launcher is killed, the next one stops it (it
  // would hold PORT).
  const api = superviseApi({
    apiMain,
    cwd: root,
    env,
    policy,
    onStart: (pid) => postgres?.recordChild(pid),
    onExit: (pid) => postgres?.forgetChild(pid),
  });
  takeOverStopSignals(() => api.stop());
  const code = await api.finished;
  if (postgres)
    await postgres.stop().catch((error) => console.error(`PostgreSQL did not stop cleanly: ${error.message}`));
  process.exit(code);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
