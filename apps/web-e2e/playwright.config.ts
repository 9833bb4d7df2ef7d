import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
const workspaceRoot = resolve(__dirname, '../..');
// The local OpenID provider for social login (src/oauth-mock.setup.ts) listens next to the app.
const oauthMockPort = Number(process.env.E2E_OAUTH_PORT ?? port + 1);
process.env.E2E_OAUTH_PORT = String(oauthMockPort);
// A throwaway embedded PostgreSQL per run; the production server is what gets tested.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'skillduel-e2e-'));
// Workers load this file again: they find the same folder (the operator spec reads the PostgreSQL port from it).
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './src',
  globalSetup: './src/oauth-mock.setup.ts',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: './test-results/results.json' }]],
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node tools/start.mjs',
    cwd: workspaceRoot,
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '5000',
      AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '1000',
      // Every browser of the run connects from 127.0.0.1.
      SOCKET_HANDSHAKES_PER_IP_PER_MINUTE: '10000',
      // Long enough to see a withdrawal pending, short enough to watch it complete.
      WITHDRAWAL_DELAY_SECONDS: '8',
      // Social login against the local mock provider: plain http is allowed outside production only.
      NODE_ENV: 'test',
      APP_BASE_URL: baseURL,
      OAUTH_ALLOW_INSECURE_HTTP: 'true',
      OAUTH_GOOGLE_CLIENT_ID: 'skillduel-e2e',
      OAUTH_GOOGLE_CLIENT_SECRET: 'skillduel-e2e-secret',
      OAUTH_GOOGLE_ISSUER: `http://127.0.0.1:${oauthMockPort}`,
    },
  },
});
