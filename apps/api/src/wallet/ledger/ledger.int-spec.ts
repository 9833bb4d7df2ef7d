import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../../../test/test-app';
import { expectLedgerConsistent, insertUser, withClient } from '../../../test/wallet-helpers';
import { InsufficientFundsError, LedgerIdempotencyConflictError, LedgerInvariantError } from './ledger.errors';
import { LedgerService } from './ledger.service';

describe('LedgerService and the ledger tables (real PostgreSQL)', () => {
  let testApp: TestApp;
  let ledger: LedgerService;
  let dataSource: DataSource;
  let clearing: string;
  let escrow: string;

  beforeAll(async () => {
    testApp = await createTestApp({ WITHDRAWAL_PROCESSOR_ENABLED: 'false' });
    ledger = testApp.app.get(LedgerService);
    dataSource = testApp.app.get(DataSource);
    clearing = await ledger.systemAccount('provider_clearing');
    escrow = await ledger.systemAccount('escrow');
  });
  afterEach(() => expectLedgerConsistent(testApp.databaseUrl));
  afterAll(() => testApp.close());

  /** A user with a wallet funded from the provider's clearing account. */
  async function fundedWallet(cents: bigint): Promise<{ userId: string; wallet: string }> {
    const userId = await insertUser(testApp.databaseUrl);
    const wallet = await ledger.ensureWallet(userId);
    if (cents > 0n) {
      await ledger.post({
        kind: 'deposit',
        idempotencyKey: `test-fund:${randomUUID()}`,
        entries: [
          { accountId: wallet, amountCents: cents },
          { accountId: clearing, amountCents: -cents },
        ],
        references: { userId },
      });
    }
    return { userId, wallet };
  }

  const move = (from: string, to: string, cents: bigint, key = `test:${randomUUID()}`) =>
    ledger.post({
      kind: 'transfer',
      idempotencyKey: key,
      entries: [
        { accountId: from, amountCents: -cents },
        { accountId: to, amountCents: cents },
      ],
    });

  describe('posting', () => {
    it('moves money in one balanced transaction and updates the cached balances', async () => {
      const clearingBefore = await ledger.balanceOf(clearing);
      const { wallet } = await fundedWallet(5_000n);
      expect(await ledger.balanceOf(wallet)).toBe(5_000n);
      expect(await ledger.balanceOf(clearing)).toBe(clearingBefore - 5_000n);

      const result = await move(wallet, escrow, 1_234n);
      expect(result.replayed).toBe(false);
      expect(result.balances.get(wallet)).toBe(3_766n);
      expect(await ledger.balanceOf(wallet)).toBe(3_766n);
      const entries = await dataSource.query(
        `SELECT account_id, amount_cents FROM ledger_entries WHERE transaction_id = $1 ORDER BY id`,
        [result.transactionId],
      );
      expect(entries).toEqual([
        { account_id: wallet, amount_cents: '-1234' },
        { account_id: escrow, amount_cents: '1234' },
      ]);
    });

    it('replays an idempotency key: same transaction, nothing moves again', async () => {
      const { wallet } = await fundedWallet(1_000n);
      const key = `test:${randomUUID()}`;
      const first = await move(wallet, escrow, 300n, key);
      const second = await move(wallet, escrow, 300n, key);
      expect(second).toMatchObject({ transactionId: first.transactionId, replayed: true });
      expect(second.balances.get(wallet)).toBe(700n);
      expect(await ledger.balanceOf(wallet)).toBe(700n);
    });

    it('refuses the same key with different entries and moves nothing', async () => {
      const { wallet } = await fundedWallet(1_000n);
      const key = `test:${randomUUID()}`;
      await move(wallet, escrow, 300n, key);
      await expect(move(wallet, escrow, 301n, key)).rejects.toBeInstanceOf(LedgerIdempotencyConflictError);
      expect(await ledger.balanceOf(wallet)).toBe(700n);
    });

    it('refuses a movement that would take a wallet below zero and writes nothing', async () => {
      const { wallet } = await fundedWallet(500n);
      const key = `test:${randomUUID()}`;
      await expect(move(wallet, escrow, 501n, key)).rejects.toBeInstanceOf(InsufficientFundsError);
      expect(await ledger.balanceOf(wallet)).toBe(500n);
      const rows = await dataSource.query(`SELECT 1 FROM ledger_transactions WHERE idempotency_key = $1`, [key]);
      expect(rows).toHaveLength(0);
      // The exact balance can be spent.
      await move(wallet, escrow, 500n);
      expect(await ledger.balanceOf(wallet)).toBe(0n);
    });

    it('lets the provider clearing account run negative (it mirrors money outside SkillDuel)', async () => {
      const before = await ledger.balanceOf(clearing);
      await fundedWallet(10_000_000n);
      expect(await ledger.balanceOf(clearing)).toBe(before - 10_000_000n);
      expect(before - 10_000_000n).toBeLessThan(0n);
    });

    it.each([
      ['an unbalanced transaction', [1_000n, -999n], /sum to 1 cents/],
      ['a zero entry', [0n, 0n], /zero entry/],
      ['a single entry', [1_000n], /at least two entries/],
    ])('asserts its invariants before any SQL: %s', async (_name, amounts, message) => {
      const { wallet } = await fundedWallet(5_000n);
      const accounts = [wallet, escrow];
      const attempt = ledger.post({
        kind: 'transfer',
        idempotencyKey: `test:${randomUUID()}`,
        entries: amounts.map((amountCents, index) => ({ accountId: accounts[index], amountCents })),
      });
      await expect(attempt).rejects.toThrow(LedgerInvariantError);
      await expect(attempt).rejects.toThrow(message);
      expect(await ledger.balanceOf(wallet)).toBe(5_000n);
    });

    it('refuses non-integer amounts, unknown accounts and bad keys', async () => {
      const { wallet } = await fundedWallet(5_000n);
      const post = (entries: { accountId: string; amountCents: unknown }[], idempotencyKey = `test:${randomUUID()}`) =>
        ledger.post({
          kind: 'transfer',
          idempotencyKey,
          entries: entries as { accountId: string; amountCents: bigint }[],
        });
      await expect(
        post([
          { accountId: wallet, amountCents: -10.5 },
          { accountId: escrow, amountCents: 10.5 },
        ]),
      ).rejects.toThrow(/bigint/);
      await expect(
        post([
          { accountId: wallet, amountCents: -10 },
          { accountId: escrow, amountCents: 10 },
        ]),
      ).rejects.toThrow(/bigint/);
      await expect(
        post([
          { accountId: wallet, amountCents: -10n },
          { accountId: randomUUID(), amountCents: 10n },
        ]),
      ).rejects.toThrow(/unknown account/);
      await expect(
        post([
          { accountId: wallet, amountCents: -10n },
          { accountId: 'not-a-uuid', amountCents: 10n },
        ]),
      ).rejects.toThrow(/uuid/);
      await expect(
        post(
          [
            { accountId: wallet, amountCents: -10n },
            { accountId: escrow, amountCents: 10n },
          ],
          '',
        ),
      ).rejects.toThrow(/idempotency key/);
      await expect(
        post([
          { accountId: wallet, amountCents: -(10n ** 14n) },
          { accountId: escrow, amountCents: 10n ** 14n },
        ]),
      ).rejects.toThrow(/out of range/);
      expect(await ledger.balanceOf(wallet)).toBe(5_000n);
    });

    it("joins a caller's transaction: a refused post leaves it usable, a rollback undoes the post", async () => {
      const { wallet } = await fundedWallet(1_000n);
      await dataSource.transaction(async (manager) => {
        await expect(
          ledger.post(
            {
              kind: 'transfer',
              idempotencyKey: `test:${randomUUID()}`,
              entries: [
                { accountId: wallet, amountCents: -2_000n },
                { accountId: escrow, amountCents: 2_000n },
              ],
            },
            manager,
          ),
        ).rejects.toBeInstanceOf(InsufficientFundsError);
        const ok = await ledger.post(
          {
            kind: 'transfer',
            idempotencyKey: `test:${randomUUID()}`,
            entries: [
              { accountId: wallet, amountCents: -400n },
              { accountId: escrow, amountCents: 400n },
            ],
          },
          manager,
        );
        expect(ok.balances.get(wallet)).toBe(600n);
      });
      expect(await ledger.balanceOf(wallet)).toBe(600n);

      const key = `test:${randomUUID()}`;
      await expect(
        dataSource.transaction(async (manager) => {
          await ledger.post(
            {
              kind: 'transfer',
              idempotencyKey: key,
              entries: [
                { accountId: wallet, amountCents: -100n },
                { accountId: escrow, amountCents: 100n },
              ],
            },
            manager,
          );
          throw new Error('caller failed after posting');
        }),
      ).rejects.toThrow('caller failed');
      expect(await ledger.balanceOf(wallet)).toBe(600n);
      expect(
        await dataSource.query(`SELECT 1 FROM ledger_transactions WHERE idempotency_key = $1`, [key]),
      ).toHaveLength(0);
    });

    it('posts under a pre-assigned transaction id; without a savepoint a refusal leaves the header to the caller, whose COMMIT refuses it', async () => {
      const { wallet } = await fundedWallet(1_000n);
      const transactionId = randomUUID();
      const posted = await dataSource.transaction((manager) =>
        ledger.post(
          {
            kind: 'transfer',
            idempotencyKey: `test:${randomUUID()}`,
            transactionId,
            entries: [
              { accountId: wallet, amountCents: -250n },
              { accountId: escrow, amountCents: 250n },
            ],
          },
          manager,
          { savepoint: false },
        ),
      );
      expect(posted).toMatchObject({ transactionId, replayed: false });
      expect(posted.balances.get(wallet)).toBe(750n);

      // A caller that swallows the refusal and commits anyway: the header without entries is unbalanced at COMMIT.
      const refusedKey = `test:${randomUUID()}`;
      await expect(
        dataSource.transaction(async (manager) => {
          await ledger
            .post(
              {
                kind: 'transfer',
                idempotencyKey: refusedKey,
                entries: [
                  { accountId: wallet, amountCents: -5_000n },
                  { accountId: escrow, amountCents: 5_000n },
                ],
              },
              manager,
              { savepoint: false },
            )
            .catch((error: unknown) => expect(error).toBeInstanceOf(InsufficientFundsError));
        }),
      ).rejects.toThrow(/unbalanced/);
      expect(await ledger.balanceOf(wallet)).toBe(750n);
      expect(
        await dataSource.query(`SELECT 1 FROM ledger_transactions WHERE idempotency_key = $1`, [refusedKey]),
      ).toHaveLength(0);
      await expect(
        ledger.post({
          kind: 'transfer',
          idempotencyKey: `test:${randomUUID()}`,
          transactionId: 'not-a-uuid',
          entries: [
            { accountId: wallet, amountCents: -1n },
            { accountId: escrow, amountCents: 1n },
          ],
        }),
      ).rejects.toBeInstanceOf(LedgerInvariantError);
    });

    it('creates one wallet per user even when asked concurrently', async () => {
      const userId = await insertUser(testApp.databaseUrl);
      const ids = await Promise.all(Array.from({ length: 10 }, () => ledger.ensureWallet(userId)));
      expect(new Set(ids).size).toBe(1);
      expect(await ledger.walletBalance(userId)).toBe(0n);
      expect(await ledger.walletBalance(await insertUser(testApp.databaseUrl))).toBe(0n);
    });
  });

  describe('the database enforces the rules on its own', () => {
    it.each([
      ['UPDATE ledger_entries SET amount_cents = amount_cents + 1'],
      ['DELETE FROM ledger_entries'],
      ['TRUNCATE ledger_entries CASCADE'],
      [`UPDATE ledger_transactions SET kind = 'transfer'`],
      ['DELETE FROM ledger_transactions'],
      ['TRUNCATE ledger_transactions CASCADE'],
      ['DELETE FROM ledger_accounts'],
      ['UPDATE ledger_accounts SET balance_cents = balance_cents + 100'],
      [`UPDATE ledger_accounts SET kind = 'escrow' WHERE kind = 'platform_fee'`],
      [`UPDATE ledger_accounts SET shard = shard + 1 WHERE kind = 'provider_clearing'`],
    ])('rejects %s', async (statement) => {
      await fundedWallet(2_000n);
      await withClient(testApp.databaseUrl, async (client) => {
        await expect(client.query(statement)).rejects.toThrow(
          /append-only|never removed|only through ledger entries|immutable/,
        );
      });
    });

    it('rejects an unbalanced transaction at COMMIT, however it was inserted', async () => {
      const { wallet } = await fundedWallet(2_000n);
      await withClient(testApp.databaseUrl, async (client) => {
        const insertTransaction = async () => {
          const result = await client.query<{ id: string }>(
            `INSERT INTO ledger_transactions (kind, idempotency_key, request_hash) VALUES ('transfer', $1, repeat('0', 64)) RETURNING id`,
            [`raw:${randomUUID()}`],
          );
          return result.rows[0].id;
        };
        // Two entries that do not sum to zero.
        await client.query('BEGIN');
        let tx = await insertTransaction();
        await client.query(
          `INSERT INTO ledger_entries (transaction_id, account_id, amount_cents) VALUES ($1, $2, 100), ($1, $3, -99)`,
          [tx, escrow, wallet],
        );
        await expect(client.query('COMMIT')).rejects.toThrow(/unbalanced/);

        // A single entry.
        await client.query('BEGIN');
        tx = await insertTransaction();
        await client.query(
          `INSERT INTO ledger_entries (transaction_id, account_id, amount_cents) VALUES ($1, $2, 100)`,
          [tx, escrow],
        );
        await expect(client.query('COMMIT')).rejects.toThrow(/unbalanced/);

        // A transaction without entries.
        await client.query('BEGIN');
        await insertTransaction();
        await expect(client.query('COMMIT')).rejects.toThrow(/unbalanced/);

        // An entry added later to an old, balanced transaction.
        const old = await client.query<{ transaction_id: string }>(
          `SELECT transaction_id FROM ledger_entries WHERE account_id = $1 LIMIT 1`,
          [wallet],
        );
        await expect(
          client.query(`INSERT INTO ledger_entries (transaction_id, account_id, amount_cents) VALUES ($1, $2, 5)`, [
            old.rows[0].transaction_id,
            escrow,
          ]),
        ).rejects.toThrow(/unbalanced/);

        // Zero entries are refused outright.
        await client.query('BEGIN');
        tx = await insertTransaction();
        await expect(
          client.query(
            `INSERT INTO ledger_entries (transaction_id, account_id, amount_cents) VALUES ($1, $2, 0), ($1, $3, 0)`,
            [tx, escrow, wallet],
          ),
        ).rejects.toThrow(/CHK_ledger_entries_amount/);
        await client.query('ROLLBACK');
      });
      expect(await ledger.balanceOf(wallet)).toBe(2_000n);
    });

    it('keeps a wallet at zero or above even for balanced SQL written by hand (CHECK)', async () => {
      const { wallet } = await fundedWallet(1_000n);
      await withClient(testApp.databaseUrl, async (client) => {
        await client.query('BEGIN');
        const tx = await client.query<{ id: string }>(
          `INSERT INTO ledger_transactions (kind, idempotency_key, request_hash) VALUES ('transfer', $1, repeat('0', 64)) RETURNING id`,
          [`raw:${randomUUID()}`],
        );
        await expect(
          client.query(
            `INSERT INTO ledger_entries (transaction_id, account_id, amount_cents) VALUES ($1, $2, -1001), ($1, $3, 1001)`,
            [tx.rows[0].id, wallet, escrow],
          ),
        ).rejects.toThrow(/CHK_ledger_accounts_non_negative/);
        await client.query('ROLLBACK');
      });
      expect(await ledger.balanceOf(wallet)).toBe(1_000n);
    });
  });

  describe('under concurrency', () => {
    it('20 parallel $10 withdrawals against $70: exactly 7 succeed and the wallet ends at zero', async () => {
      const { wallet } = await fundedWallet(7_000n);
      const results = await Promise.allSettled(Array.from({ length: 20 }, () => move(wallet, escrow, 1_000n)));
      const succeeded = results.filter((result) => result.status === 'fulfilled');
      const refused = results.filter((result) => result.status === 'rejected');
      expect(succeeded).toHaveLength(7);
      for (const result of refused)
        expect((result as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientFundsError);
      expect(await ledger.balanceOf(wallet)).toBe(0n);
    });

    it('50 parallel transfers in both directions between two wallets finish without deadlock', async () => {
      const a = await fundedWallet(100_000n);
      const b = await fundedWallet(100_000n);
      const amounts = Array.from({ length: 50 }, (_, index) => BigInt(100 + index));
      const results = await Promise.allSettled(
        amounts.map((cents, index) =>
          index % 2 === 0 ? move(a.wallet, b.wallet, cents) : move(b.wallet, a.wallet, cents),
        ),
      );
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
      const aToB = amounts.filter((_, index) => index % 2 === 0).reduce((sum, cents) => sum + cents, 0n);
      const bToA = amounts.filter((_, index) => index % 2 === 1).reduce((sum, cents) => sum + cents, 0n);
      expect(await ledger.balanceOf(a.wallet)).toBe(100_000n - aToB + bToA);
      expect(await ledger.balanceOf(b.wallet)).toBe(100_000n + aToB - bToA);
    });

    it('the same idempotency key posted 20 times at once moves money once', async () => {
      const { wallet } = await fundedWallet(10_000n);
      const key = `test:${randomUUID()}`;
      const results = await Promise.all(Array.from({ length: 20 }, () => move(wallet, escrow, 2_500n, key)));
      expect(new Set(results.map((result) => result.transactionId)).size).toBe(1);
      expect(results.filter((result) => !result.replayed)).toHaveLength(1);
      expect(await ledger.balanceOf(wallet)).toBe(7_500n);
    });
  });
});
