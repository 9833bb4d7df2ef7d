import { GAME_CATEGORIES, GAME_DIFFICULTIES, GAME_IDS } from '@skillduel/contracts';
import { Client } from 'pg';
import { createTestApp, TestApp } from '../../test/test-app';
import { GamesService } from './games.service';

describe('GET /api/games (real PostgreSQL)', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it.each(['/api/games/', '/api/games'])('%s returns the seven built-in games with every Game field', async (url) => {
    const response = await testApp.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    const games = response.json() as Array<Record<string, unknown>>;
    expect(games.map((game) => game['id']).sort()).toEqual([...GAME_IDS].sort());
    for (const game of games) {
      expect(Object.keys(game).sort()).toEqual(
        [
          'avg_game_time',
          'category',
          'default_bet',
          'description',
          'difficulty',
          'featured',
          'icon',
          'id',
          'max_bet',
          'min_bet',
          'name',
          'players_online',
        ].sort(),
      );
      expect(GAME_CATEGORIES).toContain(game['category']);
      expect(GAME_DIFFICULTIES).toContain(game['difficulty']);
      expect(typeof game['min_bet']).toBe('number');
      expect(game['min_bet'] as number).toBeLessThanOrEqual(game['default_bet'] as number);
      expect(game['default_bet'] as number).toBeLessThanOrEqual(game['max_bet'] as number);
    }
  });

  it('stores money as integer cents in bigint columns and answers in dollars', async () => {
    const client = new Client({ connectionString: testApp.databaseUrl });
    await client.connect();
    try {
      const columns = await client.query(
        `SELECT column_name, data_type FROM information_schema.columns
         WHERE table_name = 'games' AND column_name LIKE '%cents'`,
      );
      expect(columns.rows.map((row) => row.data_type)).toEqual(['bigint', 'bigint', 'bigint']);
      await client.query(`UPDATE games SET max_bet_cents = 12345 WHERE id = 'quick-click'`);
    } finally {
      await client.end();
    }
    testApp.app.get(GamesService).invalidateCache();
    const games = (await testApp.app.inject({ method: 'GET', url: '/api/games/' })).json() as Array<
      Record<string, unknown>
    >;
    expect(games.find((game) => game['id'] === 'quick-click')?.['max_bet']).toBe(123.45);
  });

  it('reseeding at boot is idempotent (a restart keeps one row per game)', async () => {
    const second = await createTestApp();
    try {
      const client = new Client({ connectionString: second.databaseUrl });
      await client.connect();
      await second.app.get(GamesService).onApplicationBootstrap();
      const count = await client.query('SELECT count(*)::int AS n FROM games');
      await client.end();
      expect(count.rows[0].n).toBe(7);
    } finally {
      await second.close();
    }
  });
});
