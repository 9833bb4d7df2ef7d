// After the run: the database is read directly (the stack stopped) and every cent is accounted for. Each check is
// `{ name, ok, detail }`; `figures` carries the summary's numbers (lost/duplicated cents, stuck items).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../postgres/embedded.mjs';
import { STOP_TIMEOUT_MS } from './stack.mjs';
import { toCents } from './util.mjs';

export async function checkInvariants({ root, dataDir, players, stats, faultStats, rounds, expectCommitKills }) {
  const ledgerCheck = spawnSync(process.execPath, [join(root, 'tools/ledger-check.mjs')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  const postgres = await startEmbeddedPostgres({ dataDir });
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  const rows = async (sql, params = []) => (await client.query(sql, params)).rows;
  const results = [];
  const figures = { lostCents: 0n, duplicatedCents: 0n, stuckItems: 0 };
  const check = (name, ok, detail = '') => results.push({ name, ok, detail });
  try {
    check('ledger:check passes', ledgerCheck.status === 0, ledgerCheck.status === 0 ? '' : ledgerCheck.stdout);
    let wrongWallets = 0;
    let acceptedMissing = 0;
    const missingDetails = [];
    for (const player of players) {
      const accepted = (kind, status) => player.ops.filter((op) => op.kind === kind && op.status === status);
      const deposits = accepted('deposit', 201).reduce((sum, op) => sum + toCents(op.body.request.amount), 0n);
      const withdrawals = accepted('withdraw', 202).reduce((sum, op) => sum + toCents(op.body.request.amount), 0n);
      // Live rounds: what each round did to the wallet, as the client saw it or resolved it (live.mjs resolveRounds).
      const expected = deposits - withdrawals + (player.roundNetCents ?? 0n);
      const [wallet] = await rows(
        `SELECT a.balance_cents::text AS balance, COALESCE(SUM(e.amount_cents), 0)::text AS entries
           FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
          WHERE a.kind = 'user_wallet' AND a.user_id = $1 GROUP BY a.id`,
        [player.userId],
      );
      const balance = BigInt(wallet?.balance ?? '0');
      if (wallet && wallet.balance !== wallet.entries) wrongWallets++;
      if (balance < expected) figures.lostCents += expected - balance;
      if (balance > expected) figures.duplicatedCents += balance - expected;
      for (const op of [...accepted('deposit', 201), ...accepted('withdraw', 202)]) {
        const [found] = await rows(
          `SELECT count(*)::int AS n FROM ledger_transactions WHERE payment_id = $1 AND kind = $2`,
          [op.body.response.transaction.id, op.kind === 'deposit' ? 'deposit' : 'withdrawal'],
        );
        if (found.n !== 1) {
          acceptedMissing++;
          missingDetails.push(`${player.username} ${op.kind} ${op.key}: ${found.n} times`);
        }
      }
      // Each room a player was accepted into (create / join / quick match; a second join of one's own room answers 200
      // and escrows nothing) holds exactly one first-round stake of theirs.
      const roomOps = new Map();
      for (const op of player.ops.filter((o) => ['create', 'join', 'quick'].includes(o.kind) && o.status < 300)) {
        const roomId = op.body.response.room?.id ?? op.body.response.id;
        roomOps.set(roomId, (roomOps.get(roomId) ?? 0) + 1);
      }
      for (const [roomId, accepted] of roomOps) {
        const [stakes] = await rows(
          `SELECT count(*)::int AS n FROM room_stakes WHERE room_id = $1 AND user_id = $2
              AND round = (SELECT min(round) FROM room_stakes WHERE room_id = $1)`,
          [roomId, player.userId],
        );
        if (stakes.n !== 1) {
          acceptedMissing++;
          missingDetails.push(`${player.username} ${roomId}: ${accepted} accepted, ${stakes.n} stakes`);
        }
      }
    }
    check('every wallet balance equals the sum of its entries', wrongWallets === 0, `${wrongWallets} differ`);
    check(
      "every wallet equals the client's view of accepted operations",
      figures.lostCents === 0n && figures.duplicatedCents === 0n,
      `lost ${figures.lostCents} cents, duplicated ${figures.duplicatedCents} cents`,
    );
    check(
      'every accepted deposit, withdrawal, create, join and quick match is in the ledger exactly once',
      acceptedMissing === 0,
      `${acceptedMissing}: ${missingDetails.slice(0, 4).join(' | ')}`,
    );
    const [money] = await rows(
      `SELECT
         (SELECT COALESCE(SUM(amount_cents), 0) FROM wallet_payments WHERE direction = 'deposit' AND status = 'completed')::text AS deposits,
         (SELECT COALESCE(SUM(amount_cents), 0) FROM wallet_payments WHERE direction = 'withdrawal' AND status = 'completed')::text AS withdrawals,
         (SELECT COALESCE(SUM(balance_cents), 0) FROM ledger_accounts WHERE kind = 'user_wallet')::text AS wallets,
         (SELECT COALESCE(SUM(balance_cents), 0) FROM ledger_accounts WHERE kind = 'platform_fee')::text AS fees`,
    );
    check(
      'money in = deposits − withdrawals paid (+ fees), to the cent',
      BigInt(money.wallets) + BigInt(money.fees) === BigInt(money.deposits) - BigInt(money.withdrawals),
      JSON.stringify(money),
    );
    // A round held for fair-play review (decision 1802) is terminal for the soak: its two stakes stay in escrow.
    const heldRound = `EXISTS (SELECT 1 FROM matches m WHERE m.room_id = s.room_id AND m.round = s.round AND m.status = 'held')`;
    const [stuck] = await rows(
      `SELECT
         (SELECT count(*) FROM rooms WHERE status IN ('waiting', 'ready', 'playing'))::int AS rooms,
         (SELECT count(*) FROM room_stakes s WHERE s.state = 'held' AND NOT ${heldRound})::int AS stakes,
         (SELECT count(*) FROM matches WHERE status NOT IN ('finished', 'void', 'held'))::int AS matches,
         (SELECT count(*) FROM wallet_payments WHERE status NOT IN ('completed', 'failed'))::int AS payments,
         (SELECT count(*) FROM matches WHERE status = 'held')::int AS held_rounds,
         (SELECT COALESCE(SUM(s.amount_cents), 0) FROM room_stakes s WHERE s.state = 'held' AND ${heldRound})::text AS held_round_cents,
         (SELECT COALESCE(SUM(balance_cents), 0) FROM ledger_accounts WHERE kind = 'escrow')::text AS escrow_cents,
         (SELECT COALESCE(SUM(balance_cents), 0) FROM ledger_accounts WHERE kind = 'pending_withdrawals')::text AS pending_cents`,
    );
    figures.stuckItems = stuck.rooms + stuck.stakes + stuck.matches + stuck.payments;
    figures.heldRounds = stuck.held_rounds;
    check(
      'nothing stuck (rooms, stakes, matches, payments, withdrawals)',
      figures.stuckItems === 0 && stuck.pending_cents === '0',
      JSON.stringify(stuck),
    );
    check(
      'no stake left in escrow except the rounds held for review',
      BigInt(stuck.escrow_cents) === BigInt(stuck.held_round_cents) ||
        BigInt(stuck.escrow_cents) === -BigInt(stuck.held_round_cents),
      JSON.stringify(stuck),
    );
    check(
      'every live round the client saw agrees with the stored round',
      rounds.mismatches.length === 0,
      rounds.mismatches.slice(0, 3).join(' | '),
    );
    check(
      'the stack stops on Ctrl-C (SIGINT) within 30 s',
      stats.stopMs !== Infinity,
      `still running ${STOP_TIMEOUT_MS} ms after SIGINT`,
    );
    check('no client ever saw a 500', stats.http500.length === 0, stats.http500.slice(0, 3).join(' | '));
    const { kills } = faultStats;
    check(
      'at least 10 API kills, 2 PostgreSQL kills and 2 pauses',
      kills.api + kills.launcher + kills.commit >= 10 && kills.postgres >= 2 && kills.pause >= 2,
      JSON.stringify(kills),
    );
    if (expectCommitKills) {
      check(
        'a kill right after COMMIT happened and its retry was answered from the stored answer',
        kills.commit > 0 && stats.replays > 0,
        `${kills.commit} kills after COMMIT, ${stats.replays} replays`,
      );
    }
  } finally {
    await client.end();
    await postgres.stop();
  }
  return { results, figures };
}
