import type { RoomDto } from '@skillduel/contracts';
import { randomUUID } from 'node:crypto';
import { UNSTORABLE_TEXT_MESSAGE, findUnstorableText } from '../src/common/request-text';
import { integerOutOfRangeMessage, isIntegerOutOfRange } from '../src/common/validation';
import { playerWithBalance } from '../src/rooms/testing/rooms-test-kit';
import { bearer, registerUser } from './auth-helpers';
import { sql } from './db';
import { createTestApp, type TestApp } from './test-app';

describe('findUnstorableText', () => {
  it('names the field holding U+0000 or a lone surrogate, in values and keys, at any depth', () => {
    expect(findUnstorableText({ reason: 'ok', note: 'a\u0000b' })).toBe('note');
    expect(findUnstorableText({ items: [{ name: 'x' }, { name: '\ud800' }] })).toBe('items.1.name');
    expect(findUnstorableText({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(findUnstorableText('\udc00x')).toBe('value');
  });

  it('lets ordinary text, emoji (paired surrogates) and other controls through', () => {
    expect(findUnstorableText({ a: 'olé 😀 مرحبا', b: ['\u001b[31m', 1, null, true], c: { d: '' } })).toBeNull();
    expect(findUnstorableText(undefined)).toBeNull();
  });
});

describe('isIntegerOutOfRange', () => {
  it('is true only for integer strings beyond PostgreSQL integer', () => {
    expect(isIntegerOutOfRange('99999999999999999999')).toBe(true);
    expect(isIntegerOutOfRange('2147483648')).toBe(true);
    expect(isIntegerOutOfRange('-2147483649')).toBe(true);
    expect(isIntegerOutOfRange('2147483647')).toBe(false);
    expect(isIntegerOutOfRange('-1')).toBe(false);
    expect(isIntegerOutOfRange('abc')).toBe(false);
    expect(isIntegerOutOfRange('1.5')).toBe(false);
  });
});

/** The three 500s of the security review: each is now a 400 in the usual error body, before any query. */
describe('bad input answers 400, not 500', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000', WITHDRAWAL_PROCESSOR_ENABLED: 'false' });
  });
  afterAll(() => testApp.close());

  const expectValidationError = (
    response: { statusCode: number; json: () => unknown },
    field: string,
    message: string,
  ) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      detail: message,
      message,
      errors: { [field]: [message] },
      requestId: expect.any(String),
    });
  };

  it('a NUL byte in an admin reason', async () => {
    const admin = await registerUser(testApp.app);
    await sql(testApp.databaseUrl, `UPDATE users SET role = 'admin' WHERE id = $1`, [admin.user.id]);
    const player = await registerUser(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/users/${player.user.id}/freeze`,
      headers: bearer(admin.accessToken),
      payload: { reason: 'cheating \u0000 again' },
    });
    expectValidationError(response, 'reason', UNSTORABLE_TEXT_MESSAGE);
    const [row] = await sql<{ frozen_at: Date | null }>(
      testApp.databaseUrl,
      `SELECT frozen_at FROM users WHERE id = $1`,
      [player.user.id],
    );
    expect(row.frozen_at).toBeNull();
  });

  it('a NUL byte in a query: GET /api/rooms?game=ab%00cd', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/rooms?game=ab%00cd' });
    expectValidationError(response, 'game', UNSTORABLE_TEXT_MESSAGE);
  });

  it('a NUL byte in a path parameter, and a lone surrogate in a body', async () => {
    expectValidationError(
      await testApp.app.inject({ method: 'GET', url: '/api/rooms/room_a%00b' }),
      'id',
      UNSTORABLE_TEXT_MESSAGE,
    );
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"\\ud800@example.test","password":"whatever-123"}',
    });
    expectValidationError(login, 'email', UNSTORABLE_TEXT_MESSAGE);
  });

  it('a round number past PostgreSQL integer: GET /api/rooms/{id}/rounds/99999999999999999999', async () => {
    const owner = await playerWithBalance(testApp.app, 10);
    const room = (
      await testApp.app.inject({
        method: 'POST',
        url: '/api/rooms',
        headers: bearer(owner.accessToken),
        payload: { game_id: 'number-rush', bet_amount: 1 },
      })
    ).json<RoomDto>();
    const replay = await testApp.app.inject({
      method: 'GET',
      url: `/api/rooms/${room.id}/rounds/99999999999999999999`,
    });
    expectValidationError(replay, 'round', integerOutOfRangeMessage('round'));
    const dispute = await testApp.app.inject({
      method: 'GET',
      url: `/api/rooms/${room.id}/rounds/2147483648/disputes`,
      headers: bearer(owner.accessToken),
    });
    expectValidationError(dispute, 'round', integerOutOfRangeMessage('round'));
    // In range but no such round: not found, as before.
    expect(
      (await testApp.app.inject({ method: 'GET', url: `/api/rooms/${room.id}/rounds/2147483647` })).statusCode,
    ).toBe(404);
  });

  it('a user id that is not a UUID on the fair-play evidence page is nobody (404)', async () => {
    const admin = await registerUser(testApp.app);
    await sql(testApp.databaseUrl, `UPDATE users SET role = 'admin' WHERE id = $1`, [admin.user.id]);
    for (const id of ['not-a-uuid', `${randomUUID()}x`]) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/admin/users/${id}/fair-play`,
        headers: bearer(admin.accessToken),
      });
      expect(response.statusCode).toBe(404);
    }
  });
});
