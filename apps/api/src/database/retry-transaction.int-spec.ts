import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import { DataSource, EntityManager } from 'typeorm';
import { createTestApp, TestApp } from '../../test/test-app';
import { connect, expectLedgerConsistent, insertUser, withClient } from '../../test/wallet-helpers';
import { IdempotencyService } from '../wallet/idempotency.service';
import { LedgerService } from '../wallet/ledger/ledger.service';
import { retryOnTransactionConflict, transactionWithRetry } from './retry-transaction';
import { pgErrorCode } from './sql';

/**
 * Makes the transaction of `manager` lose a real deadlock against a second connection (`other`): `manager` locks
 * row 1, `other` locks row 2 and waits for row 1, then `manager` asks for row 2. `manager`'s deadlock_timeout is the
 * short one, so it is the side PostgreSQL aborts (40P01). The other side's work, which commits once `manager`'s
 * transaction has rolled back, goes into `otherWork` (before the deadlock throws) for the test to await.
 */
async function loseDeadlock(manager: EntityManager, other: Client, otherWork: Promise<void>[]): Promise<void> {
  await manager.query(`SET LOCAL deadlock_timeout = '20ms'`);
  await manager.query('UPDATE deadlock_probe SET n = n + 1 WHERE id = 1');
  await other.query('BEGIN');
  await other.query(`SET LOCAL deadlock_timeout = '30s'`);
  await other.query('UPDATE deadlock_probe SET n = n + 10 WHERE id = 2');
  const otherPid = (await other.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
  otherWork.push(
    other
      .query('UPDATE deadlock_probe SET n = n + 10 WHERE id = 1')
      .then(() => other.query('COMMIT'))
      .then(() => undefined),
  );
  // Only once the other side waits for row 1 is asking for row 2 a deadlock (not a plain wait).
  for (;;) {
    const rows = await manager.query<{ waiting: boolean }[]>(
      `SELECT wait_event_type = 'Lock' AS waiting FROM pg_stat_activity WHERE pid = $1`,
      [otherPid],
    );
    if (rows[0]?.waiting) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await manager.query('UPDATE deadlock_probe SET n = n + 1 WHERE id = 2');
}

describe('transactions retried on deadlock / serialization failure (real PostgreSQL)', () => {
  let testApp: TestApp;
  let app: NestFastifyApplication;
  let dataSource: DataSource;
  let other: Client;

  beforeAll(async () => {
    testApp = await createTestApp();
    app = testApp.app;
    dataSource = app.get(DataSource);
    await withClient(testApp.databaseUrl, (client) =>
      client.query('CREATE TABLE deadlock_probe (id int PRIMARY KEY, n int NOT NULL)'),
    );
  });

  beforeEach(async () => {
    await withClient(testApp.databaseUrl, async (client) => {
      await client.query('TRUNCATE deadlock_probe');
      await client.query('INSERT INTO deadlock_probe VALUES (1, 0), (2, 0)');
    });
    other = await connect(testApp.databaseUrl);
  });

  afterEach(async () => {
    await other.end();
  });

  afterAll(async () => {
    await testApp.close();
  });

  async function probe(): Promise<number[]> {
    const rows = await dataSource.query<{ n: number }[]>('SELECT n FROM deadlock_probe ORDER BY id');
    return rows.map((row) => row.n);
  }

  it('without a retry, the forced deadlock reaches the caller as 40P01 (the failure the helper absorbs)', async () => {
    const otherWork: Promise<void>[] = [];
    const failure = await dataSource
      .transaction((manager) => loseDeadlock(manager, other, otherWork))
      .catch((error: unknown) => error);
    await Promise.all(otherWork);
    expect(pgErrorCode(failure)).toBe('40P01');
    expect(await probe()).toEqual([10, 10]);
  });

  it('transactionWithRetry runs the deadlocked transaction again and it commits once', async () => {
    let attempts = 0;
    const otherWork: Promise<void>[] = [];
    const retried: string[] = [];
    const result = await transactionWithRetry(
      dataSource,
      async (manager) => {
        attempts++;
        if (attempts === 1) await loseDeadlock(manager, other, otherWork);
        else {
          await manager.query('UPDATE deadlock_probe SET n = n + 1 WHERE id = 1');
          await manager.query('UPDATE deadlock_probe SET n = n + 1 WHERE id = 2');
        }
        return 'committed';
      },
      { onRetry: (error) => retried.push(pgErrorCode(error) ?? 'none') },
    );
    await Promise.all(otherWork);
    expect(result).toBe('committed');
    expect(attempts).toBe(2);
    expect(retried).toEqual(['40P01']);
    // The other transaction's +10 on both rows and exactly one +1 of ours: the lost attempt left nothing behind.
    expect(await probe()).toEqual([11, 11]);
  });

  it('an idempotent money operation that loses a deadlock is retried: one answer, money moved once', async () => {
    const idempotency = app.get(IdempotencyService);
    const ledger = app.get(LedgerService);
    const userId = await insertUser(testApp.databaseUrl);
    const walletId = await ledger.ensureWallet(userId);
    const clearingId = await ledger.systemAccount('provider_clearing');
    let attempts = 0;
    const otherWork: Promise<void>[] = [];
    const answer = await idempotency.run(
      { userId, key: 'deadlock-retry-1', requestId: 'req-1', fingerprint: { operation: 'test-deposit' } },
      async (manager) => {
        attempts++;
        await ledger.post(
          {
            kind: 'deposit',
            idempotencyKey: `test-deposit:${userId}`,
            entries: [
              { accountId: walletId, amountCents: 1234n },
              { accountId: clearingId, amountCents: -1234n },
            ],
            references: { userId },
          },
          manager,
        );
        if (attempts === 1) await loseDeadlock(manager, other, otherWork);
        return { statusCode: 201, body: { ok: true } };
      },
    );
    await Promise.all(otherWork);
    expect(attempts).toBe(2);
    expect(answer).toEqual({ statusCode: 201, body: { ok: true }, replayed: false });
    expect(await ledger.walletBalance(userId)).toBe(1234n);
    const stored = await dataSource.query<{ response_status: number }[]>(
      'SELECT response_status FROM idempotency_keys WHERE user_id = $1 AND key = $2',
      [userId, 'deadlock-retry-1'],
    );
    expect(stored).toEqual([{ response_status: 201 }]);
    await expectLedgerConsistent(testApp.databaseUrl);
  });

  it('gives up after the last attempt and never retries other errors', async () => {
    const conflict = Object.assign(new Error('could not serialize access'), { code: '40001' });
    let conflictAttempts = 0;
    await expect(
      retryOnTransactionConflict(
        () => {
          conflictAttempts++;
          return Promise.reject(conflict);
        },
        { maxAttempts: 3 },
      ),
    ).rejects.toBe(conflict);
    expect(conflictAttempts).toBe(3);

    const uniqueViolation = Object.assign(new Error('duplicate key'), { code: '23505' });
    let otherAttempts = 0;
    await expect(
      retryOnTransactionConflict(() => {
        otherAttempts++;
        return Promise.reject(uniqueViolation);
      }),
    ).rejects.toBe(uniqueViolation);
    expect(otherAttempts).toBe(1);
  });
});
