import { RG_ERROR_CODES, type TournamentDto, type TournamentEntryDto } from '@skillduel/contracts';
import { randomUUID } from 'node:crypto';
import { bearer, RegisteredUser, registerUser } from '../../test/auth-helpers';
import { sql } from '../../test/db';
import { createTestApp, TestApp } from '../../test/test-app';
import { expectLedgerConsistent } from '../../test/wallet-helpers';
import { balanceCents, playerWithBalance } from '../rooms/testing/rooms-test-kit';
import { TournamentLifecycleService } from './tournament-lifecycle.service';
import { arenaBody, TournamentsTestKit } from './testing/tournaments-test-kit';

/**
 * Tournament entries and refunds over HTTP on real PostgreSQL: the admin's create, the entrant cap and the
 * Idempotency-Key under concurrency, the money gate, leaving before the start (and racing the start), and an admin's
 * cancellation. After every test the ledger's invariants, the tournament ones included, hold.
 */
describe('Tournaments: entries, refunds and cancellation (real PostgreSQL)', () => {
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

  describe('creating (admin)', () => {
    it('answers the published rules; players get 403, guests 401', async () => {
      const created = await kit.create({ payout_table: [60, 25.5, 14.5], entry_fee: '2.50' });
      expect(created).toMatchObject({
        format: 'arena',
        status: 'scheduled',
        entry_fee: 2.5,
        entrants: 0,
        prize_pool: 0,
        payout_table: [60, 25.5, 14.5],
        my_entry: null,
        seed: null,
      });
      expect(created.seed_commitment).toMatch(/^[0-9a-f]{64}$/);
      const player = await playerWithBalance(testApp.app, 0);
      const asPlayer = await testApp.app.inject({
        method: 'POST',
        url: '/api/admin/tournaments',
        headers: bearer(player.accessToken),
        payload: arenaBody(),
      });
      expect(asPlayer.statusCode).toBe(403);
      const asGuest = await testApp.app.inject({ method: 'POST', url: '/api/admin/tournaments', payload: arenaBody() });
      expect(asGuest.statusCode).toBe(401);
      const audit = await sql(testApp.databaseUrl, `SELECT action FROM admin_audit_log WHERE target_id = $1`, [
        created.id,
      ]);
      expect(audit).toEqual([{ action: 'tournament.created' }]);
    });

    it.each([
      ['a pooled table that does not sum to 100', { payout_table: [50, 30] }, 'sum to exactly 100'],
      ['a table that rises', { prize_mode: 'guaranteed', payout_table: [10, 20] }, 'never rising'],
      ['three decimals', { prize_mode: 'guaranteed', payout_table: [10.555] }, 'at most 2 decimals'],
      ['four entries per player', { max_entries_per_player: 4 }, 'max_entries_per_player'],
      ['min above max', { min_entrants: 10, max_entrants: 5 }, 'min_entrants'],
      ['a start in the past', { starts_at: '2020-01-01T00:00:00Z' }, 'starts_at must be in the future'],
      ['an unknown game', { game_id: 'chess-960' }, 'Please choose a game'],
      ['a zero fee', { entry_fee: 0 }, 'valid entry fee'],
      ['a fee above $10 000', { entry_fee: '999999999999.99' }, 'at most $10000.00'],
      [
        'a place above $1 000 000',
        { prize_mode: 'guaranteed', payout_table: [1_000_000.01] },
        'payout_table must list',
      ],
      ['a payout table that is not a list', { payout_table: { first: 50 } }, 'payout_table must list'],
    ])('refuses %s with 400', async (_name, overrides, message) => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/admin/tournaments',
        headers: bearer((await kit.admin()).accessToken),
        payload: arenaBody(overrides),
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(message);
    });

    it('accepts a guaranteed table in dollars and publishes it as the prize pool', async () => {
      const created = await kit.create({ prize_mode: 'guaranteed', payout_table: [100, 50.25] });
      expect(created).toMatchObject({ prize_pool: 150.25, payout_table: [100, 50.25] });
      const listed = await testApp.app.inject({
        method: 'GET',
        url: '/api/tournaments?status=scheduled&game=number-rush',
      });
      expect(listed.json<TournamentDto[]>().map((tournament) => tournament.id)).toContain(created.id);
      const other = await testApp.app.inject({ method: 'GET', url: '/api/tournaments?status=finished' });
      expect(other.json<TournamentDto[]>().map((tournament) => tournament.id)).not.toContain(created.id);
    });
  });

  describe('entering', () => {
    it('105 players and 20 retries at once: exactly 100 entries, each fee once, the other 5 told it is full', async () => {
      const tournament = await kit.create({ max_entrants: 100, entry_fee: 3 });
      const players = await kit.players(105, 10);
      const keys = players.map(() => randomUUID());
      const requests = players.map((player, index) => kit.enter(player, tournament.id, keys[index]));
      // The first 20 players also send their request a second time with the same key, at the same moment.
      for (let index = 0; index < 20; index++) requests.push(kit.enter(players[index], tournament.id, keys[index]));
      const responses = await Promise.all(requests);

      const statuses = responses.map((response) => response.statusCode);
      const firstAnswers = responses.slice(0, 105);
      expect(firstAnswers.filter((response) => response.statusCode === 201)).toHaveLength(100);
      const refused = firstAnswers.filter((response) => response.statusCode === 409);
      expect(refused).toHaveLength(5);
      for (const response of refused) expect(response.json()).toMatchObject({ code: 'TOURNAMENT_FULL' });
      // A retry answers exactly what its first request answered.
      for (let index = 0; index < 20; index++) {
        expect(responses[105 + index].statusCode).toBe(statuses[index]);
        expect(responses[105 + index].body).toBe(responses[index].body);
      }

      const rows = await sql<{ entries: number; players: number }>(
        testApp.databaseUrl,
        `SELECT count(*)::int AS entries, count(DISTINCT user_id)::int AS players FROM tournament_entries
          WHERE tournament_id = $1`,
        [tournament.id],
      );
      expect(rows[0]).toEqual({ entries: 100, players: 100 });
      expect(await kit.escrowCents(tournament.id)).toBe(30_000n);
      expect(await kit.postings(tournament.id, 'bet')).toBe(100);
      const balances = await Promise.all(players.map((player) => balanceCents(testApp.databaseUrl, player.user.id)));
      expect(balances.filter((cents) => cents === 700n)).toHaveLength(100);
      expect(balances.filter((cents) => cents === 1_000n)).toHaveLength(5);

      const view = await testApp.app.inject({ method: 'GET', url: `/api/tournaments/${tournament.id}` });
      // 100 × $3 less 10 % rake.
      expect(view.json<TournamentDto>()).toMatchObject({ entrants: 100, entries: 100, prize_pool: 270 });
    }, 180_000);

    it('lets a player buy up to max_entries_per_player entries and refuses the next; my_entry shows them', async () => {
      const tournament = await kit.create({ max_entries_per_player: 2, entry_fee: 4 });
      const player = await playerWithBalance(testApp.app, 20);
      expect((await kit.enter(player, tournament.id)).statusCode).toBe(201);
      const second = await kit.enter(player, tournament.id);
      expect(second.statusCode).toBe(201);
      expect(second.json<TournamentEntryDto>()).toMatchObject({ entry_no: 2, entry_fee: 4, status: 'held' });
      const third = await kit.enter(player, tournament.id);
      expect(third.statusCode).toBe(409);
      expect(third.json()).toMatchObject({ code: 'TOURNAMENT_ENTRY_LIMIT' });
      expect(await balanceCents(testApp.databaseUrl, player.user.id)).toBe(1_200n);
      const view = await testApp.app.inject({
        method: 'GET',
        url: `/api/tournaments/${tournament.id}`,
        headers: bearer(player.accessToken),
      });
      expect(view.json<TournamentDto>()).toMatchObject({
        entrants: 1,
        entries: 2,
        my_entry: { active_entries: 2, entries_left: 0 },
      });
    });

    it('applies the money gate as to stakes: max bet, self-exclusion, eligibility, balance', async () => {
      const tournament = await kit.create({ entry_fee: 5 });
      const capped = await playerWithBalance(testApp.app, 20);
      const limits = await testApp.app.inject({
        method: 'PUT',
        url: '/api/users/me/limits',
        headers: bearer(capped.accessToken),
        payload: { max_bet: 4 },
      });
      expect(limits.statusCode).toBe(200);
      const overMax = await kit.enter(capped, tournament.id);
      expect(overMax.statusCode).toBe(403);
      expect(overMax.json()).toMatchObject({ code: RG_ERROR_CODES.maxBet });

      const onBreak = await playerWithBalance(testApp.app, 20);
      const exclusion = await testApp.app.inject({
        method: 'POST',
        url: '/api/users/me/self-exclusion',
        headers: bearer(onBreak.accessToken),
        payload: { kind: 'cool_off', period: '24h' },
      });
      expect(exclusion.statusCode).toBeLessThan(300);
      const refusedOnBreak = await kit.enter(onBreak, tournament.id);
      expect(refusedOnBreak.statusCode).toBe(403);
      expect(refusedOnBreak.json()).toMatchObject({ code: RG_ERROR_CODES.selfExcluded });

      const unconfirmed = await registerUser(testApp.app, { confirmEligibility: false });
      const notEligible = await kit.enter(unconfirmed, tournament.id);
      expect(notEligible.statusCode).toBe(403);
      expect(notEligible.json()).toMatchObject({ code: RG_ERROR_CODES.eligibilityRequired });

      const poor = await playerWithBalance(testApp.app, 0);
      const short = await kit.enter(poor, tournament.id);
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
      expect(await kit.escrowCents(tournament.id)).toBe(0n);
    });
  });

  describe('leaving and the start', () => {
    it('leaving before the start refunds every entry at once, exactly once', async () => {
      const tournament = await kit.create({ max_entries_per_player: 2, entry_fee: 5 });
      const player = await playerWithBalance(testApp.app, 20);
      await kit.enter(player, tournament.id);
      await kit.enter(player, tournament.id);
      const [first, again] = await Promise.all([kit.leave(player, tournament.id), kit.leave(player, tournament.id)]);
      expect([first.statusCode, again.statusCode].sort()).toEqual([200, 409]);
      expect(await balanceCents(testApp.databaseUrl, player.user.id)).toBe(2_000n);
      expect(await kit.postings(tournament.id, 'refund')).toBe(2);
      expect(await kit.escrowCents(tournament.id)).toBe(0n);
      // Back in after leaving: a new entry, paid once more.
      expect((await kit.enter(player, tournament.id)).statusCode).toBe(201);
      expect(await balanceCents(testApp.databaseUrl, player.user.id)).toBe(1_500n);
    });

    it('a leave racing the start refunds at most once, and the start locks what is left', async () => {
      for (let round = 0; round < 4; round++) {
        const tournament = await kit.create({ entry_fee: 5, rake_bps: 0 });
        const players = await kit.players(3, 10);
        for (const player of players) expect((await kit.enter(player, tournament.id)).statusCode).toBe(201);
        const [left, status] = await Promise.all([
          kit.leave(players[0], tournament.id),
          lifecycle.start(tournament.id),
        ]);
        expect(status).toBe('running');
        const refunds = await kit.postings(tournament.id, 'refund', players[0].user.id);
        const balance = await balanceCents(testApp.databaseUrl, players[0].user.id);
        if (left.statusCode === 200) {
          expect(refunds).toBe(1);
          expect(balance).toBe(1_000n);
          expect(await kit.escrowCents(tournament.id)).toBe(1_000n);
        } else {
          expect(left.statusCode).toBe(409);
          expect(left.json()).toMatchObject({ code: 'TOURNAMENT_ALREADY_STARTED' });
          expect(refunds).toBe(0);
          expect(balance).toBe(500n);
          expect(await kit.escrowCents(tournament.id)).toBe(1_500n);
        }
        // Once running, neither entering nor leaving is possible.
        expect((await kit.enter(await playerWithBalance(testApp.app, 10), tournament.id)).statusCode).toBe(409);
        expect((await kit.leave(players[1], tournament.id)).statusCode).toBe(409);
        await lifecycle.cancelByAdmin((await kit.admin()).user.id, tournament.id, 'test cleanup');
      }
    });

    it('too few entrants by the start: cancelled and every entry refunded', async () => {
      const tournament = await kit.create({ min_entrants: 3, entry_fee: 5 });
      const players = await kit.players(2, 10);
      for (const player of players) await kit.enter(player, tournament.id);
      expect(await lifecycle.start(tournament.id)).toBe('cancelled');
      expect(await lifecycle.start(tournament.id)).toBe('cancelled');
      for (const player of players) expect(await balanceCents(testApp.databaseUrl, player.user.id)).toBe(1_000n);
      expect(await kit.postings(tournament.id, 'refund')).toBe(2);
      const view = await testApp.app.inject({ method: 'GET', url: `/api/tournaments/${tournament.id}` });
      expect(view.json<TournamentDto>()).toMatchObject({
        status: 'cancelled',
        cancel_reason: 'Not enough entrants by the start',
      });
    });
  });

  describe('cancellation by an admin', () => {
    it('refunds every entry once (a second cancel is refused), also after the lock took the rake; audited', async () => {
      const platformBefore = await kit.systemCents('platform_fee');
      const tournament = await kit.create({ entry_fee: 7, max_entries_per_player: 3, rake_bps: 1_500 });
      const players = await kit.players(4, 30);
      for (const player of players) {
        await kit.enter(player, tournament.id);
        await kit.enter(player, tournament.id);
      }
      expect(await lifecycle.start(tournament.id)).toBe('running');
      // 8 entries × $7 = $56; 15 % rake = $8.40 taken at the lock.
      expect((await kit.systemCents('platform_fee')) - platformBefore).toBe(840n);

      const [first, second] = await Promise.all([kit.cancel(tournament.id), kit.cancel(tournament.id)]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
      for (const player of players) expect(await balanceCents(testApp.databaseUrl, player.user.id)).toBe(3_000n);
      expect(await kit.postings(tournament.id, 'refund')).toBe(8);
      expect(await kit.escrowCents(tournament.id)).toBe(0n);
      expect(await kit.systemCents('platform_fee')).toBe(platformBefore);
      const audit = await sql<{ action: string; reason: string }>(
        testApp.databaseUrl,
        `SELECT action, reason FROM admin_audit_log WHERE target_id = $1 AND action = 'tournament.cancelled'`,
        [tournament.id],
      );
      expect(audit).toEqual([{ action: 'tournament.cancelled', reason: 'Venue problem' }]);
      expect(await lifecycle.finish(tournament.id)).toBe('cancelled');
    });
  });
});

describe('FEATURE_TOURNAMENTS=false', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ WITHDRAWAL_PROCESSOR_ENABLED: 'false', FEATURE_TOURNAMENTS: 'false' });
  });
  afterAll(() => testApp.close());

  it('answers 404 on every tournament route, before authentication', async () => {
    const player: RegisteredUser = await playerWithBalance(testApp.app, 0);
    const id = randomUUID();
    const calls = [
      { method: 'GET' as const, url: '/api/tournaments' },
      { method: 'GET' as const, url: `/api/tournaments/${id}` },
      { method: 'POST' as const, url: `/api/tournaments/${id}/entries` },
      { method: 'DELETE' as const, url: `/api/tournaments/${id}/entries/me` },
      { method: 'POST' as const, url: '/api/admin/tournaments' },
      { method: 'POST' as const, url: `/api/admin/tournaments/${id}/cancel` },
    ];
    for (const call of calls) {
      expect((await testApp.app.inject(call)).statusCode).toBe(404);
      expect((await testApp.app.inject({ ...call, headers: bearer(player.accessToken) })).statusCode).toBe(404);
    }
  });
});
