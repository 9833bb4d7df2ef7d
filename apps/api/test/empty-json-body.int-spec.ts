import { AUTH_MESSAGES } from '@skillduel/contracts';
import { bearer, randomIp, registerUser } from './auth-helpers';
import { createTestApp, TestApp } from './test-app';

/** `content-type: application/json` with no body at all, as many HTTP clients send a POST without payload. */
describe('an empty JSON body is an empty object', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(() => testApp.close());

  it.each(['application/json', 'application/json; charset=utf-8'])(
    'a POST without payload succeeds (%s)',
    async (contentType) => {
      const player = await registerUser(testApp.app);
      const logout = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { ...bearer(player.accessToken), 'content-type': contentType },
        payload: '',
      });
      expect(logout.statusCode).toBe(200);
      expect(logout.json()).toMatchObject({ success: true });
    },
  );

  it('a route that needs fields answers their validation messages, as for `{}`', async () => {
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
      remoteAddress: randomIp(),
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      detail: AUTH_MESSAGES.emailRequired,
    });
  });

  it.each([
    ['only spaces', '   '],
    ['malformed JSON', '{bad'],
  ])('a body that is not JSON is still refused (%s)', async (_label, payload) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload,
      remoteAddress: randomIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST', detail: expect.stringMatching(/not valid JSON/) });
  });

  it('prototype poisoning is still refused', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"admin":true},"email":"a@b.test","password":"x"}',
      remoteAddress: randomIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });
});
