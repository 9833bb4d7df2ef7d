import type { UserDto } from '@skillduel/contracts';
import { bearer, randomIp, registerUser } from '../../test/auth-helpers';
import { createTestApp, TestApp } from '../../test/test-app';
import { BODY_TOO_DEEP_MESSAGE, isNestedDeeperThan, MAX_BODY_DEPTH } from './validation';

/** `{"a":{"a":…}}` with `levels` objects, as raw JSON (the attack sent ~3 000 levels in 18 kB). */
function nestedJson(levels: number, leaf = '1'): string {
  return '{"a":'.repeat(levels) + leaf + '}'.repeat(levels);
}

describe('isNestedDeeperThan', () => {
  it('counts objects and arrays, not scalars', () => {
    expect(isNestedDeeperThan('text', 0)).toBe(false);
    expect(isNestedDeeperThan({ a: 1 }, 1)).toBe(false);
    expect(isNestedDeeperThan({ a: { b: 1 } }, 1)).toBe(true);
    expect(isNestedDeeperThan([[[1]]], 2)).toBe(true);
    expect(isNestedDeeperThan(JSON.parse(nestedJson(MAX_BODY_DEPTH)), MAX_BODY_DEPTH)).toBe(false);
    expect(isNestedDeeperThan(JSON.parse(nestedJson(MAX_BODY_DEPTH + 1)), MAX_BODY_DEPTH)).toBe(true);
  });
});

/** Deeply nested JSON bodies are refused with 400 before validation, not a 500. */
describe('deeply nested request bodies', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000', WITHDRAWAL_PROCESSOR_ENABLED: 'false' });
  });
  afterAll(() => testApp.close());

  it.each([
    ['POST', '/api/auth/login'],
    ['POST', '/api/auth/refresh'],
    ['PUT', '/api/users/me/'],
  ] as const)('%s %s: 3 000 levels → 400 BODY_TOO_DEEP, nothing changed', async (method, url) => {
    const player = await registerUser(testApp.app);
    const response = await testApp.app.inject({
      method,
      url,
      headers: { ...bearer(player.accessToken), 'content-type': 'application/json' },
      payload: nestedJson(3000),
      remoteAddress: randomIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      code: 'BODY_TOO_DEEP',
      detail: BODY_TOO_DEEP_MESSAGE,
      message: BODY_TOO_DEEP_MESSAGE,
    });
    const me = await testApp.app.inject({ method: 'GET', url: '/api/users/me/', headers: bearer(player.accessToken) });
    expect(me.json<UserDto>()).toMatchObject({ username: player.user.username, email: player.user.email });
  });

  it('a body within the limit goes on to ordinary validation', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: nestedJson(MAX_BODY_DEPTH),
      remoteAddress: randomIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });
});

/** A refusal that names its problem carries a code for it, so a client translates by code and never by words. */
describe('codes of validation refusals', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000', WITHDRAWAL_PROCESSOR_ENABLED: 'false' });
  });
  afterAll(() => testApp.close());

  it.each([
    [
      '/api/transactions/deposit',
      { amount: 4.99, payment_method: 'card' },
      'DEPOSIT_BELOW_MINIMUM',
      'Minimum deposit is $5.00',
    ],
    [
      '/api/transactions/deposit',
      { amount: 10_000.01, payment_method: 'card' },
      'DEPOSIT_ABOVE_MAXIMUM',
      'Maximum deposit is $10,000.00',
    ],
    [
      '/api/transactions/deposit',
      { amount: 'abc', payment_method: 'card' },
      'INVALID_DEPOSIT_AMOUNT',
      'Please enter a valid deposit amount',
    ],
    [
      '/api/transactions/deposit',
      { amount: 20, payment_method: 'cash' },
      'INVALID_PAYMENT_METHOD',
      'Please choose a payment method: card, paypal, crypto or bank',
    ],
    [
      '/api/transactions/withdraw',
      { amount: 9.99, payment_method: 'card' },
      'WITHDRAWAL_BELOW_MINIMUM',
      'Minimum withdrawal is $10.00',
    ],
    [
      '/api/transactions/withdraw',
      { amount: 1.001, payment_method: 'card' },
      'INVALID_WITHDRAWAL_AMOUNT',
      'Please enter a valid withdrawal amount',
    ],
  ] as const)('%s %j → 400 %s', async (url, payload, code, message) => {
    const player = await registerUser(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(player.accessToken), 'idempotency-key': `codes-${code}` },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code, detail: message, message });
    const wallet = await testApp.app.inject({
      method: 'GET',
      url: '/api/transactions',
      headers: bearer(player.accessToken),
    });
    expect(wallet.json()).toHaveLength(0);
  });

  it('a rule that names no code keeps the generic VALIDATION_FAILED', async () => {
    const player = await registerUser(testApp.app);
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/transactions?limit=0',
      headers: bearer(player.accessToken),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: 'limit must be a whole number from 1 to 100',
    });
  });
});
