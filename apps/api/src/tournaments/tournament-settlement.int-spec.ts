import type { TournamentDto } from '@skillduel/contracts';
import { sql } from '../../test/db';
import { createTestApp, TestApp } from '../../test/test-app';
import { expectLedgerConsistent, withClient } from '../../test/wallet-helpers';
import { balanceCents } from '../rooms/testing/rooms-test-kit';
import { checkLedgerInvariants } from '../wallet/ledger/ledger-invariants';
import { TournamentLifecycleService } from './tournament-lifecycle.service';
import { TournamentsTestKit } from './testing/tournaments-test-kit';

/**
 * Settling finished arenas on real PostgreSQL: the prize table paid to the cent with a tie on a paid place, a
 * guaranteed table topped up from promotions, each prize posted once, the escrow empty after, and the scheduler's
 * `runDue` moving tournaments on at their times.
 */
describe('Tournaments: settlement of a finished arena (real PostgreSQL)', () => {
  let testApp: TestApp;
  let kit: TournamentsTestKit;
  let lifecycle: TournamentLifecycleService;

  beforeAll(async () => {
    testApp = await createTestApp({ WITHDRAWAL_PROCESSOR_ENABLED: 'false' });
    kit = new TournamentsTestKit(testApp.app, testApp.databaseUrl);
    lifecycle = testApp.app.get(TournamentLifecycleService);
  });
  afterEach(() => expectLedgerConsistent(testApp.databaseUrl));
  afterAll(() => testApp.close());

  it('pays a pooled table to the cent; two players tied on a paid place share it, the odd cent to who entered first', async () => {
    // 3 entries × $10, no rake: a $30.00 pool. 50 % / 33.33 % / 16.67 % floor to 1500, 999 and 500 cents; the one
    // cent the floors leave goes to first place (1501).
    const tournament = await kit.create({ entry_fee: 10, rake_bps: 0, payout_table: [50, 33.33, 16.67] });
    const [winner, tiedFirstIn, tiedSecondIn] = await kit.players(3, 10);
    for (const player of [winner, tiedFirstIn, tiedSecondIn]) await kit.enter(player, tournament.id);
    expect(await lifecycle.start(tournament.id)).toBe('running');
    const instant = new Date('2026-11-27T20:15:00.123456Z');
    await kit.score(tournament.id, winner, 120, new Date('2026-11-27T20:20:00Z'));
    // Same score at the same instant: a true tie for places 2 and 3 (999 + 500 = 1499 cents, 750 and 749).
    await kit.score(tournament.id, tiedSecondIn, 90, instant);
    await kit.score(tournament.id, tiedFirstIn, 90, instant);

    const [first, second] = await Promise.all([lifecycle.finish(tournament.id), lifecycle.finish(tournament.id)]);
    expect([first, second]).toEqual(['finished', 'finished']);
    expect(await balanceCents(testApp.databaseUrl, winner.user.id)).toBe(1_501n);
    expect(await balanceCents(testApp.databaseUrl, tiedFirstIn.user.id)).toBe(750n);
    expect(await balanceCents(testApp.databaseUrl, tiedSecondIn.user.id)).toBe(749n);
    expect(await kit.escrowCents(tournament.id)).toBe(0n);
    expect(await kit.postings(tournament.id, 'win')).toBe(3);
    const prizes = await sql<{ place: number; amount: string }>(
      testApp.databaseUrl,
      `SELECT place, amount_cents::text AS amount FROM tournament_prizes WHERE tournament_id = $1 ORDER BY amount_cents DESC`,
      [tournament.id],
    );
    expect(prizes).toEqual([
      { place: 1, amount: '1501' },
      { place: 2, amount: '750' },
      { place: 2, amount: '749' },
    ]);
    const view = await testApp.app.inject({ method: 'GET', url: `/api/tournaments/${tournament.id}` });
    expect(view.json<TournamentDto>()).toMatchObject({ status: 'finished', prize_pool: 30 });
    expect(view.json<TournamentDto>().seed).toMatch(/^[0-9a-f]{64}$/);
  });

  it('takes the rake to revenue at the lock and ranks the same score by the earlier time it was reached', async () => {
    const platformBefore = await kit.systemCents('platform_fee');
    // 4 × $5 = $20, 10 % rake = $2; pool $18: 70 % = 1260, 30 % = 540.
    const tournament = await kit.create({ entry_fee: 5, rake_bps: 1_000, payout_table: [70, 30] });
    const [early, late, third, idle] = await kit.players(4, 5);
    for (const player of [late, early, third, idle]) await kit.enter(player, tournament.id);
    await lifecycle.start(tournament.id);
    expect((await kit.systemCents('platform_fee')) - platformBefore).toBe(200n);
    await kit.score(tournament.id, late, 80, new Date('2026-11-27T20:30:00Z'));
    await kit.score(tournament.id, early, 80, new Date('2026-11-27T20:10:00Z'));
    await kit.score(tournament.id, third, 10, new Date('2026-11-27T20:05:00Z'));
    expect(await lifecycle.finish(tournament.id)).toBe('finished');
    expect(await balanceCents(testApp.databaseUrl, early.user.id)).toBe(1_260n);
    expect(await balanceCents(testApp.databaseUrl, late.user.id)).toBe(540n);
    expect(await balanceCents(testApp.databaseUrl, third.user.id)).toBe(0n);
    expect(await balanceCents(testApp.databaseUrl, idle.user.id)).toBe(0n);
    expect(await kit.escrowCents(tournament.id)).toBe(0n);
  });

  it('tops a guaranteed table up from promotions when the entries do not cover it, recorded as a top-up', async () => {
    const promotionsBefore = await kit.systemCents('promotions');
    // Table $100 + $50 = $150; 3 × $10 entries: the house adds $120.
    const tournament = await kit.create({ entry_fee: 10, prize_mode: 'guaranteed', payout_table: [100, 50] });
    const players = await kit.players(3, 10);
    for (const player of players) await kit.enter(player, tournament.id);
    await lifecycle.start(tournament.id);
    expect(await kit.postings(tournament.id, 'tournament_topup')).toBe(1);
    expect(promotionsBefore - (await kit.systemCents('promotions'))).toBe(12_000n);
    expect(await kit.escrowCents(tournament.id)).toBe(15_000n);
    await kit.score(tournament.id, players[2], 50, new Date('2026-11-27T20:00:00Z'));
    await kit.score(tournament.id, players[0], 40, new Date('2026-11-27T20:00:00Z'));
    expect(await lifecycle.finish(tournament.id)).toBe('finished');
    expect(await balanceCents(testApp.databaseUrl, players[2].user.id)).toBe(10_000n);
    expect(await balanceCents(testApp.databaseUrl, players[0].user.id)).toBe(5_000n);
    expect(await balanceCents(testApp.databaseUrl, players[1].user.id)).toBe(0n);
    expect(await kit.escrowCents(tournament.id)).toBe(0n);
  });

  it('a guaranteed table the entries more than cover: the rest is revenue; places nobody reached go to first', async () => {
    const platformBefore = await kit.systemCents('platform_fee');
    const tournament = await kit.create({ entry_fee: 10, prize_mode: 'guaranteed', payout_table: [15, 5, 2] });
    const players = await kit.players(3, 10);
    for (const player of players) await kit.enter(player, tournament.id);
    await lifecycle.start(tournament.id);
    // $30 of entries for a $22 table: $8 to revenue, no top-up.
    expect((await kit.systemCents('platform_fee')) - platformBefore).toBe(800n);
    expect(await kit.postings(tournament.id, 'tournament_topup')).toBe(0);
    await kit.score(tournament.id, players[1], 7, new Date('2026-11-27T20:00:00Z'));
    expect(await lifecycle.finish(tournament.id)).toBe('finished');
    expect(await balanceCents(testApp.databaseUrl, players[1].user.id)).toBe(2_200n);
  });

  it('nobody scored: the lock is undone and every entry refunded', async () => {
    const promotionsBefore = await kit.systemCents('promotions');
    const tournament = await kit.create({ entry_fee: 10, prize_mode: 'guaranteed', payout_table: [100] });
    const players = await kit.players(2, 10);
    for (const player of players) await kit.enter(player, tournament.id);
    await lifecycle.start(tournament.id);
    expect(await lifecycle.finish(tournament.id)).toBe('cancelled');
    for (const player of players) expect(await balanceCents(testApp.databaseUrl, player.user.id)).toBe(1_000n);
    expect(await kit.systemCents('promotions')).toBe(promotionsBefore);
  });

  it('runDue starts what is due and settles what has ended; ledger:check names a tournament whose escrow is not empty', async () => {
    const tournament = await kit.create({ entry_fee: 2, rake_bps: 0, payout_table: [100] });
    const players = await kit.players(2, 5);
    for (const player of players) await kit.enter(player, tournament.id);
    const startsAt = new Date(tournament.starts_at);
    expect(await lifecycle.runDue(new Date(startsAt.getTime() - 1_000))).toBe(0);
    await lifecycle.runDue(startsAt);
    expect(
      (
        await sql<{ status: string }>(testApp.databaseUrl, `SELECT status FROM tournaments WHERE id = $1`, [
          tournament.id,
        ])
      )[0].status,
    ).toBe('running');
    await kit.score(tournament.id, players[0], 3, new Date('2026-11-27T20:00:00Z'));
    await lifecycle.runDue(new Date(tournament.ends_at));
    // $5 − $2 entry + the whole $4 pool.
    expect(await balanceCents(testApp.databaseUrl, players[0].user.id)).toBe(700n);

    // A finished tournament whose escrow still held money (marked finished behind the service's back) is reported.
    const open = await kit.create({ entry_fee: 2 });
    await kit.enter(players[0], open.id);
    await sql(testApp.databaseUrl, `UPDATE tournaments SET status = 'finished' WHERE id = $1`, [open.id]);
    const report = await withClient(testApp.databaseUrl, (client) => checkLedgerInvariants(client));
    const failed = report.results.filter((result) => !result.ok);
    expect(failed.map((result) => result.id)).toEqual(['tournament_escrow_empty']);
    expect(failed[0].details[0]).toContain(`tournament ${open.id} (finished) still holds 200 cents`);
    await sql(testApp.databaseUrl, `UPDATE tournaments SET status = 'scheduled' WHERE id = $1`, [open.id]);
    await kit.cancel(open.id);
  });
});
