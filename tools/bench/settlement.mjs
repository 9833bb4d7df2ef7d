#!/usr/bin/env node
// npm run bench:settlement — finished duels settled per second with a platform fee (PLATFORM_FEE_BPS=500), through
// the API's own settlement (MatchSettlementService.closeRound: room and match locked, escrow → winner + fee, stakes
// released, match closed, fair-play flags, ratings, leaderboard counters, room finished) vs. the same postings in raw
// SQL (lock room and match, lock the three accounts, insert the transaction and its three entries, release the
// stakes, close the match, finish the room) on the same database in the same run, then `ledger:check`.
//
// The API side runs the application (from source, compiled on load like the test entries) in a process of its own,
// without HTTP: a settlement is started by the match timer, not by a request. That process also seeds the duels
// through the real services (funded players; rooms with both stakes in escrow; matches playing). The raw side runs in
// this process. Rounds alternate and each settles a batch of BENCH_BATCH duels at BENCH_CLIENTS at once.
import { fork, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedPostgres } from '../postgres/embedded.mjs';
import { loadAverage, mean, reportResult, root, today } from './server.mjs';

const clients = Number(process.env.BENCH_CLIENTS ?? 8);
const batch = Number(process.env.BENCH_BATCH ?? 300);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const playerCount = Number(process.env.BENCH_SETTLEMENT_PLAYERS ?? 64);
const FEE_BPS = 500;
const BET_CENTS = 500n;
const GOAL_RATIO = 0.7;

const HARNESS_ENV = {
  NODE_ENV: 'production',
  APP_BASE_URL: 'http://127.0.0.1:1',
  WEB_DIST_DIR: join(root, 'dist/apps/web'),
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-000000',
  LOG_LEVEL: 'warn',
  PLATFORM_FEE_BPS: String(FEE_BPS),
  // The seeded matches are in no process's memory: crash recovery must not void them during the run.
  MATCH_STALE_AFTER_SECONDS: '3600',
  MATCHMAKING_INTERVAL_MS: '60000',
};

/** Runs `work` on each item with `concurrency` workers; resolves with the elapsed milliseconds. */
async function timedPool(items, concurrency, work) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
  return performance.now() - started;
}

// ── The application's process ────────────────────────────────────────────────────────────────────────────────────

async function harness() {
  const require = createRequire(import.meta.url);
  require(join(root, 'tools/register-ts.cjs'));
  const { loadConfig } = require(join(root, 'apps/api/src/config/app-config.ts'));
  const { createApp } = require(join(root, 'apps/api/src/bootstrap.ts'));
  const { LedgerService } = require(join(root, 'apps/api/src/wallet/ledger/ledger.service.ts'));
  const { RoomsRepository } = require(join(root, 'apps/api/src/rooms/rooms.repository.ts'));
  const { MatchesRepository } = require(join(root, 'apps/api/src/rooms/matches.repository.ts'));
  const { RoomEscrowService } = require(join(root, 'apps/api/src/rooms/room-escrow.service.ts'));
  const { MatchSettlementService } = require(join(root, 'apps/api/src/rooms/match-settlement.service.ts'));

  const app = await createApp(loadConfig(), { logger: false });
  await app.init();
  const ledger = app.get(LedgerService);
  const rooms = app.get(RoomsRepository);
  const matches = app.get(MatchesRepository);
  const escrow = app.get(RoomEscrowService);
  const settlement = app.get(MatchSettlementService);
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();

  const players = [];
  for (let i = 0; i < playerCount; i++) {
    const { rows } = await db.query(
      `INSERT INTO users (username, can_deposit, can_withdraw) VALUES ($1, true, true) RETURNING id`,
      [`settle_${i}_${randomUUID().slice(0, 8)}`],
    );
    const userId = rows[0].id;
    const key = `bench-funding:${userId}`;
    await ledger.post({
      kind: 'deposit',
      idempotencyKey: key,
      entries: [
        { accountId: await ledger.ensureWallet(userId), amountCents: 100_000_000n },
        { accountId: await ledger.systemAccount('provider_clearing', key), amountCents: -100_000_000n },
      ],
    });
    players.push(userId);
  }

  /** One room with both stakes in escrow and its first round playing, as match-lifecycle leaves it. */
  async function seedDuel(index) {
    const roomId = `room_${randomUUID().replaceAll('-', '')}`;
    const player1Id = players[(index * 2) % players.length];
    const player2Id = players[(index * 2 + 1 + Math.floor(index / players.length)) % players.length];
    await rooms.transaction(async (manager) => {
      await rooms.insertRoom(manager, {
        id: roomId,
        gameId: 'number-rush',
        betCents: BET_CENTS,
        isPrivate: false,
        passwordHash: null,
        player1Id,
        expirySeconds: 3600,
      });
      await rooms.lockRoom(manager, roomId);
      await rooms.setPlayer2(manager, roomId, player2Id, 3600);
      await escrow.stake(manager, roomId, 1, player1Id, BET_CENTS);
      await escrow.stake(manager, roomId, 1, player2Id, BET_CENTS);
      await matches.insertMatch(manager, {
        roomId,
        round: 1,
        gameId: 'number-rush',
        player1Id,
        player2Id,
        betCents: BET_CENTS,
        timeLimitMs: 60_000,
        seed: 'bench',
        seedHash: '0'.repeat(64),
        instanceId: 'bench-settlement',
        countdownMs: 0,
      });
      await rooms.setStatus(manager, roomId, 'playing');
    });
    await matches.markPlaying(matches.runner, roomId, 1, new Date());
    return { roomId, player1Id, player2Id };
  }

  const decision = {
    outcome: 'player1',
    reason: 'completed',
    scores: [10, 7],
    displayScores: [10, 7],
    flags: [0, 0],
    durationMs: 30_000,
    inputLog: [],
  };

  process.on('message', async (message) => {
    try {
      if (message.type === 'seed') {
        const duels = [];
        let index = message.from;
        await timedPool(Array.from({ length: message.count }), clients, async () => {
          duels.push(await seedDuel(index++));
        });
        process.send({ type: 'seeded', duels });
      } else if (message.type === 'settle') {
        const elapsedMs = await timedPool(message.roomIds, clients, async (roomId) => {
          if (!(await settlement.closeRound(roomId, 1, decision))) throw new Error(`room ${roomId} was not settled`);
        });
        process.send({ type: 'settled', elapsedMs });
      } else if (message.type === 'stop') {
        await db.end();
        await app.close();
        process.exit(0);
      }
    } catch (error) {
      process.send({ type: 'error', message: error instanceof Error ? error.stack : String(error) });
    }
  });
  process.send({ type: 'ready' });
}

