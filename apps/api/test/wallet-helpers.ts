import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TERMS_VERSION } from '@skillduel/contracts';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createApp } from '../src/bootstrap';
import { loadConfig } from '../src/config/app-config';
import { checkLedgerInvariants, formatLedgerReport } from '../src/wallet/ledger/ledger-invariants';
import { TEST_SOCKET_IP_LIMITS } from './test-app';

/** A pg client on a test database; the caller ends it. */
export async function connect(databaseUrl: string): Promise<Client> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  return client;
}

/** Runs `work` with a fresh client and always closes it. */
export async function withClient<T>(databaseUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = await connect(databaseUrl);
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A bare users row (no auth): enough for ledger tests that do not go through HTTP. Eligible for money play (an adult
 * who accepted the terms) unless `eligible: false`.
 */
export async function insertUser(
  databaseUrl: string,
  overrides: { canDeposit?: boolean; canWithdraw?: boolean; eligible?: boolean } = {},
): Promise<string> {
  return withClient(databaseUrl, async (client) => {
    const result = await client.query<{ id: string }>(
      `INSERT INTO users (username, can_deposit, can_withdraw) VALUES ($1, $2, $3) RETURNING id`,
      [`u_${randomBytes(6).toString('hex')}`, overrides.canDeposit ?? true, overrides.canWithdraw ?? true],
    );
    const userId = result.rows[0].id;
    if (overrides.eligible !== false) {
      await client.query(
        `INSERT INTO rg_eligibility (user_id, date_of_birth, country, terms_version, status)
         VALUES ($1, '1990-05-17', 'MX', $2, 'eligible')`,
        [userId, TERMS_VERSION],
      );
    }
    return userId;
  });
}

/** Fails the test with the readable `ledger:check` report when any ledger invariant is violated. */
export async function expectLedgerConsistent(databaseUrl: string): Promise<void> {
  const report = await withClient(databaseUrl, (client) => checkLedgerInvariants(client));
  if (!report.ok) throw new Error(formatLedgerReport(report));
}

/** Another instance of the real application on an existing test database (a restart, or a second server). */
export async function createAppOnDatabase(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<NestFastifyApplication> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    ...TEST_SOCKET_IP_LIMITS,
    ...env,
    DATABASE_URL: databaseUrl,
  });
  const app = await createApp(config, { logger: false });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}
