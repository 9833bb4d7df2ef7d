import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { DestinationStream } from 'pino';
import { createApp } from '../src/bootstrap';
import { loadConfig } from '../src/config/app-config';

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_ADMIN_URL;
  if (!url) throw new Error('TEST_DATABASE_ADMIN_URL is not set: run the API tests through jest (global setup)');
  return url;
}

/** Clones the migrated template into a new database that belongs to one test file. */
export async function createTestDatabase(): Promise<string> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const template = process.env.TEST_DATABASE_TEMPLATE ?? 'skillduel_template';
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    // Concurrent clones of one template can briefly collide; retry a few times.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + attempt * 50));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Per-IP socket limits high enough for tests whose many clients all come from 127.0.0.1 (decision 1002). */
export const TEST_SOCKET_IP_LIMITS = {
  SOCKET_MAX_PER_IP: '100000',
  SOCKET_HANDSHAKES_PER_IP_PER_MINUTE: '1000000',
} as const;

export interface TestApp {
  app: NestFastifyApplication;
  databaseUrl: string;
  close(): Promise<void>;
}

/** The real application (same bootstrap as production) on its own fresh database. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { logDestination?: DestinationStream } = {},
): Promise<TestApp> {
  const databaseUrl = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    // Every simulated client connects from 127.0.0.1: per-IP socket limits are raised unless a test sets them.
    ...TEST_SOCKET_IP_LIMITS,
    ...env,
    DATABASE_URL: databaseUrl,
  });
  // Quiet unless a test reads the log (LOG_LEVEL in env and a destination that collects the lines).
  const app = await createApp(
    config,
    options.logDestination ? { logDestination: options.logDestination } : { logger: false },
  );
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return { app, databaseUrl, close: () => app.close() };
}
