import type { Ack, TournamentAttemptDto, TournamentAttemptJoinedDto } from '@skillduel/contracts';
import { RegisteredUser } from '../../../test/auth-helpers';
import { sql } from '../../../test/db';
import { createTestApp, TestApp } from '../../../test/test-app';
import { expectLedgerConsistent } from '../../../test/wallet-helpers';
import { balanceCents, ClientSocket, connectSocket, request } from '../../rooms/testing/rooms-test-kit';
import { TournamentLifecycleService } from '../tournament-lifecycle.service';
import { playNumberRushAttempt, startAttempt as startAttemptOn } from '../testing/attempts-test-kit';
import { TournamentsTestKit } from '../testing/tournaments-test-kit';

const TIME_LIMIT_MS = 2500;

/**
 * Arena attempts over real sockets and PostgreSQL: each paid entry buys one server-run solo round on the content of
 * that attempt number (the same for every player), its server-computed score is stored with the time it was reached,
 * and the refusals of POST /tournaments/{id}/attempts.
 */
describe('Tournaments: arena attempts played as solo rounds over the socket', () => {
  let testApp: TestApp;
  let kit: TournamentsTestKit;
  let lifecycle: TournamentLifecycleService;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    testApp = await createTestApp({
      WITHDRAWAL_PROCESSOR_ENABLED: 'false',
      RATE_LIMIT_PER_MINUTE: '100000',
      MATCH_COUNTDOWN_MS: '150',
      MATCH_TIME_LIMIT_OVERRIDE_MS: String(TIME_LIMIT_MS),
      TOURNAMENT_SCHEDULER_INTERVAL_MS: '0',
    });
    await testApp.app.listen(0, '127.0.0.1');
    kit = new TournamentsTestKit(testApp.app, testApp.databaseUrl);
    lifecycle = testApp.app.get(TournamentLifecycleService);
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await expectLedgerConsistent(testApp.databaseUrl);
  });
  afterAll(() => testApp.close());

  const startAttempt = (player: RegisteredUser, tournamentId: string) =>
    startAttemptOn(testApp.app, player, tournamentId);

  async function connect(player: RegisteredUser): Promise<ClientSocket> {
    const socket = await connectSocket(testApp.app, { token: player.accessToken });
    sockets.push(socket);
    return socket;
  }

  /** A running arena of number-rush the players entered (`entries` each). */
  async function runningArena(players: RegisteredUser[], entries = 1, overrides: Record<string, unknown> = {}) {
    const tournament = await kit.create({ max_entries_per_player: entries, rake_bps: 0, ...overrides });
    for (const player of players) {
      for (let n = 0; n < entries; n++) expect((await kit.enter(player, tournament.id)).statusCode).toBe(201);
    }
    expect(await lifecycle.start(tournament.id)).toBe('running');
    return tournament;
  }

  it('plays attempt k of every player on the same content, stores the server score with its time, and pays the best', async () => {
    const [alice, bob] = await kit.players(2, 50);
    const tournament = await runningArena([alice, bob], 2, { payout_table: [100] });

    const created = await startAttempt(alice, tournament.id);
    expect([created.statusCode, created.body]).toEqual([201, expect.any(String)]);
    const aliceFirst = created.json<TournamentAttemptDto>();
    expect(aliceFirst).toMatchObject({
      tournament_id: tournament.id,
      attempt_no: 1,
      room_id: aliceFirst.id,
      game_id: 'number-rush',
      status: 'waiting',
      time_limit_ms: TIME_LIMIT_MS,
      score: null,
    });
    // Asked again before playing: the same attempt, no second entry used.
    const again = await startAttempt(alice, tournament.id);
    expect(again.statusCode).toBe(200);
    expect(again.json<TournamentAttemptDto>().id).toBe(aliceFirst.id);

    const aliceSocket = await connect(alice);
    const bobSocket = await connect(bob);
    // Bob cannot open Alice's attempt.
    const stolen = await request<Ack<TournamentAttemptJoinedDto>>(bobSocket, 'tournament:attempt:join', {
      attempt_id: aliceFirst.id,
    });
    expect(stolen).toMatchObject({ ok: false, error: { message: 'This attempt is not yours' } });

    const playedAt = Date.now();
    const aliceRound1 = await playNumberRushAttempt(aliceSocket, aliceFirst, 2);
    expect(aliceRound1.finished.attempt).toMatchObject({ id: aliceFirst.id, status: 'scored', score: 20 });
    const reachedAt = new Date(aliceRound1.finished.attempt.reached_at ?? '').getTime();
    // The score was reached by the second answer, well before time-up.
    expect(reachedAt).toBeGreaterThan(playedAt);
    expect(reachedAt).toBeLessThan(playedAt + TIME_LIMIT_MS);

    const bobFirst = (await startAttempt(bob, tournament.id)).json<TournamentAttemptDto>();
    expect(bobFirst.attempt_no).toBe(1);
    expect(bobFirst.seed_hash).toBe(aliceFirst.seed_hash);
    const bobRound1 = await playNumberRushAttempt(bobSocket, bobFirst, 1);
    expect(bobRound1.firstQuestion).toEqual(aliceRound1.firstQuestion);
    expect(bobRound1.finished.attempt.score).toBe(10);

    // Alice's second entry plays attempt 2: other content; her best (20) still counts.
    const aliceSecond = (await startAttempt(alice, tournament.id)).json<TournamentAttemptDto>();
    expect(aliceSecond.attempt_no).toBe(2);
    expect(aliceSecond.seed_hash).not.toBe(aliceFirst.seed_hash);
    const aliceRound2 = await playNumberRushAttempt(aliceSocket, aliceSecond, 0);
    expect(aliceRound2.finished.attempt.score).toBe(0);
    const noneLeft = await startAttempt(alice, tournament.id);
    expect(noneLeft.statusCode).toBe(409);
    expect(noneLeft.json()).toMatchObject({
      code: 'TOURNAMENT_NO_ENTRY_LEFT',
      message: 'You have no unused entry left in this tournament',
    });

    const stored = await sql<{ user_id: string; score: string; flags: number; log: boolean }>(
      testApp.databaseUrl,
      `SELECT user_id, score::text AS score, flags, input_log IS NOT NULL AS log FROM tournament_attempt_rounds
        WHERE tournament_id = $1 ORDER BY finished_at`,
      [tournament.id],
    );
    expect(stored).toEqual([
      { user_id: alice.user.id, score: '20', flags: 0, log: true },
      { user_id: bob.user.id, score: '10', flags: 0, log: true },
      { user_id: alice.user.id, score: '0', flags: 0, log: true },
    ]);
    // Both answers of 4 paid entries × $10: Alice wins the $40 pool with her best attempt.
    expect(await lifecycle.finish(tournament.id)).toBe('finished');
    expect(await balanceCents(testApp.databaseUrl, alice.user.id)).toBe(3_000n + 4_000n);
    expect(await balanceCents(testApp.databaseUrl, bob.user.id)).toBe(3_000n);
  }, 90_000);

  it('refuses an attempt with a clear code: not entered, not running, not an arena, the window over', async () => {
    const [alice, bob, carol] = await kit.players(3, 50);
    const scheduled = await kit.create();
    expect((await kit.enter(alice, scheduled.id)).statusCode).toBe(201);
    const early = await startAttempt(alice, scheduled.id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'TOURNAMENT_NOT_RUNNING' });

    const tournament = await runningArena([alice, bob]);
    const outsider = await startAttempt(carol, tournament.id);
    expect(outsider.statusCode).toBe(409);
    expect(outsider.json()).toMatchObject({ code: 'TOURNAMENT_NOT_ENTERED' });

    // An attempt that could not end before the tournament does is refused, and its entry stays unused.
    await sql(
      testApp.databaseUrl,
      `UPDATE tournaments SET starts_at = now() - interval '1 minute', ends_at = now() + interval '1 second' WHERE id = $1`,
      [tournament.id],
    );
    const late = await startAttempt(alice, tournament.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'TOURNAMENT_WINDOW_OVER',
      message: "This tournament's window is over: an attempt started now could not finish before the end",
    });

    await sql(testApp.databaseUrl, `UPDATE tournaments SET format = 'bracket' WHERE id = $1`, [tournament.id]);
    const bracket = await startAttempt(bob, tournament.id);
    expect(bracket.statusCode).toBe(409);
    expect(bracket.json()).toMatchObject({ code: 'TOURNAMENT_NOT_ARENA' });
    await sql(testApp.databaseUrl, `UPDATE tournaments SET format = 'arena' WHERE id = $1`, [tournament.id]);
    await kit.cancel(tournament.id);
    await kit.cancel(scheduled.id);

    const guest = await testApp.app.inject({ method: 'POST', url: `/api/tournaments/${tournament.id}/attempts` });
    expect(guest.statusCode).toBe(401);
  }, 60_000);

  it('does not let a reserved attempt be opened once the tournament can no longer fit it', async () => {
    const [alice, bob] = await kit.players(2, 50);
    const tournament = await runningArena([alice, bob]);
    const attempt = (await startAttempt(alice, tournament.id)).json<TournamentAttemptDto>();
    await sql(
      testApp.databaseUrl,
      `UPDATE tournaments SET starts_at = now() - interval '1 minute', ends_at = now() + interval '1 second' WHERE id = $1`,
      [tournament.id],
    );
    const socket = await connect(alice);
    const refused = await request<Ack<TournamentAttemptJoinedDto>>(socket, 'tournament:attempt:join', {
      attempt_id: attempt.id,
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_STATE' } });
    const rows = await sql<{ status: string }>(
      testApp.databaseUrl,
      `SELECT status FROM tournament_attempt_rounds WHERE id = $1`,
      [attempt.id],
    );
    expect(rows).toEqual([{ status: 'waiting' }]);
    await kit.cancel(tournament.id);
  }, 60_000);
});