// ── The raw SQL baseline (this process) ──────────────────────────────────────────────────────────────────────────

/** The same postings and row changes as a settlement with a winner, in plain SQL, one transaction per duel. */
async function rawSettle(client, duel, feeAccountIds) {
  const potCents = BET_CENTS * 2n;
  const feeCents = (potCents * BigInt(FEE_BPS)) / 10_000n;
  await client.query('BEGIN');
  await client.query(`SELECT id FROM rooms WHERE id = $1 FOR UPDATE`, [duel.roomId]);
  await client.query(`SELECT id FROM matches WHERE room_id = $1 AND round = 1 FOR UPDATE`, [duel.roomId]);
  const stakes = await client.query(
    `SELECT s.user_id, s.amount_cents, e.account_id AS escrow_id FROM room_stakes s
       JOIN ledger_entries e ON e.transaction_id = s.bet_transaction_id
       JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'escrow'
      WHERE s.room_id = $1 AND s.round = 1 AND s.state = 'held'`,
    [duel.roomId],
  );
  const escrowId = stakes.rows[0].escrow_id;
  const feeId = feeAccountIds[Math.floor(Math.random() * feeAccountIds.length)];
  const wallet = await client.query(`SELECT id FROM ledger_accounts WHERE kind = 'user_wallet' AND user_id = $1`, [
    duel.player1Id,
  ]);
  const walletId = wallet.rows[0].id;
  await client.query(
    `SELECT id FROM ledger_accounts WHERE id = ANY($1::uuid[]) ORDER BY kind <> 'user_wallet', id FOR UPDATE`,
    [[walletId, escrowId, feeId]],
  );
  const { rows } = await client.query(
    `INSERT INTO ledger_transactions (kind, idempotency_key, request_hash, room_id, user_id, metadata)
     VALUES ('win', $1, 'bench', $2, $3, '{"round":1}'::jsonb) RETURNING id`,
    [`bench-raw:${duel.roomId}:1:settle`, duel.roomId, duel.player1Id],
  );
  const transactionId = rows[0].id;
  await client.query(
    `INSERT INTO ledger_entries (transaction_id, account_id, amount_cents)
     SELECT $1, e.account_id, e.amount_cents FROM unnest($2::uuid[], $3::bigint[]) AS e(account_id, amount_cents)`,
    [
      transactionId,
      [escrowId, walletId, feeId],
      [(-potCents).toString(), (potCents - feeCents).toString(), feeCents.toString()],
    ],
  );
  await client.query(
    `UPDATE room_stakes SET state = 'settled', release_transaction_id = $2, released_at = now() WHERE room_id = $1 AND round = 1`,
    [duel.roomId, transactionId],
  );
  await client.query(
    `UPDATE matches SET status = 'finished', outcome = 'player1', reason = 'completed', winner_id = player1_id,
            pot_cents = $2, fee_cents = $3, payout_cents = $4, settlement_transaction_id = $5, ended_at = now()
      WHERE room_id = $1 AND round = 1`,
    [duel.roomId, potCents.toString(), feeCents.toString(), (potCents - feeCents).toString(), transactionId],
  );
  await client.query(`UPDATE rooms SET status = 'finished', updated_at = now() WHERE id = $1`, [duel.roomId]);
  await client.query('COMMIT');
}

