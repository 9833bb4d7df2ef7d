import type { LeaderboardResponse, NotificationsResponse } from '@skillduel/contracts';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { bearer, RegisteredUser, registerUser } from '../../test/auth-helpers';
import { sql } from '../../test/db';
import { createTestApp, TestApp } from '../../test/test-app';
import { Clock } from '../common/clock';
import { UsersService } from '../users/users.service';
import { periodStart } from './leaderboard-periods';
import { recordResult, RoundResult } from './round-results';

describe('GET /api/users/leaderboard/ (real PostgreSQL)', () => {
  let testApp: TestApp;
  let now: Date;

  beforeAll(async () => {
    testApp = await createTestApp();
    // The leaderboard's notion of "now" (which day/week/month is current) is moved by the tests.
    jest.spyOn(testApp.app.get(Clock), 'now').mockImplementation(() => now);
  });
  afterAll(() => testApp.close());
  beforeEach(() => {
    now = new Date('2026-11-18T12:00:00Z'); // a Wednesday
  });

  /** Each test ranks its own players inside a country code nobody else uses, so tests never see each other. */
  let countrySeq = 0;
  function freshCountry(): string {
    const n = countrySeq++;
    return `Q${String.fromCharCode(65 + (n % 26))}`;
  }

  async function players(count: number, country: string | null): Promise<RegisteredUser[]> {
    const made: RegisteredUser[] = [];
    for (let i = 0; i < count; i++) {
      const player = await registerUser(testApp.app);
      if (country)
        await sql(testApp.databaseUrl, `UPDATE users SET country = $2 WHERE id = $1`, [player.user.id, country]);
      made.push(player);
    }
    return made;
  }

  /** A decided round, applied exactly as settlement applies it (one transaction). */
  async function play(
    winner: RegisteredUser,
    loser: RegisteredUser,
    options: Partial<Pick<RoundResult, 'betCents' | 'endedAt' | 'durationMs'>> & { tie?: boolean } = {},
  ): Promise<void> {
    const betCents = options.betCents ?? 1000n;
    await testApp.app.get(DataSource).transaction((manager) =>
      recordResult(manager, {
        player1Id: winner.user.id,
        player2Id: loser.user.id,
        winnerId: options.tie ? null : winner.user.id,
        betCents,
        // Pot of two stakes minus a 5% fee.
        payoutCents: options.tie ? 0n : (betCents * 2n * 95n) / 100n,
        durationMs: options.durationMs ?? 20_000,
        completed: true,
        endedAt: options.endedAt ?? now,
      }),
    );
  }

  async function leaderboard(
    caller: RegisteredUser,
    query: Record<string, string | number>,
  ): Promise<LeaderboardResponse> {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/users/leaderboard/?${search}`,
      headers: bearer(caller.accessToken),
    });
    expect(response.statusCode).toBe(200);
    return response.json<LeaderboardResponse>();
  }

  const names = (body: LeaderboardResponse) => body.leaderboard.map((entry) => entry.username);

  it('refuses anonymous callers and guests (no session) with 401', async () => {
    for (const url of ['/api/users/leaderboard/', '/api/users/leaderboard']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json().detail).toBe('Authentication required');
    }
    const guestToken = await testApp.app.inject({
      method: 'GET',
      url: '/api/users/leaderboard/',
      headers: { authorization: `Bearer guest_${randomBytes(6).toString('hex')}` },
    });
    expect(guestToken.statusCode).toBe(401);
  });

  it.each([
    ['metric=money', 'metric must be one of total_earnings, total_wins, level'],
    ['period=year', 'period must be one of all, month, week, day'],
    ['region=mexico', 'region must be global or a two-letter country code'],
    ['limit=0', 'limit must be an integer from 1 to 100'],
    ['limit=101', 'limit must be an integer from 1 to 100'],
    ['limit=1.5', 'limit must be an integer from 1 to 100'],
    ['limit=ten', 'limit must be an integer from 1 to 100'],
    ['limit=', 'limit must be an integer from 1 to 100'],
    ['sort=asc', 'property sort should not exist'],
  ])('answers 400 for %s', async (query, message) => {
    const [caller] = await players(1, null);
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/users/leaderboard/?${query}`,
      headers: bearer(caller.accessToken),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(message);
  });

  it('ranks by each metric with figures in dollars, and places the caller', async () => {
    const country = freshCountry();
    const [a, b, c] = await players(3, country);
    await play(a, b, { betCents: 1000n }); // a: +9.00
    await play(b, c, { betCents: 500n }); // b: +4.50
    await play(b, c, { betCents: 500n }); // b: +9.00 over two wins
    await play(a, c, { betCents: 2500n }); // a: +9.00 + 22.50
    await sql(testApp.databaseUrl, `UPDATE users SET level = 9 WHERE id = $1`, [c.user.id]);
    await sql(testApp.databaseUrl, `UPDATE users SET xp = 50 WHERE id = $1`, [b.user.id]);
    const region = country.toLowerCase();

    const byEarnings = await leaderboard(b, { metric: 'total_earnings', region });
    expect(byEarnings.leaderboard).toEqual([
      { rank: 1, id: a.user.id, username: a.user.username, country, level: 1, total_earnings: 31.5, total_wins: 2 },
      { rank: 2, id: b.user.id, username: b.user.username, country, level: 1, total_earnings: 9, total_wins: 2 },
      { rank: 3, id: c.user.id, username: c.user.username, country, level: 9, total_earnings: 0, total_wins: 0 },
    ]);
    expect(byEarnings.me).toEqual({ ...byEarnings.leaderboard[1], rank: 2 });
    expect(byEarnings).toMatchObject({ metric: 'total_earnings', period: 'all', region, period_start: null });

    // Level, then XP inside the level: c (level 9), b (level 1, 50 XP), a (level 1, 0 XP).
    expect(names(await leaderboard(a, { metric: 'level', region }))).toEqual([c, b, a].map((p) => p.user.username));

    const byWins = await leaderboard(c, { metric: 'total_wins', region });
    expect(byWins.leaderboard.map((entry) => entry.total_wins)).toEqual([2, 2, 0]);
    expect(byWins.me.rank).toBe(3);
  });

  it('answers concurrent callers of one scope with the same board (shared read) and each their own place', async () => {
    const country = freshCountry();
    const ranked = await players(4, country);
    const [a, b, c, d] = ranked;
    await play(a, b, { betCents: 3000n });
    await play(c, d, { betCents: 1000n });
    const outsiders = await players(6, country);
    const region = country.toLowerCase();

    const answers = await Promise.all(
      [...ranked, ...outsiders, ...ranked].map((caller) => leaderboard(caller, { region, limit: 2 })),
    );
    for (const answer of answers) expect(answer.leaderboard).toEqual(answers[0].leaderboard);
    expect(names(answers[0])).toEqual([a.user.username, c.user.username]);
    const places = answers.slice(0, 4).map((answer) => [answer.me.username, answer.me.rank]);
    // Competition ranks: the two winners, then the two losers tied at $0.00.
    expect(places).toEqual([
      [a.user.username, 1],
      [b.user.username, 3],
      [c.user.username, 2],
      [d.user.username, 3],
    ]);
    for (const answer of answers.slice(4, 10)) expect(answer.me).toMatchObject({ rank: null, total_earnings: 0 });
  });

  it('gives exact ties one rank (competition ranking), lists them by user id, and ranks the caller beyond the limit', async () => {
    const country = freshCountry();
    const group = await players(5, country);
    const [loser, ...winners] = group;
    for (const winner of winners) await play(winner, loser, { betCents: 1000n });
    const region = country.toLowerCase();
    const expected = winners.map((p) => p.user.id).sort();

    const first = await leaderboard(loser, { region, limit: 4 });
    expect(first.leaderboard.map((entry) => entry.id)).toEqual(expected);
    expect(first.leaderboard.map((entry) => entry.rank)).toEqual([1, 1, 1, 1]);
    expect((await leaderboard(loser, { region, limit: 4 })).leaderboard).toEqual(first.leaderboard);

    // Listed fourth, ranked first: a caller beyond the limit gets the same rank as in the list.
    const lastWinner = winners.find((p) => p.user.id === expected[3]) as RegisteredUser;
    const limited = await leaderboard(lastWinner, { region, limit: 2 });
    expect(limited.leaderboard).toHaveLength(2);
    expect(limited.me.rank).toBe(1);
    expect((await leaderboard(lastWinner, { region, limit: 4 })).me.rank).toBe(1);
    expect((await leaderboard(loser, { region, limit: 1 })).me.rank).toBe(5);

    // One more win breaks the tie: 1, 2, 2, 2, 5.
    await play(lastWinner, loser, { betCents: 500n });
    const after = await leaderboard(loser, { region });
    expect(after.leaderboard.map((entry) => [entry.id, entry.rank])).toEqual([
      [lastWinner.user.id, 1],
      ...expected.slice(0, 3).map((id) => [id, 2]),
      [loser.user.id, 5],
    ]);
    const thirdListed = winners.find((p) => p.user.id === expected[2]) as RegisteredUser;
    expect((await leaderboard(thirdListed, { region, limit: 1 })).me.rank).toBe(2);
  });

  it('counts results inside the current UTC day, ISO week and month as the clock moves', async () => {
    const country = freshCountry();
    const region = country.toLowerCase();
    const [a, b] = await players(2, country);
    await play(a, b, { endedAt: new Date('2026-10-31T23:59:59Z') }); // previous month
    await play(b, a, { endedAt: new Date('2026-11-15T23:59:59Z') }); // Sunday: previous week
    await play(a, b, { endedAt: new Date('2026-11-16T00:00:00Z') }); // Monday: this week
    await play(b, a, { endedAt: new Date('2026-11-18T00:00:00Z') }); // Wednesday: today
    await play(b, a, { endedAt: new Date('2026-11-18T23:59:59Z') }); // Wednesday: today

    const wins = async (period: string) => {
      const body = await leaderboard(a, { metric: 'total_wins', period, region });
      return Object.fromEntries(body.leaderboard.map((entry) => [entry.username, entry.total_wins]));
    };
    now = new Date('2026-11-18T12:00:00Z');
    expect(await wins('day')).toEqual({ [b.user.username]: 2, [a.user.username]: 0 }); // a lost today: listed, 0 wins
    expect(await wins('week')).toEqual({ [b.user.username]: 2, [a.user.username]: 1 });
    expect(await wins('month')).toEqual({ [b.user.username]: 3, [a.user.username]: 1 });
    expect(await wins('all')).toEqual({ [b.user.username]: 3, [a.user.username]: 2 });
    expect((await leaderboard(a, { period: 'day', region })).period_start).toBe('2026-11-18T00:00:00.000Z');

    now = new Date('2026-11-19T00:00:00Z'); // next day: today is empty, the week still counts
    const nextDay = await leaderboard(a, { period: 'day', region });
    expect(nextDay.leaderboard).toEqual([]);
    expect(nextDay.me).toMatchObject({ rank: null, total_earnings: 0, total_wins: 0 });
    expect(await wins('week')).toEqual({ [b.user.username]: 2, [a.user.username]: 1 });

    now = new Date('2026-11-23T00:00:00Z'); // next Monday: new week, same month
    expect(await wins('week')).toEqual({});
    expect(await wins('month')).toEqual({ [b.user.username]: 3, [a.user.username]: 1 });

    now = new Date('2026-12-01T00:00:00Z'); // next month
    expect(await wins('month')).toEqual({});
    now = new Date('2026-10-31T23:59:59Z'); // back in October
    expect(await wins('month')).toEqual({ [a.user.username]: 1, [b.user.username]: 0 });
  });

  it('filters by region, follows country changes, and leaves other regions unranked', async () => {
    const [mx1, mx2] = await players(2, 'MX');
    const [co1] = await players(1, 'CO');
    // A far-off day keeps other tests' MX players out of this period.
    now = new Date('2031-03-05T10:00:00Z');
    await play(mx1, co1);
    await play(mx2, mx1);

    const mexico = await leaderboard(mx1, { region: 'mx', period: 'day', metric: 'total_wins' });
    expect(mexico.leaderboard.map((entry) => entry.id).sort()).toEqual([mx1.user.id, mx2.user.id].sort());
    expect(mexico.leaderboard.every((entry) => entry.country === 'MX')).toBe(true);

    const global = await leaderboard(co1, { region: 'global', period: 'day' });
    expect(global.leaderboard).toHaveLength(3);
    expect(global.me.rank).toBe(3);
    expect((await leaderboard(co1, { region: 'mx', period: 'day' })).me.rank).toBeNull();

    // Moving to Colombia through the profile moves the aggregates along (trigger on users).
    const moved = await testApp.app.inject({
      method: 'PUT',
      url: '/api/users/me/',
      headers: bearer(mx2.accessToken),
      payload: { country: 'CO' },
    });
    expect(moved.statusCode).toBe(200);
    const colombia = await leaderboard(co1, { region: 'CO', period: 'day' });
    expect(colombia.leaderboard.map((entry) => entry.id).sort()).toEqual([co1.user.id, mx2.user.id].sort());
  });

  it('reports the caller as Unranked with their level when they have no results', async () => {
    const [caller] = await players(1, freshCountry());
    const body = await leaderboard(caller, { region: 'global' });
    expect(body.me).toEqual({
      rank: null,
      id: caller.user.id,
      username: caller.user.username,
      country: expect.any(String),
      level: 1,
      total_earnings: 0,
      total_wins: 0,
    });
  });

  it('notifies wins and level-ups, marks them read, and names the info-card holders', async () => {
    const country = freshCountry();
    const region = country.toLowerCase();
    const [a, b] = await players(2, country);
    await play(a, b, { betCents: 2000n, durationMs: 9_000 });
    await play(a, b, { betCents: 500n, durationMs: 30_000 });
    await play(b, a, { betCents: 700n, durationMs: 4_000 });
    await play(a, b, { tie: true });

    // Server-decided XP (the rooms module awards it after settlement) notifies a level-up, once per source.
    const users = testApp.app.get(UsersService);
    expect(await users.awardXp(a.user.id, 120, 'test:level-up')).toEqual({
      granted: 120,
      level: 2,
      xp: 20,
      leveledUp: true,
    });
    expect(await users.awardXp(a.user.id, 120, 'test:level-up')).toEqual({
      granted: 0,
      level: 2,
      xp: 20,
      leveledUp: false,
    });

    const body = await leaderboard(a, { region });
    expect(body.highlights).toEqual({
      hot_streak: { id: a.user.id, username: a.user.username, country, streak: 2 },
      high_roller: { id: expect.any(String), username: expect.any(String), country, bet: 20 },
      speed_demon: { id: b.user.id, username: b.user.username, country, duration_ms: 4_000 },
    });

    const list = await testApp.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(a.accessToken) });
    expect(list.statusCode).toBe(200);
    const notifications = list.json<NotificationsResponse>();
    expect(notifications.unread_count).toBe(3);
    expect(notifications.notifications.map((n) => n.type).sort()).toEqual(['level', 'win', 'win']);
    expect(notifications.notifications.find((n) => n.type === 'level')?.message).toBe('You reached level 2 (Bronze).');

    const first = notifications.notifications[0];
    const readOne = await testApp.app.inject({
      method: 'POST',
      url: `/api/notifications/${first.id}/read`,
      headers: bearer(a.accessToken),
    });
    expect(readOne.json<NotificationsResponse>().unread_count).toBe(2);
    // Someone else's notification is not found.
    const stranger = await testApp.app.inject({
      method: 'POST',
      url: `/api/notifications/${first.id}/read`,
      headers: bearer(b.accessToken),
    });
    expect(stranger.statusCode).toBe(404);
    const readAll = await testApp.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: bearer(a.accessToken),
    });
    expect(readAll.json<NotificationsResponse>()).toMatchObject({ unread_count: 0 });
    expect(readAll.json<NotificationsResponse>().notifications.every((n) => n.read)).toBe(true);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });

  describe('rank counters (docs/decisions/0703)', () => {
    /** Through the app's pool: these checks run hundreds of queries. */
    const query = <T>(text: string, params: unknown[] = []): Promise<T[]> =>
      testApp.app.get(DataSource).query<T[]>(text, params);

    /** Small seeded PRNG (mulberry32), so a failing run can be replayed with LEADERBOARD_SEED. */
    function prng(seed: number): () => number {
      let state = seed >>> 0;
      return () => {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
      };
    }
    const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)];

    /** Players straight in the database (no password hashing): only the settlement path needs them. */
    async function insertPlayers(countries: Array<string | null>): Promise<string[]> {
      const rows = await query<{ id: string }>(
        `INSERT INTO users (username, country)
         SELECT 'lb_' || substr(md5(random()::text), 1, 10) || '_' || i, c
           FROM unnest($1::char(2)[]) WITH ORDINALITY AS t(c, i)
         RETURNING id`,
        [countries],
      );
      return rows.map((row) => row.id);
    }

    async function settle(
      player1Id: string,
      player2Id: string,
      winnerId: string | null,
      betCents: bigint,
      endedAt: Date,
    ): Promise<void> {
      await testApp.app.get(DataSource).transaction((manager) =>
        recordResult(manager, {
          player1Id,
          player2Id,
          winnerId,
          betCents,
          payoutCents: winnerId === null ? 0n : (betCents * 2n * 95n) / 100n,
          durationMs: 10_000,
          completed: true,
          endedAt,
        }),
      );
    }

    /** Every rank from the counters vs. the brute-force competition rank (SQL rank()) in every scope touched. */
    async function rankMismatches(): Promise<{ checked: number; tied: number; wrong: unknown[] }> {
      const rows = await query<{ checked: number; tied: number; wrong: unknown[] | null }>(`WITH scoped AS (
           SELECT s.*, r.region FROM leaderboard_stats s
            CROSS JOIN LATERAL (VALUES ('global'::varchar), (s.country::varchar)) r(region)
            WHERE r.region IS NOT NULL),
         brute AS (
           SELECT user_id, period_kind, period_start, region, 'total_earnings' AS metric,
                  rank() OVER (PARTITION BY period_kind, period_start, region ORDER BY earnings_cents DESC) AS rank,
                  count(*) OVER (PARTITION BY period_kind, period_start, region, earnings_cents) AS tie_size
             FROM scoped
           UNION ALL
           SELECT user_id, period_kind, period_start, region, 'total_wins',
                  rank() OVER (PARTITION BY period_kind, period_start, region ORDER BY wins DESC),
                  count(*) OVER (PARTITION BY period_kind, period_start, region, wins)
             FROM scoped
           UNION ALL
           SELECT user_id, period_kind, period_start, region, 'level',
                  rank() OVER (PARTITION BY period_kind, period_start, region ORDER BY level DESC, xp DESC),
                  count(*) OVER (PARTITION BY period_kind, period_start, region, level, xp)
             FROM scoped),
         compared AS (
           SELECT b.*, leaderboard_rank_of(user_id, period_kind, period_start, region, metric) AS fast FROM brute b)
         SELECT count(*)::int AS checked, count(*) FILTER (WHERE tie_size > 1)::int AS tied,
                (array_agg(json_build_object('user', user_id, 'kind', period_kind, 'start', period_start,
                   'region', region, 'metric', metric, 'brute', rank, 'fast', fast))
                   FILTER (WHERE fast IS DISTINCT FROM rank))[1:5] AS wrong
           FROM compared`);
      const row = rows[0];
      return { checked: row.checked, tied: row.tied, wrong: row.wrong ?? [] };
    }

    /** Counter keys whose sum over the shards differs from a recount of the aggregate rows. */
    async function counterDrift(): Promise<unknown[]> {
      return query(`WITH expected AS (
           SELECT s.period_kind, s.period_start, k.region, k.metric, k.tier, k.hi, k.lo, count(*)::int AS n
             FROM leaderboard_stats s
            CROSS JOIN LATERAL leaderboard_rank_keys(s.country, s.earnings_cents, s.wins, s.level, s.xp, s.user_id) k
            GROUP BY 1, 2, 3, 4, 5, 6, 7),
         actual AS (
           SELECT period_kind, period_start, region, metric, tier, hi, lo, sum(count)::int AS n
             FROM leaderboard_rank_counts GROUP BY 1, 2, 3, 4, 5, 6, 7)
         SELECT * FROM expected e FULL JOIN actual a USING (period_kind, period_start, region, metric, tier, hi, lo)
          WHERE coalesce(e.n, 0) <> coalesce(a.n, 0)
          LIMIT 5`);
    }

    async function bruteRank(
      userId: string,
      kind: string,
      start: string,
      region: string,
      metric: string,
    ): Promise<number | null> {
      const ahead = {
        total_earnings: 's.earnings_cents > me.earnings_cents',
        total_wins: 's.wins > me.wins',
        level: '(s.level > me.level OR (s.level = me.level AND s.xp > me.xp))',
      }[metric];
      const rows = await query<{ rank: number }>(
        `SELECT 1 + (SELECT count(*) FROM leaderboard_stats s
                      WHERE s.period_kind = me.period_kind AND s.period_start = me.period_start
                        AND ($4 = 'global' OR s.country = $4) AND ${ahead})::int AS rank
           FROM leaderboard_stats me
          WHERE me.user_id = $1 AND me.period_kind = $2 AND me.period_start = $3::date
            AND ($4 = 'global' OR me.country = $4)`,
        [userId, kind, start, region],
      );
      return rows[0]?.rank ?? null;
    }

    it('puts every figure in one bucket whose bounds hold it, in order (log-linear and level buckets)', async () => {
      const edges = [0n, 1n, 63n, 64n, 65n, 127n, 128n, 129n, 255n, 256n, 1000n, 9_223_372_036_854_775_807n];
      for (let bits = 7n; bits < 63n; bits++) edges.push((1n << bits) - 1n, 1n << bits, (1n << bits) + 1n);
      const random = prng(7);
      for (let i = 0; i < 300; i++) edges.push(BigInt(Math.floor(random() * 2 ** 20)) << BigInt(i % 40));
      const broken = await query(
        `WITH v AS (SELECT DISTINCT v FROM unnest($1::bigint[]) v),
         b AS (SELECT v, leaderboard_rank_log_hi(v) AS hi, leaderboard_rank_log_lo(v) AS lo,
                      leaderboard_rank_log_max(v) AS max FROM v),
         ordered AS (SELECT b.*, lag(hi) OVER (ORDER BY v) AS prev_hi, lag(lo) OVER (ORDER BY v) AS prev_lo FROM b)
         SELECT * FROM ordered
          WHERE lo NOT BETWEEN 0 AND 63 OR max < v
             OR (leaderboard_rank_log_hi(max), leaderboard_rank_log_lo(max)) <> (hi, lo)
             OR (max < 9223372036854775807
                 AND (leaderboard_rank_log_hi(max + 1), leaderboard_rank_log_lo(max + 1)) <= (hi, lo))
             OR (prev_hi IS NOT NULL AND (hi, lo) < (prev_hi, prev_lo))
             OR (v < 128 AND max <> v)`,
        [edges.map(String)],
      );
      expect(broken).toEqual([]);

      const brokenLevels = await query(`WITH b AS (
           SELECT level, xp, leaderboard_rank_level_lo(level, xp) AS lo, leaderboard_rank_level_max_xp(level, xp) AS max
             FROM generate_series(1, 60) level, generate_series(0, 100 * level + 200) xp)
         SELECT * FROM b
          WHERE lo NOT BETWEEN 0 AND 63 OR max < xp OR leaderboard_rank_level_lo(level, max) <> lo
             OR (max < 2147483647 AND leaderboard_rank_level_lo(level, max + 1) <> lo + 1)
          LIMIT 5`);
      expect(brokenLevels).toEqual([]);
    });

    it('ranks exactly like a brute-force count over random settlements, ties, XP and country changes', async () => {
      const seed = Number(process.env.LEADERBOARD_SEED ?? Math.floor(Math.random() * 2 ** 31));
      const random = prng(seed);
      const countries = [freshCountry(), freshCountry(), freshCountry()];
      const ids = await insertPlayers(Array.from({ length: 240 }, () => pick(random, [...countries, null])));
      const callers = await players(2, countries[0]);
      const everyone = [...ids, ...callers.map((caller) => caller.user.id)];
      // Two months, three ISO weeks and several days in a year nobody else uses.
      const times = [
        '2033-05-30T10:00:00Z',
        '2033-05-31T23:59:59Z',
        '2033-06-01T00:00:00Z',
        '2033-06-05T12:00:00Z',
        '2033-06-06T08:00:00Z',
        '2033-06-06T21:00:00Z',
      ].map((time) => new Date(time));

      const settleRandomly = async (rounds: number) => {
        for (let done = 0; done < rounds; done += 8) {
          // Eight at a time, as concurrent settlements would be (pairs may share a player).
          await Promise.all(
            Array.from({ length: 8 }, () => {
              const a = pick(random, everyone);
              let b = pick(random, everyone);
              while (b === a) b = pick(random, everyone);
              const roll = random();
              const winner = roll < 0.15 ? null : roll < 0.6 ? a : b;
              // Round bets make many exact ties; odd bets spread figures inside the fine buckets.
              const betCents =
                random() < 0.6 ? pick(random, [100n, 500n, 1000n, 2500n]) : BigInt(1 + Math.floor(random() * 5000));
              return settle(a, b, winner, betCents, pick(random, times));
            }),
          );
        }
      };
      const expectExact = async (stage: string) => {
        const result = await rankMismatches();
        expect({ seed, stage, wrong: result.wrong }).toEqual({ seed, stage, wrong: [] });
        expect(result.checked).toBeGreaterThan(3000);
        expect(result.tied).toBeGreaterThan(100);
        expect({ seed, stage, drift: await counterDrift() }).toEqual({ seed, stage, drift: [] });
      };

      await settleRandomly(480);
      await expectExact('after settlements');

      // Level and XP (server awards and direct changes) and countries move through the users trigger.
      const users = testApp.app.get(UsersService);
      for (const id of everyone.filter(() => random() < 0.5)) {
        await users.awardXp(id, Math.floor(random() * 600), `test:random:${id}`);
      }
      for (const id of ids.filter(() => random() < 0.1)) {
        await query(`UPDATE users SET level = $2, xp = $3 WHERE id = $1`, [
          id,
          1 + Math.floor(random() * 8),
          Math.floor(random() * 100),
        ]);
      }
      for (const id of ids.filter(() => random() < 0.2)) {
        await query(`UPDATE users SET country = $2 WHERE id = $1`, [id, pick(random, [...countries, null])]);
      }
      await expectExact('after level, XP and country changes');

      await settleRandomly(160);
      await expectExact('after more settlements');

      // Through the API: the caller's rank is the brute-force one, and agrees with the ranks in the list.
      now = times[4];
      const seen: number[] = [];
      for (const caller of callers) {
        for (const metric of ['total_earnings', 'total_wins', 'level']) {
          for (const period of ['all', 'month', 'week', 'day'] as const) {
            for (const region of ['global', countries[0]]) {
              const body = await leaderboard(caller, { metric, period, region, limit: 5 });
              const start = periodStart(period, now);
              const scope = region === 'global' ? 'global' : region.toUpperCase();
              const rank = await bruteRank(caller.user.id, period, start, scope, metric);
              expect({ seed, metric, period, region, rank: body.me.rank }).toEqual({
                seed,
                metric,
                period,
                region,
                rank,
              });
              for (const entry of body.leaderboard) {
                expect(entry.rank).toBe(await bruteRank(entry.id, period, start, scope, metric));
              }
              if (rank !== null) seen.push(rank);
            }
          }
        }
      }
      // Not a vacuous check: ranked callers, some of them beyond the list of 5.
      expect(seen.length).toBeGreaterThan(20);
      expect(seen.some((rank) => rank > 5)).toBe(true);
    });

    it('keeps every counter exact under concurrent settlements, XP awards and country changes, without deadlocks', async () => {
      const random = prng(2026);
      const countries = [freshCountry(), freshCountry()];
      const ids = await insertPlayers(Array.from({ length: 10 }, (_, i) => countries[i % 2]));
      const endedAt = new Date('2034-02-14T12:00:00Z');
      const users = testApp.app.get(UsersService);
      const tasks: Array<() => Promise<unknown>> = [];
      for (let i = 0; i < 80; i++) {
        const a = pick(random, ids);
        let b = pick(random, ids);
        while (b === a) b = pick(random, ids);
        tasks.push(() => settle(a, b, random() < 0.1 ? null : a, BigInt(100 + Math.floor(random() * 900)), endedAt));
      }
      for (let i = 0; i < 30; i++) {
        const id = pick(random, ids);
        tasks.push(() => users.awardXp(id, 10 + Math.floor(random() * 300), `test:concurrent:${i}`));
      }
      for (let i = 0; i < 15; i++) {
        const id = pick(random, ids);
        const country = pick(random, countries);
        tasks.push(() => query(`UPDATE users SET country = $2 WHERE id = $1`, [id, country]));
      }
      tasks.sort(() => random() - 0.5);
      const outcomes = await Promise.allSettled(tasks.map((task) => task()));
      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
      expect(await counterDrift()).toEqual([]);
      expect((await rankMismatches()).wrong).toEqual([]);
    });
  });
});
