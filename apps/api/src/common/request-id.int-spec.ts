import { createTestApp, TestApp } from '../../test/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A client's X-Request-Id is kept only when it is a plain token (no log injection); else a fresh id. */
describe('X-Request-Id', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(() => testApp.close());

  const requestIdFor = async (supplied?: string): Promise<string> => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/games/',
      headers: supplied === undefined ? {} : { 'x-request-id': supplied },
    });
    expect(response.statusCode).toBe(200);
    return String(response.headers['x-request-id']);
  };

  it.each(['3f0c6a52-1d7e-4a43-9d55-8b4f0e2a7c11', 'trace.abc_123:4-5', 'A'.repeat(128)])(
    'keeps a safe id: %s',
    async (supplied) => {
      expect(await requestIdFor(supplied)).toBe(supplied);
    },
  );

  it.each([
    ['spaces and a forged log field', 'abc "level":60 admin=1'],
    ['markup', '<script>alert(1)</script>'],
    ['too long', 'a'.repeat(129)],
    ['empty', ''],
    ['non-ASCII', 'ïd-ünsafe'],
  ])('replaces an unsafe id (%s) with a fresh UUID', async (_label, supplied) => {
    const id = await requestIdFor(supplied);
    expect(id).not.toBe(supplied);
    expect(id).toMatch(UUID);
  });

  it('makes a fresh UUID when none is sent', async () => {
    expect(await requestIdFor()).toMatch(UUID);
  });
});
