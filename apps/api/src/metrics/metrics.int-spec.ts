import { bearer, registerUser } from '../../test/auth-helpers';
import { createTestApp, TestApp } from '../../test/test-app';

describe('GET /api/metrics', () => {
  describe('open (no METRICS_TOKEN)', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await createTestApp();
    });
    afterAll(() => testApp.close());

    it('exposes Prometheus text with HTTP latency by route pattern and the SkillDuel gauges', async () => {
      await testApp.app.inject({ method: 'GET', url: '/api/games/' });
      await testApp.app.inject({ method: 'GET', url: '/api/does-not-exist/123' });
      const response = await testApp.app.inject({ method: 'GET', url: '/api/metrics' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/plain');
      const body = response.body;
      expect(body).toMatch(
        /skillduel_http_request_duration_seconds_bucket\{[^}]*method="GET"[^}]*route="\/api\/games"[^}]*status_code="200"/,
      );
      // Unknown URLs are grouped, never one label value per URL.
      expect(body).not.toContain('/api/does-not-exist/123');
      expect(body).toContain('skillduel_open_sockets');
      expect(body).toContain('skillduel_live_matches');
      expect(body).toContain('skillduel_ledger_postings_total');
      expect(body).toContain('skillduel_settlement_failures_total');
      expect(body).toContain('skillduel_process_cpu_seconds_total');
    });

    it('counts ledger postings by kind, once per movement (an idempotent replay is not counted)', async () => {
      const player = await registerUser(testApp.app);
      const deposit = () =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/transactions/deposit',
          headers: { ...bearer(player.accessToken), 'idempotency-key': 'metrics-deposit-1' },
          payload: { amount: 25, payment_method: 'card' },
        });
      expect((await deposit()).statusCode).toBe(201);
      expect((await deposit()).statusCode).toBe(201); // replayed
      const body = (await testApp.app.inject({ method: 'GET', url: '/api/metrics' })).body;
      expect(body).toMatch(/skillduel_ledger_postings_total\{kind="deposit"\} 1\n/);
    });
  });

  describe('protected (METRICS_TOKEN set)', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await createTestApp({ METRICS_TOKEN: 'scrape-secret-123' });
    });
    afterAll(() => testApp.close());

    it('refuses scrapers without the token and serves those with it', async () => {
      const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/metrics' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().detail).toBe('Authentication required');
      const wrong = await testApp.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: 'Bearer nope' },
      });
      expect(wrong.statusCode).toBe(401);
      const scraper = await testApp.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: 'Bearer scrape-secret-123' },
      });
      expect(scraper.statusCode).toBe(200);
    });
  });
});

/** Production defaults are closed: no token, no public metrics unless METRICS_PUBLIC=true. */
describe('GET /api/metrics in production', () => {
  const production = { NODE_ENV: 'production', APP_BASE_URL: 'https://skillduel.example' };

  it('answers 404 without METRICS_TOKEN', async () => {
    const testApp = await createTestApp(production);
    try {
      const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/metrics' });
      expect(anonymous.statusCode).toBe(404);
      expect(anonymous.json().detail).toBe('Resource not found');
      expect(anonymous.body).not.toContain('skillduel_');
    } finally {
      await testApp.close();
    }
  });

  it('serves them without a token when METRICS_PUBLIC=true (private network), and with the token when set', async () => {
    const open = await createTestApp({ ...production, METRICS_PUBLIC: 'true' });
    try {
      const anonymous = await open.app.inject({ method: 'GET', url: '/api/metrics' });
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.body).toContain('skillduel_open_sockets');
    } finally {
      await open.close();
    }
    const protectedApp = await createTestApp({ ...production, METRICS_TOKEN: 'scrape-secret-123' });
    try {
      expect((await protectedApp.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(401);
      const scraper = await protectedApp.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: 'Bearer scrape-secret-123' },
      });
      expect(scraper.statusCode).toBe(200);
    } finally {
      await protectedApp.close();
    }
  });
});
