#!/usr/bin/env node
// npm run bench:ledger — deposits through the API at 8 concurrent clients vs. the same ledger debit/credit done
// with raw SQL (lock both accounts in id order, insert the transaction and its two entries) on the same database in
// the same run. Prints both TPS and the ratio, then runs ledger:check on the database. Both spread over the provider
// clearing sub-accounts (decision 2801): the API by a hash of the post's key, the raw SQL by a random pick.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { buildOnce, loadAverage, mean, reportResult, root, startStack, today } from './server.mjs';

const clients = Number(process.env.BENCH_CLIENTS ?? 8);
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);

async function registerUser(baseUrl, index) {
  const suffix = `${index}${randomUUID().slice(0, 8)}`;
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: `bench${suffix}`,
      email: `bench${suffix}@example.com`,
      password: 'bench-password-1',
      confirmPassword: 'bench-password-1',
    }),
  });
  if (!response.ok) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  const body = await response.json();
  // Every player confirms eligibility before their first deposit (docs/decisions/1501).
  const eligibility = await fetch(`${baseUrl}/api/users/me/eligibility`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${body.access_token}` },
    body: JSON.stringify({ date_of_birth: '1990-05-17', country: 'MX', accept_terms: true }),
  });
  if (!eligibility.ok) throw new Error(`eligibility failed: ${eligibility.status} ${await eligibility.text()}`);
  return { token: body.access_token, userId: body.user.id };
}

async function apiRound(baseUrl, users) {
  const deadline = Date.now() + durationSeconds * 1000;
  let done = 0;
  await Promise.all(
    users.map(async (user) => {
      while (Date.now() < deadline) {
        const response = await fetch(`${baseUrl}/api/transactions/deposit`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${user.token}`,
            'idempotency-key': randomUUID(),
          },
          body: JSON.stringify({ amount: 10, payment_method: 'card' }),
        });
        if (response.status !== 201) throw new Error(`deposit failed: ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
        done++;
      }
    }),
  );
  return done / durationSeconds;
}

async function rawRound(databaseUrl, walletIds, clearingIds) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: clients });
  const deadline = Date.now() + durationSeconds * 1000;
  let done = 0;
  await Promise.all(
    walletIds.map(async (walletId) => {
      const client = await pool.connect();
      try {
        while (Date.now() < deadline) {
          const clearingId = clearingIds[Math.floor(Math.random() * clearingIds.length)];
          await client.query('BEGIN');
          await client.query(
            'SELECT id, balance_cents FROM ledger_accounts WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE',
            [[walletId, clearingId]],
          );
          const { rows } = await client.query(
            `INSERT INTO ledger_transactions (kind, idempotency_key, request_hash, metadata)
             VALUES ('deposit', $1, 'bench', '{}'::jsonb) RETURNING id`,
            [`bench:${randomUUID()}`],
          );
          await client.query(
            `INSERT INTO ledger_entries (transaction_id, account_id, amount_cents)
             SELECT $1, e.account_id, e.amount_cents FROM unnest($2::uuid[], $3::bigint[]) AS e(account_id, amount_cents)`,
            [rows[0].id, [clearingId, walletId], ['-1000', '1000']],
          );
          await client.query('COMMIT');
          done++;
        }
      } finally {
        client.release();
      }
    }),
  );
  await pool.end();
  return done / durationSeconds;
}

async function main() {
  console.log(`bench:ledger — load average ${loadAverage()} at start`);
  buildOnce();
  const stack = await startStack({ env: { SANDBOX_DECLINE_CENTS: '-1' } });
  const baseUrl = stack.baseUrls[0];
  try {
    const users = [];
    for (let i = 0; i < clients; i++) users.push(await registerUser(baseUrl, i));
    await apiRound(baseUrl, users.slice(0, 1)); // creates the wallets and warms up
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    const wallets = await db.query(
      `SELECT id FROM ledger_accounts WHERE kind = 'user_wallet' AND user_id = ANY($1::uuid[])`,
      [users.map((user) => user.userId)],
    );
    const missing = users.length - wallets.rowCount;
    for (let i = 0; i < missing; i++) await apiRound(baseUrl, users); // every user deposits once
    const walletIds = (
      await db.query(`SELECT id FROM ledger_accounts WHERE kind = 'user_wallet' AND user_id = ANY($1::uuid[])`, [
        users.map((user) => user.userId),
      ])
    ).rows.map((row) => row.id);
    const clearingIds = (await db.query(`SELECT id FROM ledger_accounts WHERE kind = 'provider_clearing'`)).rows.map(
      (row) => row.id,
    );
    await db.end();

    const api = [];
    const raw = [];
    for (let round = 0; round < rounds; round++) {
      api.push(await apiRound(baseUrl, users));
      raw.push(await rawRound(stack.databaseUrl, walletIds, clearingIds));
      console.log(
        `round ${round + 1}: API deposits ${api.at(-1).toFixed(0)} TPS, raw SQL ${raw.at(-1).toFixed(0)} TPS`,
      );
    }
    const ratio = mean(api) / mean(raw);
    console.log(
      `\nledger deposits — ${today()}, ${clients} concurrent clients, ${rounds}×${durationSeconds}s alternating`,
    );
    console.log(
      `API: ${mean(api).toFixed(0)} TPS   raw SQL: ${mean(raw).toFixed(0)} TPS   ratio: ${ratio.toFixed(2)} (goal ≥ 0.80)`,
    );
    reportResult({
      bench: 'ledger',
      measure: `API deposits ÷ raw SQL, c=${clients}`,
      value: ratio,
      goal: '≥ 0.80',
      met: ratio >= 0.8,
    });

    const check = spawnSync(process.execPath, [join(root, 'tools/ledger-check.mjs')], {
      env: { ...process.env, DATABASE_URL: stack.databaseUrl },
      encoding: 'utf8',
    });
    const summary = (check.stdout || check.stderr).trim().split('\n');
    console.log(
      `ledger:check exit ${check.status}: ${summary.find((line) => /Ledger check/.test(line)) ?? summary.at(-1)}`,
    );
    if (check.status !== 0) process.exitCode = 1;
  } finally {
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
