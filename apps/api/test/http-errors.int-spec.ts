import { createTestApp, TestApp } from './test-app';

describe('API error bodies and HTTP basics', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_PER_MINUTE: '5' });
  });
  afterAll(() => testApp.close());

  it('unknown routes under /api answer 404 with the spec message, never HTML or a stack', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({
      statusCode: 404,
      detail: 'Resource not found',
      message: 'Resource not found',
    });
    expect(response.body).not.toMatch(/at .*\.ts|Error:/);
  });

  it('wrong method on a known route is a 404 body as well', async () => {
    const response = await testApp.app.inject({ method: 'DELETE', url: '/api/games/' });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('Resource not found');
  });

  it('malformed JSON answers 400 with a readable detail', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/games/',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().detail).toBe('string');
    expect(response.json().detail.length).toBeGreaterThan(0);
  });

  it('bodies over the size limit answer 413', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/games/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(70 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().statusCode).toBe(413);
  });

  it('every answer carries a request id, and a caller-supplied one is echoed', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(response.headers['x-request-id']).toBe('abc-123');
    const other = await testApp.app.inject({ method: 'GET', url: '/api/config' });
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sets security headers (helmet)', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    // Popups (social login) may message the app; the callback page itself keeps its opener.
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    const callback = await testApp.app.inject({ method: 'GET', url: '/auth/google/callback?code=x&state=y' });
    expect(callback.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(callback.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('rate limits with 429 and the spec message', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 7; i++) {
      last = await testApp.app.inject({ method: 'GET', url: '/api/games/' });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 3).every((status) => status === 200)).toBe(true);
    expect(statuses).toContain(429);
    expect(last?.json()).toMatchObject({ statusCode: 429, detail: 'Too many requests. Please try again later.' });
  });

  it('health is not rate limited and reports the database', async () => {
    for (let i = 0; i < 8; i++) {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'ok', database: 'up' });
    }
  });

  it('GET /api/config returns the feature flags and public limits', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toMatchObject({
      features: { tournaments: true, chat: true, referrals: true },
      limits: { deposit_min: 5, deposit_max: 10000, withdrawal_min: 10, room_max_players: 2 },
      payment_methods: ['card', 'paypal', 'crypto', 'bank'],
    });
  });

  it('serves the OpenAPI document', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs-json' });
    expect(response.statusCode).toBe(200);
    expect(response.json().paths).toHaveProperty('/api/games');
  });
});
