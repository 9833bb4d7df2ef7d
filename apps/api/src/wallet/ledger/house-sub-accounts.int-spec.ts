import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomUUID } from 'node:crypto';
import { bearer, registerUser } from '../../../test/auth-helpers';
import { createTestApp, TestApp } from '../../../test/test-app';
import { connect, expectLedgerConsistent, withClient } from '../../../test/wallet-helpers';
import { eventually } from '../../rooms/testing/rooms-test-kit';
import { shardOf } from './ledger.service';

/**
 * Hot house accounts split into sub-accounts (decision 2801): deposits spread over the provider clearing
 * sub-accounts, so one deposit's lock on a clearing row no longer holds up unrelated players, and every reader that
 * sums a kind's rows still sees exact totals.
 */
describe('house sub-accounts (real PostgreSQL)', () => {
  let testApp: TestApp;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000', WITHDRAWAL_PROCESSOR_ENABLED: 'false' });
    app = testApp.app;
  });
  afterEach(() => expectLedgerConsistent(testApp.databaseUrl));
  afterAll(() => testApp.close());

  const deposit = (token: string, amountDollars: number) =>
    app.inject({
      method: 'POST',
      url: '/api/transactions/deposit',
      headers: { ...bearer(token), 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      payload: JSON.stringify({ amount: amountDollars, payment_method: 'card' }),
    });

  const clearingTotal = () =>
    withClient(testApp.databaseUrl, async (client) => {
      const { rows } = await client.query<{ total: string }>(
        `SELECT coalesce(sum(balance_cents), 0)::text AS total FROM ledger_accounts WHERE kind = 'provider_clearing'`,
      );
      return BigInt(rows[0].total);
    });

  it('has 16 sub-accounts for provider clearing, escrow and the platform fee, one for every other house account', async () => {
    const rows = await withClient(testApp.databaseUrl, async (client) => {
      const result = await client.query<{ kind: string; shards: string }>(
        `SELECT kind, string_agg(shard::text, ',' ORDER BY shard) AS shards FROM ledger_accounts
          WHERE kind NOT IN ('user_wallet', 'tournament_escrow') GROUP BY kind ORDER BY kind`,
      );
      return Object.fromEntries(result.rows.map((row) => [row.kind, row.shards]));
    });
    const sixteen = Array.from({ length: 16 }, (_, shard) => shard).join(',');
    expect(rows).toEqual({
      escrow: sixteen,
      pending_withdrawals: '0',
      platform_fee: sixteen,
      player_receivables: '0',
      promotions: '0',
      provider_clearing: sixteen,
    });
  });

  it('picks a sub-account by a stable hash that reaches every sub-account', () => {
    expect(shardOf('deposit:3f1c2a9e-0000-4000-8000-000000000001', 16)).toBe(
      shardOf('deposit:3f1c2a9e-0000-4000-8000-000000000001', 16),
    );
    const seen = new Set(Array.from({ length: 1000 }, () => shardOf(`deposit:${randomUUID()}`, 16)));
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, shard) => shard));
  });

  it('spreads concurrent deposits over the clearing sub-accounts and the sums stay exact', async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => registerUser(app)));
    const before = await clearingTotal();
    const amounts = Array.from({ length: 24 }, (_, i) => 5 + (i % 7));
    const responses = await Promise.all(
      amounts.map((amount, i) => deposit(players[i % players.length].accessToken, amount)),
    );
    expect(
      responses.map((response) => `${response.statusCode} ${response.statusCode === 201 ? '' : response.body}`),
    ).toEqual(amounts.map(() => '201 '));

    const depositedCents = BigInt(amounts.reduce((sum, amount) => sum + amount, 0) * 100);
    expect(before - (await clearingTotal())).toBe(depositedCents);
    const { wallets, subAccountsUsed } = await withClient(testApp.databaseUrl, async (client) => {
      const result = await client.query<{ wallets: string; sub_accounts: number }>(
        `SELECT (SELECT sum(balance_cents) FROM ledger_accounts WHERE user_id = ANY($1::uuid[]))::text AS wallets,
                (SELECT count(DISTINCT e.account_id) FROM ledger_entries e
                   JOIN ledger_transactions t ON t.id = e.transaction_id
                   JOIN ledger_accounts a ON a.id = e.account_id
                  WHERE t.kind = 'deposit' AND a.kind = 'provider_clearing' AND t.user_id = ANY($1::uuid[]))::int AS sub_accounts`,
        [players.map((player) => player.user.id)],
      );
      return { wallets: BigInt(result.rows[0].wallets), subAccountsUsed: result.rows[0].sub_accounts };
    });
    expect(wallets).toBe(depositedCents);
    // 24 deposits over 16 sub-accounts: all on one would mean the spreading does not happen.
    expect(subAccountsUsed).toBeGreaterThan(1);
  });

  it('lets deposits through while another transaction holds the first clearing sub-account', async () => {
    const players = await Promise.all(Array.from({ length: 8 }, () => registerUser(app)));
    const blocker = await connect(testApp.databaseUrl);
    try {
      await blocker.query('BEGIN');
      await blocker.query(`SELECT id FROM ledger_accounts WHERE kind = 'provider_clearing' AND shard = 0 FOR UPDATE`);
      let answered = 0;
      const pending = players.map((player) =>
        deposit(player.accessToken, 5).then((response) => {
          answered++;
          return response;
        }),
      );
      // With one clearing row every deposit would wait for the blocker; with 16, those hashed elsewhere finish.
      await eventually(() => answered > 0, 60_000, 'a deposit on another clearing sub-account');
      await blocker.query('ROLLBACK');
      const responses = await Promise.all(pending);
      expect(responses.map((response) => response.statusCode)).toEqual(players.map(() => 201));
    } finally {
      await blocker.end();
    }
  }, 120_000);
});
