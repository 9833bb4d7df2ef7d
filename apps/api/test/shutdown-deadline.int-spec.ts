import { Client } from 'pg';
import { ChildServer, hit, richPlayer, startChildServer } from './child-server';
import { createTestDatabase } from './test-app';
import { expectMoneyConsistent } from '../src/rooms/testing/rooms-test-kit';

const SHUTDOWN_TIMEOUT_MS = 3000;

/**
 * SIGTERM always ends the server (a launcher's SIGTERM was once "ignored under load"). A deposit
 * stuck behind a row lock kept the graceful shutdown waiting for it forever; now the server closes its connections
 * half-way through SHUTDOWN_TIMEOUT_MS and exits at the deadline, and the stuck deposit moves nothing.
 */
describe('shutdown deadline on SIGTERM (real server process, real PostgreSQL)', () => {
  let server: ChildServer | undefined;
  let blocker: Client | undefined;

  afterEach(async () => {
    await blocker?.query('ROLLBACK').catch(() => undefined);
    await blocker?.end().catch(() => undefined);
    await server?.stop('SIGKILL');
  });

  it('exits within SHUTDOWN_TIMEOUT_MS while a money request waits on a row lock; nothing half-moved', async () => {
    const databaseUrl = await createTestDatabase();
    server = await startChildServer({ DATABASE_URL: databaseUrl, SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) });
    const player = await richPlayer(server.baseUrl, 'deadline', 20);

    // Another session holds the player's wallet row: the deposit below waits for it inside its transaction.
    blocker = new Client({ connectionString: databaseUrl });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query(`SELECT 1 FROM ledger_accounts WHERE user_id = $1 AND kind = 'user_wallet' FOR UPDATE`, [
      player.user.id,
    ]);
    const stuck = hit(server.baseUrl, 'POST', '/api/transactions/deposit', player.access_token, {
      amount: 5,
      payment_method: 'card',
    });
    await new Promise((resolve) => setTimeout(resolve, 300));

    const startedAt = Date.now();
    server.child.kill('SIGTERM');
    const exitedInTime = await Promise.race([
      server.exited.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), SHUTDOWN_TIMEOUT_MS + 4000)),
    ]);
    expect({ exitedInTime, afterMs: Date.now() - startedAt }).toEqual({
      exitedInTime: true,
      afterMs: expect.any(Number),
    });
    // The client was cut off (it retries with its Idempotency-Key); the deposit never committed.
    expect(await stuck).toHaveProperty('error');
    await blocker.query('ROLLBACK');
    const balances = await blocker.query<{ balance: string }>(
      `SELECT balance_cents::text AS balance FROM ledger_accounts WHERE user_id = $1 AND kind = 'user_wallet'`,
      [player.user.id],
    );
    expect(balances.rows[0]?.balance).toBe('2000');
    await expectMoneyConsistent(databaseUrl);
  }, 60_000);
});
