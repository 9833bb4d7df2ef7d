import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { PaymentMethod, TransactionDto, WalletOperationResponseDto } from '@skillduel/contracts';
import { createTestApp, TestApp } from '../../test/test-app';
import { createAppOnDatabase, expectLedgerConsistent, insertUser, withClient } from '../../test/wallet-helpers';
import { LedgerService } from './ledger/ledger.service';
import { PaymentProvider } from './payment-provider';
import { WalletService } from './wallet.service';
import { WithdrawalProcessor } from './withdrawal-processor';

/** The withdrawal processor against the real database: the service is called directly (HTTP is tested elsewhere). */
describe('WithdrawalProcessor (real PostgreSQL)', () => {
  let testApp: TestApp;
  let wallet: WalletService;
  let processor: WithdrawalProcessor;

  beforeAll(async () => {
    testApp = await createTestApp({ WITHDRAWAL_PROCESSOR_ENABLED: 'false', WITHDRAWAL_DELAY_SECONDS: '0' });
    wallet = testApp.app.get(WalletService);
    processor = testApp.app.get(WithdrawalProcessor);
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await expectLedgerConsistent(testApp.databaseUrl);
  });
  afterAll(() => testApp.close());

  async function fundedUser(app: NestFastifyApplication, dollars: number): Promise<string> {
    const userId = await insertUser(testApp.databaseUrl);
    const answer = await app
      .get(WalletService)
      .deposit(userId, { amount: dollars, payment_method: 'card' }, undefined, 'test', '127.0.0.1');
    expect(answer.statusCode).toBe(201);
    return userId;
  }

  async function withdraw(app: NestFastifyApplication, userId: string, amount: number, method: PaymentMethod = 'bank') {
    const answer = await app
      .get(WalletService)
      .withdraw(userId, { amount, payment_method: method }, undefined, 'test', '127.0.0.1');
    expect(answer.statusCode).toBe(202);
    return (answer.body as WalletOperationResponseDto).transaction;
  }

  const historyOf = (userId: string): Promise<TransactionDto[]> => wallet.history(userId, {});
  const statusOf = (paymentId: string) =>
    withClient(testApp.databaseUrl, async (client) => {
      const result = await client.query(`SELECT status, attempts, last_error FROM wallet_payments WHERE id = $1`, [
        paymentId,
      ]);
      return result.rows[0] as { status: string; attempts: number; last_error: string | null };
    });
  const settlementsOf = (paymentId: string) =>
    withClient(testApp.databaseUrl, async (client) => {
      const result = await client.query(
        `SELECT kind FROM ledger_transactions WHERE payment_id = $1 AND kind IN ('withdrawal_completion', 'withdrawal_refund')`,
        [paymentId],
      );
      return result.rows.map((row) => row.kind as string);
    });

  it('pays out a due withdrawal: pending → completed, money to the provider', async () => {
    const userId = await fundedUser(testApp.app, 100);
    const pendingTx = await withdraw(testApp.app, userId, 20);
    expect(pendingTx.status).toBe('pending');
    expect(await processor.processDue()).toBeGreaterThanOrEqual(1);
    const [row] = await historyOf(userId);
    expect(row).toMatchObject({
      id: pendingTx.id,
      type: 'withdrawal',
      status: 'completed',
      amount: 20,
      balance_after: 80,
    });
    expect(await settlementsOf(pendingTx.id)).toEqual(['withdrawal_completion']);
    expect(await testApp.app.get(LedgerService).walletBalance(userId)).toBe(8_000n);
    // Nothing is left to do, and running again changes nothing.
    expect(await processor.processDue()).toBe(0);
    expect(await settlementsOf(pendingTx.id)).toEqual(['withdrawal_completion']);
  });

  it('a declined payout (sandbox: cents .13) fails the withdrawal and refunds the wallet', async () => {
    const userId = await fundedUser(testApp.app, 100);
    const pendingTx = await withdraw(testApp.app, userId, 25.13);
    expect(await testApp.app.get(LedgerService).walletBalance(userId)).toBe(7_487n);
    await processor.processDue();
    const rows = await historyOf(userId);
    expect(rows[0]).toMatchObject({
      type: 'refund',
      status: 'completed',
      amount: 25.13,
      payment_method: 'bank',
      balance_after: 100,
    });
    expect(rows[1]).toMatchObject({ id: pendingTx.id, type: 'withdrawal', status: 'failed', amount: 25.13 });
    expect(await testApp.app.get(LedgerService).walletBalance(userId)).toBe(10_000n);
    expect(await settlementsOf(pendingTx.id)).toEqual(['withdrawal_refund']);
  });

  it('waits for WITHDRAWAL_DELAY_SECONDS before paying out', async () => {
    const delayed = await createAppOnDatabase(testApp.databaseUrl, {
      WITHDRAWAL_PROCESSOR_ENABLED: 'false',
      WITHDRAWAL_DELAY_SECONDS: '3600',
    });
    try {
      const userId = await fundedUser(delayed, 50);
      const pendingTx = await withdraw(delayed, userId, 10);
      await delayed.get(WithdrawalProcessor).processDue();
      await processor.processDue();
      expect((await statusOf(pendingTx.id)).status).toBe('pending');
    } finally {
      await delayed.close();
    }
  });

  it('an unknown provider outcome keeps the withdrawal pending and retries it with the same payment id', async () => {
    const userId = await fundedUser(testApp.app, 50);
    const pendingTx = await withdraw(testApp.app, userId, 10);
    const provider = testApp.app.get(PaymentProvider);
    const payout = jest.spyOn(provider, 'payout').mockRejectedValueOnce(new Error('connection reset'));
    await processor.processDue();
    expect(await statusOf(pendingTx.id)).toEqual({ status: 'pending', attempts: 1, last_error: 'connection reset' });
    expect(await testApp.app.get(LedgerService).walletBalance(userId)).toBe(4_000n);
    // Due again later (backoff); make it due now instead of waiting.
    await withClient(testApp.databaseUrl, (client) =>
      client.query(`UPDATE wallet_payments SET process_after = now() WHERE id = $1`, [pendingTx.id]),
    );
    await processor.processDue();
    expect((await statusOf(pendingTx.id)).status).toBe('completed');
    expect(payout.mock.calls.map(([request]) => request.paymentId)).toEqual([pendingTx.id, pendingTx.id]);
    expect(await settlementsOf(pendingTx.id)).toEqual(['withdrawal_completion']);
  });

  it('survives a restart: a new app instance on the same database picks up pending work', async () => {
    const first = await createAppOnDatabase(testApp.databaseUrl, {
      WITHDRAWAL_PROCESSOR_ENABLED: 'false',
      WITHDRAWAL_DELAY_SECONDS: '0',
    });
    const userId = await fundedUser(first, 100);
    const ok = await withdraw(first, userId, 30);
    const declined = await withdraw(first, userId, 10.13);
    await first.close();

    const second = await createAppOnDatabase(testApp.databaseUrl, {
      WITHDRAWAL_PROCESSOR_ENABLED: 'true',
      WITHDRAWAL_POLL_INTERVAL_MS: '50',
    });
    try {
      const deadline = Date.now() + 10_000;
      while (
        Date.now() < deadline &&
        ((await statusOf(ok.id)).status === 'pending' || (await statusOf(declined.id)).status === 'pending')
      ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await statusOf(ok.id)).status).toBe('completed');
      expect((await statusOf(declined.id)).status).toBe('failed');
      expect(await second.get(LedgerService).walletBalance(userId)).toBe(7_000n);
    } finally {
      await second.close();
    }
  });

  it('two instances processing at once never settle a withdrawal twice (SKIP LOCKED + settle key)', async () => {
    const instances = await Promise.all(
      [1, 2].map(() =>
        createAppOnDatabase(testApp.databaseUrl, {
          WITHDRAWAL_PROCESSOR_ENABLED: 'false',
          WITHDRAWAL_DELAY_SECONDS: '0',
        }),
      ),
    );
    try {
      const paid = new Map<string, number>();
      for (const instance of [...instances, testApp.app]) {
        const provider = instance.get(PaymentProvider);
        const original = provider.payout.bind(provider);
        jest.spyOn(provider, 'payout').mockImplementation(async (request) => {
          paid.set(request.paymentId, (paid.get(request.paymentId) ?? 0) + 1);
          await new Promise((resolve) => setTimeout(resolve, 5));
          return original(request);
        });
      }
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const userId = await fundedUser(testApp.app, 200);
        for (const amount of [10, 11.13, 12, 13, 14]) ids.push((await withdraw(testApp.app, userId, amount)).id);
      }
      await Promise.all([
        ...instances.map((instance) => instance.get(WithdrawalProcessor).processDue(100)),
        processor.processDue(100),
        instances[0].get(WithdrawalProcessor).processDue(100),
      ]);
      for (const id of ids) {
        expect(paid.get(id)).toBe(1);
        expect(await settlementsOf(id)).toHaveLength(1);
        expect((await statusOf(id)).status).not.toBe('pending');
      }
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });

  it('never settles the same withdrawal twice, even if asked to directly', async () => {
    const userId = await fundedUser(testApp.app, 50);
    const pendingTx = await withdraw(testApp.app, userId, 10);
    await processor.processDue();
    // A stale processor that still believes the withdrawal is pending cannot pay it again.
    await withClient(testApp.databaseUrl, async (client) => {
      await expect(
        client.query(
          `UPDATE wallet_payments SET status = 'pending', settlement_transaction_id = NULL, completed_at = NULL WHERE id = $1`,
          [pendingTx.id],
        ),
      ).rejects.toThrow(/already completed/);
    });
    const ledger = testApp.app.get(LedgerService);
    await expect(
      ledger.post({
        kind: 'withdrawal_refund',
        idempotencyKey: `withdrawal:${pendingTx.id}:settle`,
        entries: [
          { accountId: await ledger.systemAccount('pending_withdrawals'), amountCents: -1_000n },
          { accountId: await ledger.ensureWallet(userId), amountCents: 1_000n },
        ],
        references: { userId, paymentId: pendingTx.id },
      }),
    ).rejects.toThrow(/already used for a different transaction/);
    expect(await settlementsOf(pendingTx.id)).toEqual(['withdrawal_completion']);
  });
});
