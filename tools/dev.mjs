#!/usr/bin/env node
// `npm run dev`: embedded PostgreSQL (unless DATABASE_URL is set) + the API in watch mode (rebuild and restart on
// change) + the Vite dev server with hot module replacement, which proxies /api and /socket.io to the API.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres, takeOverStopSignals } from './postgres/embedded.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = resolve(root, process.env.DATA_DIR || '.data');
const apiPort = process.env.PORT || '3000';

const env = { ...process.env, NODE_ENV: 'development', PORT: apiPort, NX_DAEMON: 'false' };
let postgres;
if (!env.DATABASE_URL) {
  postgres = await startEmbeddedPostgres({ dataDir });
  env.DATABASE_URL = postgres.url;
}
if (!env.JWT_SECRET) {
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  env.JWT_SECRET = readFileSync(file, 'utf8').trim();
}

const children = [
  spawn('npx', ['nx', 'serve', 'api', '--configuration=development'], { cwd: root, env, stdio: 'inherit' }),
  spawn('npx', ['vite', '--config', 'apps/web/vite.config.mts'], {
    cwd: root,
    env: { ...env, API_PROXY_TARGET: `http://localhost:${apiPort}` },
    stdio: 'inherit',
  }),
];
console.log(`\nSkillDuel dev: web with hot reload at http://localhost:4200 (API on http://localhost:${apiPort})\n`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(
    children.map((child) => new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)))),
  );
  if (postgres) await postgres.stop();
  process.exit(0);
}
takeOverStopSignals(stop);
for (const child of children) child.on('exit', () => void stop());
