import type { TournamentStandingsDto } from '@skillduel/contracts';
import { bearer, RegisteredUser } from '../../../test/auth-helpers';
import { sql } from '../../../test/db';
import { createTestApp, TestApp } from '../../../test/test-app';
import { TournamentLifecycleService } from '../tournament-lifecycle.service';
import { TournamentsRepository } from '../tournaments.repository';
import { TournamentsTestKit } from '../testing/tournaments-test-kit';

/** A small deterministic generator (xorshift) so the random field is the same on every run. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

interface Played {
  player: RegisteredUser;
  score: number;
  reachedAt: Date;
}

/** The rank by definition: 1 + the players whose best is strictly better (higher, or equal and reached earlier). */
function bruteRank(field: Played[], me: Played): number {
  return (
    1 +
    field.filter(
      (other) =>
        other.score > me.score || (other.score === me.score && other.reachedAt.getTime() < me.reachedAt.getTime()),
    ).length
  );
}

/**
 * Standings on real PostgreSQL: every rank read from the bucket counters equals the rank by definition over a field
 * with ties (same score at the same instant, the same score reached at different times, scores in one fine bucket),
 * a better second attempt moves a player and a worse one does not, pages and `around=me` windows, and the counters
 * match the bests they count.
 */
describe('Tournaments: standings with rank-of-me from counters (real PostgreSQL)', () => {
  let testApp: TestApp;
  let kit: TournamentsTestKit;
  let lifecycle: TournamentLifecycleService;

  beforeAll(async () => {
    testApp = await createTestApp({ WITHDRAWAL_PROCESSOR_ENABLED: 'false', RATE_LIMIT_PER_MINUTE: '100000' });
    kit = new TournamentsTestKit(testApp.app, testApp.databaseUrl);
    lifecycle = testApp.app.get(TournamentLifecycleService);
  });
  afterAll(() => testApp.close());

  const standings = async (tournamentId: string, query: string, player?: RegisteredUser) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/tournaments/${tournamentId}/standings${query}`,
      headers: player ? bearer(player.accessToken) : {},
    });
    if (response.statusCode !== 200) throw new Error(`standings: ${response.statusCode} ${response.body}`);
    return response.json<TournamentStandingsDto>();
  };

  /** Stores a scored attempt on the player's entry number `entryNo` (what a played solo round stores). */
  async function score(tournamentId: string, played: Played, entryNo = 1): Promise<void> {
    const repository = testApp.app.get(TournamentsRepository);
    const entries = await repository.entriesOf(repository.runner, tournamentId, played.player.user.id);
    const entry = entries.find((candidate) => candidate.entryNo === entryNo);
    if (!entry) throw new Error(`no entry ${entryNo}`);
    await repository.insertAttempt(repository.runner, {
      tournamentId,
      entryId: entry.id,
      userId: played.player.user.id,
      score: BigInt(played.score),
      reachedAt: played.reachedAt,
    });
  }

  it('ranks every player exactly as the definition does, in pages and around each player', async () => {
    const players = await kit.players(24, 50);
    const tournament = await kit.create({ max_entries_per_player: 2, rake_bps: 0 });
    for (const player of players) {
      expect((await kit.enter(player, tournament.id)).statusCode).toBe(201);
      expect((await kit.enter(player, tournament.id)).statusCode).toBe(201);
    }
    expect(await lifecycle.start(tournament.id)).toBe('running');

    const random = generator(2605);
    const scores = [0, 5, 63, 64, 65, 127, 128, 129, 1_000, 1_010, 1_015];
    const instants = [0, 1, 2].map((second) => new Date(Date.UTC(2026, 10, 28, 12, 0, second, 250)));
    const field: Played[] = players.map((player) => ({
      player,
      score: scores[Math.floor(random() * scores.length)],
      reachedAt: instants[Math.floor(random() * instants.length)],
    }));
    await Promise.all(field.map((played) => score(tournament.id, played)));

    // A second attempt: better for the first player (a new best moves their counters), worse for the second.
    const improved: Played = { ...field[0], score: 5_000, reachedAt: new Date(Date.UTC(2026, 10, 28, 12, 5)) };
    await score(tournament.id, improved, 2);
    field[0] = improved;
    await score(tournament.id, { ...field[1], score: 0, reachedAt: new Date(Date.UTC(2026, 10, 28, 12, 6)) }, 2);

    for (const played of field) {
      const answer = await standings(tournament.id, '?around=me&limit=5', played.player);
      expect(answer.ranked).toBe(24);
      expect(answer.me).toMatchObject({
        user_id: played.player.user.id,
        rank: bruteRank(field, played),
        score: played.score,
        reached_at: played.reachedAt.toISOString(),
        is_me: true,
      });
      expect(answer.rows).toHaveLength(5);
      expect(answer.rows.map((row) => row.user_id)).toContain(played.player.user.id);
      for (const row of answer.rows) {
        const other = field.find((candidate) => candidate.player.user.id === row.user_id);
        if (!other) throw new Error('a row of nobody in the field');
        expect(row.rank).toBe(bruteRank(field, other));
      }
    }
    expect((await standings(tournament.id, '?around=me&limit=5', field[0].player)).rows[0]).toMatchObject({
      rank: 1,
      score: 5_000,
    });

    // Plain pages: every row once, best first, each with its rank by definition.
    const pages = [
      await standings(tournament.id, '?limit=10'),
      await standings(tournament.id, '?limit=10&offset=10'),
      await standings(tournament.id, '?limit=10&offset=20'),
    ];
    const rows = pages.flatMap((page) => page.rows);
    expect(rows).toHaveLength(24);
    expect(new Set(rows.map((row) => row.user_id)).size).toBe(24);
    for (const row of rows) {
      const played = field.find((candidate) => candidate.player.user.id === row.user_id);
      if (!played) throw new Error('a row of nobody in the field');
      expect(row.rank).toBe(bruteRank(field, played));
    }
    expect(rows.map((row) => row.rank)).toEqual([...rows.map((row) => row.rank)].sort((a, b) => a - b));
    expect(pages[0].me).toBeNull();

    // The counters count exactly the bests in each bucket.
    const drift = await sql(
      testApp.databaseUrl,
      `WITH counted AS (
         SELECT tier, hi, lo, sum(count)::int AS n FROM tournament_rank_counts WHERE tournament_id = $1
          GROUP BY 1, 2, 3 HAVING sum(count) <> 0
       ), actual AS (
         SELECT t.tier, leaderboard_rank_log_hi(b.score) AS hi,
                CASE WHEN t.tier = 1 THEN 0 ELSE leaderboard_rank_log_lo(b.score) END AS lo, count(*)::int AS n
           FROM tournament_bests b CROSS JOIN (VALUES (1::smallint), (2::smallint)) t(tier)
          WHERE b.tournament_id = $1 GROUP BY 1, 2, 3
       )
       SELECT * FROM counted FULL JOIN actual USING (tier, hi, lo) WHERE counted.n IS DISTINCT FROM actual.n`,
      [tournament.id],
    );
    expect(drift).toEqual([]);
    await kit.cancel(tournament.id);
  }, 120_000);

  it('answers an empty field, a caller without a score, 404 and bad paging', async () => {
    const tournament = await kit.create();
    const [player] = await kit.players(1, 50);
    const empty = await standings(tournament.id, '?around=me', player);
    expect(empty).toEqual({ tournament_id: tournament.id, ranked: 0, offset: 0, limit: 20, rows: [], me: null });
    const missing = await testApp.app.inject({
      method: 'GET',
      url: '/api/tournaments/00000000-0000-4000-8000-000000000000/standings',
    });
    expect(missing.statusCode).toBe(404);
    const badLimit = await testApp.app.inject({
      method: 'GET',
      url: `/api/tournaments/${tournament.id}/standings?limit=0`,
    });
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json()).toMatchObject({ message: 'limit must be a whole number from 1 to 100' });
    const badAround = await testApp.app.inject({
      method: 'GET',
      url: `/api/tournaments/${tournament.id}/standings?around=you`,
    });
    expect(badAround.statusCode).toBe(400);
    await kit.cancel(tournament.id);
  }, 60_000);
});
