import type { LeaderboardResponse, NotificationsResponse } from '@skillduel/contracts';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { bearer, RegisteredUser, registerUser } from '../../test/auth-helpers';
import { sql } from '../../test/db';
import { createTestApp, TestApp } from '../../test/test-app';
import { Clock } from '../common/clock';
import { UsersService } from '../users/users.service';
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

  it('orders ties consistently by user id, and ranks the caller beyond the limit', async () => {
    const country = freshCountry();
    const group = await players(5, country);
    const [loser, ...winners] = group;
    for (const winner of winners) await play(winner, loser, { betCents: 1000n });
    const region = country.toLowerCase();
    const expected = winners.map((p) => p.user.id).sort();

    const first = await leaderboard(loser, { region, limit: 4 });
    expect(first.leaderboard.map((entry) => entry.id)).toEqual(expected);
    expect((await leaderboard(loser, { region, limit: 4 })).leaderboard).toEqual(first.leaderboard);

    const lastWinner = winners.find((p) => p.user.id === expected[3]) as RegisteredUser;
    const limited = await leaderboard(lastWinner, { region, limit: 2 });
    expect(limited.leaderboard).toHaveLength(2);
    expect(limited.me.rank).toBe(4);
    expect((await leaderboard(loser, { region, limit: 1 })).me.rank).toBe(5);
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

    // Server-decided XP (the rooms module awards it after settlement) notifies a level-up.
    expect(await testApp.app.get(UsersService).awardXp(a.user.id, 120)).toEqual({ level: 2, xp: 20, leveledUp: true });

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
});
