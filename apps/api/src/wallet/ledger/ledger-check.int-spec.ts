import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { createTestApp, TestApp } from '../../../test/test-app';
import { insertUser, withClient } from '../../../test/wallet-helpers';
import { LedgerService } from './ledger.service';

const ROOT = resolve(__dirname, '../../../../..');

/** Runs `npm run ledger:check`'s script as a separate process against the test database. */
function runLedgerCheck(databaseUrl: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolveRun) => {
    execFile(
      process.execPath,
      [resolve(ROOT, 'tools/ledger-check.mjs')],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolveRun({ code, stdout, stderr });
      },
    );
  });
}

/**
 * `ledger:check` passes on a healthy ledger and fails loudly on a corrupted one. The corruption happens in this
 * file's own database only, with the triggers switched off for the corrupting session (superuser, replica role).
 */
describe('npm run ledger:check (tools/ledger-check.mjs)', () => {
  let testApp: TestApp;
  let ledger: LedgerService;

  beforeAll(async () => {
    testApp = await createTestApp({ WITHDRAWAL_PROCESSOR_ENABLED: 'false' });
    ledger = testApp.app.get(LedgerService);
    const userId = await insertUser(testApp.databaseUrl);
    const wallet = await ledger.ensureWallet(userId);
    await ledger.post({
      kind: 'deposit',
      idempotencyKey: `check:${randomUUID()}`,
      entries: [
        { accountId: wallet, amountCents: 2_500n },
        { accountId: await ledger.systemAccount('provider_clearing'), amountCents: -2_500n },
      ],
    });
  });
  afterAll(() => testApp.close());

  it('passes (exit 0) on a consistent ledger', async () => {
    const result = await runLedgerCheck(testApp.databaseUrl);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('Ledger check passed: all 9 invariants hold.');
    expect(result.code).toBe(0);
  });

  it('fails (exit 1) with a readable report when entries were tampered with behind the triggers', async () => {
    const escrow = await ledger.systemAccount('escrow');
    const wallet = (
      await withClient(testApp.databaseUrl, (client) =>
        client.query<{ id: string }>(`SELECT id FROM ledger_accounts WHERE kind = 'user_wallet' LIMIT 1`),
      )
    ).rows[0].id;
    await withClient(testApp.databaseUrl, async (client) => {
      // The superuser switches off every user trigger for this session, drops the CHECK, and writes what the ledger forbids.
      await client.query(`SET session_replication_role = replica`);
      const tx = await client.query<{ id: string }>(
        `INSERT INTO ledger_transactions (kind, idempotency_key, request_hash) VALUES ('transfer', 'corrupt-1', repeat('0', 64)) RETURNING id`,
      );
      await client.query(`INSERT INTO ledger_entries (transaction_id, account_id, amount_cents) VALUES ($1, $2, 777)`, [
        tx.rows[0].id,
        escrow,
      ]);
      await client.query(`ALTER TABLE ledger_accounts DROP CONSTRAINT "CHK_ledger_accounts_non_negative"`);
      await client.query(`UPDATE ledger_accounts SET balance_cents = -5 WHERE id = $1`, [wallet]);
    });

    const result = await runLedgerCheck(testApp.databaseUrl);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Ledger check FAILED: 4 of 9 invariants violated.');
    expect(result.stdout).toMatch(/FAIL All ledger entries together sum to zero — \d+ entries sum to 777 cents/);
    expect(result.stdout).toMatch(
      /transaction [0-9a-f-]{36} \(transfer, key corrupt-1\): 1 entries summing to 777 cents/,
    );
    expect(result.stdout).toMatch(
      new RegExp(`account ${escrow} \\(escrow\\): cached 0 cents, entries sum to 777 cents`),
    );
    expect(result.stdout).toMatch(new RegExp(`account ${wallet} \\(user_wallet, user [0-9a-f-]{36}\\) has -5 cents`));
  });
});