async function rawRound(databaseUrl, duels, feeAccountIds) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: clients });
  try {
    return await timedPool(duels, clients, async (duel) => {
      const client = await pool.connect();
      try {
        await rawSettle(client, duel, feeAccountIds);
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    });
  } finally {
    await pool.end();
  }
}

function startHarness(databaseUrl) {
  const child = fork(fileURLToPath(import.meta.url), ['--harness'], {
    env: { ...process.env, ...HARNESS_ENV, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = [];
  child.on('message', (message) => waiting.shift()?.(message));
  child.once('exit', (code) => {
    for (const resolveNext of waiting.splice(0)) resolveNext({ type: 'error', message: `harness exited with ${code}` });
  });
  const next = () =>
    new Promise((resolveNext, reject) =>
      waiting.push((message) => (message.type === 'error' ? reject(new Error(message.message)) : resolveNext(message))),
    );
  return {
    ready: next(),
    async ask(message) {
      const answer = next();
      child.send(message);
      return answer;
    },
    stop: () =>
      new Promise((resolveStop) => {
        if (child.exitCode !== null) return resolveStop();
        child.once('exit', resolveStop);
        child.send({ type: 'stop' });
      }),
  };
}

async function main() {
  console.log(`bench:settlement — load average ${loadAverage()} at start`);
  const dataDir = mkdtempSync(join(tmpdir(), 'skillduel-bench-'));
  const postgres = await startEmbeddedPostgres({ dataDir });
  let harnessProcess;
  try {
    // The application migrates the database as it boots, as the server does.
    harnessProcess = startHarness(postgres.url);
    await harnessProcess.ready;
    const seeded = (await harnessProcess.ask({ type: 'seed', from: 0, count: batch * rounds * 2 + clients })).duels;
    const db = new pg.Client({ connectionString: postgres.url });
    await db.connect();
    const feeAccountIds = (
      await db.query(`SELECT id FROM ledger_accounts WHERE kind = 'platform_fee' ORDER BY shard`)
    ).rows.map((row) => row.id);
    await db.end();

    // Warm-up: a few duels each way (JIT, plan caches, pools).
    await harnessProcess.ask({ type: 'settle', roomIds: seeded.splice(0, clients / 2).map((duel) => duel.roomId) });
    await rawRound(postgres.url, seeded.splice(0, clients / 2), feeAccountIds);
    const api = [];
    const raw = [];
    for (let round = 0; round < rounds; round++) {
      const ours = seeded.splice(0, batch).map((duel) => duel.roomId);
      api.push(batch / ((await harnessProcess.ask({ type: 'settle', roomIds: ours })).elapsedMs / 1000));
      raw.push(batch / ((await rawRound(postgres.url, seeded.splice(0, batch), feeAccountIds)) / 1000));
      console.log(
        `round ${round + 1}: API settlement ${api.at(-1).toFixed(0)} duels/s, raw SQL ${raw.at(-1).toFixed(0)} duels/s`,
      );
    }
    const ratio = mean(api) / mean(raw);
    console.log(
      `\nsettlement — ${today()}, PLATFORM_FEE_BPS=${FEE_BPS}, ${clients} at once, ${rounds}×${batch} duels alternating`,
    );
    console.log(
      `API: ${mean(api).toFixed(0)} duels/s   raw SQL: ${mean(raw).toFixed(0)} duels/s   ratio: ${ratio.toFixed(2)} (goal ≥ ${GOAL_RATIO})`,
    );

    const check = spawnSync(process.execPath, [join(root, 'tools/ledger-check.mjs')], {
      env: { ...process.env, DATABASE_URL: postgres.url },
      encoding: 'utf8',
    });
    const summary = (check.stdout || check.stderr).trim().split('\n');
    console.log(
      `ledger:check exit ${check.status}: ${summary.find((line) => /Ledger check/.test(line)) ?? summary.at(-1)}`,
    );
    reportResult({
      bench: 'settlement',
      measure: `duels settled per second with a fee ÷ raw SQL, c=${clients}`,
      value: ratio,
      goal: `≥ ${GOAL_RATIO}`,
      met: ratio >= GOAL_RATIO,
    });
    if (check.status !== 0) process.exitCode = 1;
  } finally {
    await harnessProcess?.stop();
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--harness') {
  harness().catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
