import type { LeaderboardResponse } from '@skillduel/contracts';
import { DataSource } from 'typeorm';
import { bearer, registerUser } from '../../test/auth-helpers';
import { createTestApp, TestApp } from '../../test/test-app';
import { LeaderboardMaintenanceService, RANK_COUNTS_KEEP_DAYS } from './leaderboard-maintenance.service';
import { ALL_TIME_START, periodStart } from './leaderboard-periods';
import { recordResult } from './round-results';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Its own database: the pruning deletes counters of every old period, which other suites compare with the stats. */
describe('leaderboard rank counters of past periods are pruned (real PostgreSQL)', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const query = <T>(text: string, params: unknown[] = []): Promise<T[]> =>
    testApp.app.get(DataSource).query<T[]>(text, params);

  /** The periods that have counters, as "kind start" strings. */
  async function countedPeriods(): Promise<string[]> {
    const rows = await query<{ period: string }>(
      `SELECT DISTINCT period_kind || ' ' || to_char(period_start, 'YYYY-MM-DD') AS period
         FROM leaderboard_rank_counts ORDER BY 1`,
    );
    return rows.map((row) => row.period);
  }

  it('deletes the counters of days, weeks and months that started long ago, and keeps current and all-time ones', async () => {
    const winner = await registerUser(testApp.app);
    const loser = await registerUser(testApp.app);
    const settle = (endedAt: Date) =>
      testApp.app.get(DataSource).transaction((manager) =>
        recordResult(manager, {
          player1Id: winner.user.id,
          player2Id: loser.user.id,
          winnerId: winner.user.id,
          betCents: 500n,
          payoutCents: 1000n,
          durationMs: 10_000,
          completed: true,
          endedAt,
        }),
      );
    const now = new Date();
    const longAgo = new Date(now.getTime() - (RANK_COUNTS_KEEP_DAYS + 30) * DAY_MS);
    const recently = new Date(now.getTime() - 3 * DAY_MS);
    await settle(longAgo);
    await settle(recently);
    await settle(now);

    const current = (at: Date) => ['day', 'week', 'month'].map((kind) => `${kind} ${periodStart(kind as 'day', at)}`);
    const old = current(longAgo);
    const kept = [...new Set([...current(recently), ...current(now), `all ${ALL_TIME_START}`])].sort();
    expect(await countedPeriods()).toEqual([...old, ...kept].sort());

    const oldRows = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM leaderboard_rank_counts WHERE period_start = ANY($1::date[])`,
      [old.map((period) => period.split(' ')[1])],
    );
    expect(oldRows[0].n).toBeGreaterThan(5);
    const maintenance = testApp.app.get(LeaderboardMaintenanceService);
    // Five rows per statement: the old periods take several batches.
    expect(await maintenance.pruneRankCounts(5)).toBe(oldRows[0].n);
    expect(await countedPeriods()).toEqual(kept);
    expect(await maintenance.pruneRankCounts()).toBe(0);

    // The aggregates stay, and the current boards still rank from their counters.
    const stats = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM leaderboard_stats WHERE user_id = $1 AND period_start = $2 AND period_kind = 'day'`,
      [winner.user.id, periodStart('day', longAgo)],
    );
    expect(stats[0].n).toBe(1);
    for (const period of ['day', 'all']) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/users/leaderboard/?period=${period}&metric=total_wins`,
        headers: bearer(loser.accessToken),
      });
      const body = response.json<LeaderboardResponse>();
      expect(body.leaderboard[0]).toMatchObject({ username: winner.user.username, rank: 1 });
      expect(body.me).toMatchObject({ username: loser.user.username, rank: 2 });
    }
  });
});
