import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  TOAST_MESSAGES,
  TransactionDto,
  VALIDATION_MESSAGES,
  WALLET_MESSAGES,
  WalletChangedDto,
  WalletOperationResponseDto,
} from '@skillduel/contracts';
import { randomUUID } from 'node:crypto';
import { bearer, registerUser } from '../../test/auth-helpers';
import { createTestApp, TestApp } from '../../test/test-app';
import { collect, connectSocket, eventually, sleep } from '../rooms/testing/rooms-test-kit';
import { expectLedgerConsistent, withClient } from '../../test/wallet-helpers';

type Method = 'deposit' | 'withdraw';

describe('wallet API: /api/transactions (real PostgreSQL)', () => {
  let testApp: TestApp;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000', WITHDRAWAL_PROCESSOR_ENABLED: 'false' });
    app = testApp.app;
  });
  afterEach(() => expectLedgerConsistent(testApp.databaseUrl));
  afterAll(() => testApp.close());

  const post = (token: string, method: Method, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/transactions/${method}`,
      headers: { ...bearer(token), 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const history = async (token: string, query = ''): Promise<TransactionDto[]> => {
    const response = await app.inject({ method: 'GET', url: `/api/transactions${query}`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return response.json<TransactionDto[]>();
  };
  const me = async (token: string) =>
    (await app.inject({ method: 'GET', url: '/api/users/me/', headers: bearer(token) })).json();

  /** A registered user, optionally with money already deposited. */
  async function player(depositDollars = 0): Promise<{ token: string; userId: string }> {
    const registered = await registerUser(app);
    if (depositDollars > 0) {
      const response = await post(registered.accessToken, 'deposit', {
        amount: depositDollars,
        payment_method: 'card',
      });
      expect(response.statusCode).toBe(201);
    }
    return { token: registered.accessToken, userId: registered.user.id };
  }

  /** Everything money-related of one user, to show that a refused request changed nothing. */
  const snapshot = (userId: string) =>
    withClient(testApp.databaseUrl, async (client) => {
      const result = await client.query(
        `SELECT (SELECT coalesce(sum(balance_cents), 0) FROM ledger_accounts WHERE user_id = $1)::text AS balance,
                (SELECT count(*) FROM wallet_payments WHERE user_id = $1)::int AS payments,
                (SELECT count(*) FROM ledger_transactions WHERE user_id = $1)::int AS transactions,
                (SELECT count(*) FROM idempotency_keys WHERE user_id = $1)::int AS keys`,
        [userId],
      );
      return result.rows[0];
    });

  it('requires a signed-in user on every route (401, spec message)', async () => {
    for (const request of [
      { method: 'POST' as const, url: '/api/transactions/deposit', payload: { amount: 50, payment_method: 'card' } },
      { method: 'POST' as const, url: '/api/transactions/withdraw', payload: { amount: 50, payment_method: 'card' } },
      { method: 'GET' as const, url: '/api/transactions' },
    ]) {
      const response = await app.inject(request);
      expect(response.statusCode).toBe(401);
      expect(response.json().detail).toBe('Authentication required');
    }
  });

  describe('deposit', () => {
    it('credits the wallet at once and answers the transaction and the new balance', async () => {
      const { token } = await player();
      const response = await post(token, 'deposit', { amount: 50, payment_method: 'paypal' });
      expect(response.statusCode).toBe(201);
      const body = response.json<WalletOperationResponseDto>();
      expect(body.current_balance).toBe(50);
      expect(body.transaction).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        type: 'deposit',
        amount: 50,
        status: 'completed',
        payment_method: 'paypal',
        created_at: expect.any(String),
        balance_after: 50,
      });
      const second = await post(token, 'deposit', { amount: '12.34', payment_method: 'crypto' });
      expect(second.json().current_balance).toBe(62.34);
      expect(await history(token)).toEqual([second.json().transaction, body.transaction]);
      const user = await me(token);
      expect(user.current_balance).toBe(62.34);
      expect(user.stats).toMatchObject({ total_deposited: 62.34, total_withdrawn: 0 });
    });

    it.each([
      [5, 5],
      ['5', 5],
      [10000, 10000],
      ['10000.00', 10000],
      [99.9, 99.9],
      ['0099.90', null],
    ])('amount %p is %p dollars', async (amount, expected) => {
      const { token } = await player();
      const response = await post(token, 'deposit', { amount, payment_method: 'card' });
      if (expected === null) {
        expect(response.statusCode).toBe(400);
        expect(response.json().detail).toBe(VALIDATION_MESSAGES.invalidDeposit);
      } else {
        expect(response.statusCode).toBe(201);
        expect(response.json().current_balance).toBe(expected);
      }
    });

    const invalid = VALIDATION_MESSAGES.invalidDeposit;
    it.each([
      ['0', '{"amount":0,"payment_method":"card"}', invalid],
      ['-5', '{"amount":-5,"payment_method":"card"}', invalid],
      ['4.99', '{"amount":4.99,"payment_method":"card"}', VALIDATION_MESSAGES.depositMin],
      ['1', '{"amount":1,"payment_method":"card"}', VALIDATION_MESSAGES.depositMin],
      ['10000.01', '{"amount":10000.01,"payment_method":"card"}', VALIDATION_MESSAGES.depositMax],
      ['1.001', '{"amount":1.001,"payment_method":"card"}', invalid],
      ['50.001 as a string', '{"amount":"50.001","payment_method":"card"}', invalid],
      ['"abc"', '{"amount":"abc","payment_method":"card"}', invalid],
      ['"NaN"', '{"amount":"NaN","payment_method":"card"}', invalid],
      ['"Infinity"', '{"amount":"Infinity","payment_method":"card"}', invalid],
      ['"1e3"', '{"amount":"1e3","payment_method":"card"}', invalid],
      ['1e309', '{"amount":1e309,"payment_method":"card"}', invalid],
      ['null', '{"amount":null,"payment_method":"card"}', invalid],
      ['true', '{"amount":true,"payment_method":"card"}', invalid],
      ['an array', '{"amount":[50],"payment_method":"card"}', invalid],
      ['an object', '{"amount":{"value":50},"payment_method":"card"}', invalid],
      ['missing amount', '{"payment_method":"card"}', invalid],
      ['missing method', '{"amount":50}', WALLET_MESSAGES.invalidPaymentMethod],
      ['unknown method', '{"amount":50,"payment_method":"visa"}', WALLET_MESSAGES.invalidPaymentMethod],
      ['method of another type', '{"amount":50,"payment_method":1}', WALLET_MESSAGES.invalidPaymentMethod],
      ['an extra field', '{"amount":50,"payment_method":"card","user_id":"x"}', 'property user_id should not exist'],
      ['an empty body', '{}', invalid],
    ])('refuses %s with the spec message and moves nothing', async (_name, payload, message) => {
      const { token, userId } = await player(20);
      const before = await snapshot(userId);
      const response = await post(token, 'deposit', payload, { 'idempotency-key': randomUUID() });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, detail: message, message });
      expect(await snapshot(userId)).toEqual(before);
    });

    it.each([
      ['a JSON array body', '[]', 400],
      ['a JSON string body', '"50"', 400],
      ['malformed JSON', '{"amount":', 400],
      ['a 1 MB body', JSON.stringify({ amount: 50, payment_method: 'card', pad: 'x'.repeat(1024 * 1024) }), 413],
    ])('refuses %s and moves nothing', async (_name, payload, status) => {
      const { token, userId } = await player(20);
      const before = await snapshot(userId);
      const response = await post(token, 'deposit', payload);
      expect(response.statusCode).toBe(status);
      expect(typeof response.json().detail).toBe('string');
      expect(await snapshot(userId)).toEqual(before);
    });

    it("answers 402 'Deposit failed. Please try again.' when the provider declines, and keeps a failed row", async () => {
      const { token } = await player();
      const response = await post(token, 'deposit', { amount: 10.13, payment_method: 'card' });
      expect(response.statusCode).toBe(402);
      expect(response.json().detail).toBe(TOAST_MESSAGES.depositFailed);
      expect(await history(token)).toEqual([
        expect.objectContaining({
          type: 'deposit',
          amount: 10.13,
          status: 'failed',
          payment_method: 'card',
          balance_after: null,
        }),
      ]);
      expect((await me(token)).current_balance).toBe(0);
    });

    it('refuses users whose deposits are disabled (403) and moves nothing', async () => {
      const { token, userId } = await player(20);
      await withClient(testApp.databaseUrl, (client) =>
        client.query(`UPDATE users SET can_deposit = false WHERE id = $1`, [userId]),
      );
      const before = await snapshot(userId);
      const response = await post(token, 'deposit', { amount: 50, payment_method: 'card' });
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe(WALLET_MESSAGES.depositNotAllowed);
      expect(await snapshot(userId)).toEqual(before);
    });
  });

  describe('wallet:changed pushes to every tab of the user', () => {
    it("pushes each committed money movement to the user's own sockets, and nothing for a declined deposit", async () => {
      const { token } = await player();
      const other = await player();
      // The sockets need a listening server (the other tests here inject requests).
      if (app.getHttpServer().address() === null) await app.listen(0, '127.0.0.1');
      const socket = await connectSocket(app, { token });
      const otherSocket = await connectSocket(app, { token: other.token });
      try {
        const pushes = collect<WalletChangedDto>(socket, 'wallet:changed');
        const otherPushes = collect<WalletChangedDto>(otherSocket, 'wallet:changed');
        expect((await post(token, 'deposit', { amount: 40, payment_method: 'card' })).statusCode).toBe(201);
        await eventually(() => pushes.length === 1, 5000, 'the deposit push');
        expect(pushes[0]).toEqual({ kind: 'deposit', amount: 40, room_id: null, reason: null });

        expect((await post(token, 'withdraw', { amount: 15, payment_method: 'card' })).statusCode).toBe(202);
        await eventually(() => pushes.length === 2, 5000, 'the withdrawal push');
        expect(pushes[1]).toEqual({ kind: 'withdrawal', amount: -15, room_id: null, reason: null });

        // A declined deposit moves no money: nobody hears of it.
        expect((await post(token, 'deposit', { amount: 10.13, payment_method: 'card' })).statusCode).toBe(402);
        await sleep(300);
        expect(pushes).toHaveLength(2);
        expect(otherPushes).toHaveLength(0);
      } finally {
        socket.close();
        otherSocket.close();
      }
    });
  });

  describe('withdraw', () => {
    it('moves the money out of the wallet at once and answers 202 with a pending transaction', async () => {
      const { token } = await player(100);
      const response = await post(token, 'withdraw', { amount: 20, payment_method: 'bank' });
      expect(response.statusCode).toBe(202);
      const body = response.json<WalletOperationResponseDto>();
      expect(body.current_balance).toBe(80);
      expect(body.transaction).toMatchObject({
        type: 'withdrawal',
        amount: 20,
        status: 'pending',
        payment_method: 'bank',
        balance_after: 80,
      });
      const [latest] = await history(token);
      expect(latest).toEqual(body.transaction);
      const user = await me(token);
      expect(user.current_balance).toBe(80);
      expect(user.stats).toMatchObject({ total_deposited: 100, total_withdrawn: 20 });
    });

    it('lets the whole balance be withdrawn, and not a cent more', async () => {
      const { token } = await player(25.5);
      expect((await post(token, 'withdraw', { amount: 25.51, payment_method: 'card' })).json().detail).toBe(
        VALIDATION_MESSAGES.insufficientBalance,
      );
      const response = await post(token, 'withdraw', { amount: '25.50', payment_method: 'card' });
      expect(response.statusCode).toBe(202);
      expect(response.json().current_balance).toBe(0);
    });

    const invalid = VALIDATION_MESSAGES.invalidWithdrawal;
    it.each([
      ['0', { amount: 0, payment_method: 'card' }, invalid],
      ['-5', { amount: -5, payment_method: 'card' }, invalid],
      ['9.99', { amount: 9.99, payment_method: 'card' }, VALIDATION_MESSAGES.withdrawalMin],
      ['10.001', { amount: 10.001, payment_method: 'card' }, invalid],
      ['"abc"', { amount: 'abc', payment_method: 'card' }, invalid],
      ['null', { amount: null, payment_method: 'card' }, invalid],
      ['missing amount', { payment_method: 'card' }, invalid],
      ['unknown method', { amount: 20, payment_method: 'cash' }, WALLET_MESSAGES.invalidPaymentMethod],
      ['more than the balance', { amount: 50.01, payment_method: 'card' }, VALIDATION_MESSAGES.insufficientBalance],
      [
        'a gigantic amount',
        { amount: '999999999999.99', payment_method: 'card' },
        VALIDATION_MESSAGES.insufficientBalance,
      ],
      ['an extra field', { amount: 20, payment_method: 'card', fee: 0 }, 'property fee should not exist'],
    ])('refuses %s with the spec message and moves nothing', async (_name, payload, message) => {
      const { token, userId } = await player(50);
      const before = await snapshot(userId);
      const response = await post(token, 'withdraw', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(message);
      expect(await snapshot(userId)).toEqual(before);
    });

    it("a user who never deposited gets 'Insufficient balance'", async () => {
      const { token, userId } = await player();
      const before = await snapshot(userId);
      const response = await post(token, 'withdraw', { amount: 10, payment_method: 'card' });
      expect(response.json()).toMatchObject({ statusCode: 400, detail: VALIDATION_MESSAGES.insufficientBalance });
      expect(await snapshot(userId)).toEqual(before);
    });

    it('refuses users whose withdrawals are disabled (403) and moves nothing', async () => {
      const { token, userId } = await player(50);
      await withClient(testApp.databaseUrl, (client) =>
        client.query(`UPDATE users SET can_withdraw = false WHERE id = $1`, [userId]),
      );
      const before = await snapshot(userId);
      const response = await post(token, 'withdraw', { amount: 20, payment_method: 'card' });
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe(WALLET_MESSAGES.withdrawalNotAllowed);
      expect(await snapshot(userId)).toEqual(before);
    });
  });

  describe('history', () => {
    it('lists newest first and paginates with limit and offset', async () => {
      const { token } = await player();
      for (const amount of [5, 6, 7, 8, 9]) await post(token, 'deposit', { amount, payment_method: 'card' });
      expect((await history(token)).map((row) => row.amount)).toEqual([9, 8, 7, 6, 5]);
      expect((await history(token, '?limit=2')).map((row) => row.amount)).toEqual([9, 8]);
      expect((await history(token, '?limit=2&offset=2')).map((row) => row.amount)).toEqual([7, 6]);
      expect((await history(token, '?offset=4')).map((row) => row.amount)).toEqual([5]);
      expect((await history(token)).map((row) => row.balance_after)).toEqual([35, 26, 18, 11, 5]);
    });

    it.each(['?limit=0', '?limit=101', '?limit=abc', '?offset=-1', '?limit=1.5', '?page=2'])(
      'refuses %s',
      async (query) => {
        const { token } = await player();
        const response = await app.inject({ method: 'GET', url: `/api/transactions${query}`, headers: bearer(token) });
        expect(response.statusCode).toBe(400);
      },
    );

    it("user B never sees or touches user A's transactions", async () => {
      const a = await player(100);
      await post(a.token, 'withdraw', { amount: 30, payment_method: 'card' });
      const b = await player();
      expect(await history(b.token)).toEqual([]);
      const refused = await post(b.token, 'withdraw', { amount: 10, payment_method: 'card' });
      expect(refused.json().detail).toBe(VALIDATION_MESSAGES.insufficientBalance);
      // The same Idempotency-Key is a different key for another user.
      const key = randomUUID();
      await post(a.token, 'deposit', { amount: 5, payment_method: 'card' }, { 'idempotency-key': key });
      const bDeposit = await post(
        b.token,
        'deposit',
        { amount: 7, payment_method: 'card' },
        { 'idempotency-key': key },
      );
      expect(bDeposit.statusCode).toBe(201);
      expect(bDeposit.json().current_balance).toBe(7);
      expect((await history(a.token)).map((row) => row.amount)).toEqual([5, 30, 100]);
      expect((await history(b.token)).map((row) => row.amount)).toEqual([7]);
    });
  });

  describe('Idempotency-Key', () => {
    it('a retry returns the first answer (same status and body) and moves nothing', async () => {
      const { token, userId } = await player();
      const key = randomUUID();
      const first = await post(token, 'deposit', { amount: 40, payment_method: 'card' }, { 'idempotency-key': key });
      const retry = await post(
        token,
        'deposit',
        { amount: '40.00', payment_method: 'card' },
        { 'idempotency-key': key },
      );
      expect(first.statusCode).toBe(201);
      expect(retry.statusCode).toBe(201);
      expect(retry.body).toBe(first.body);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expect((await snapshot(userId)).balance).toBe('4000');
    });

    it('the same key with a different body is refused (422) and moves nothing', async () => {
      const { token, userId } = await player(20);
      const key = randomUUID();
      await post(token, 'withdraw', { amount: 10, payment_method: 'card' }, { 'idempotency-key': key });
      const before = await snapshot(userId);
      for (const [method, payload] of [
        ['withdraw', { amount: 11, payment_method: 'card' }],
        ['withdraw', { amount: 10, payment_method: 'bank' }],
        ['deposit', { amount: 10, payment_method: 'card' }],
      ] as const) {
        const response = await post(token, method, payload, { 'idempotency-key': key });
        expect(response.statusCode).toBe(422);
        expect(response.json().detail).toBe(WALLET_MESSAGES.idempotencyKeyReused);
      }
      expect(await snapshot(userId)).toEqual(before);
    });

    it('a refusal is the first answer too: a retry after a deposit still says Insufficient balance', async () => {
      const { token } = await player();
      const key = randomUUID();
      const first = await post(token, 'withdraw', { amount: 10, payment_method: 'card' }, { 'idempotency-key': key });
      expect(first.json().detail).toBe(VALIDATION_MESSAGES.insufficientBalance);
      await post(token, 'deposit', { amount: 50, payment_method: 'card' });
      const retry = await post(token, 'withdraw', { amount: 10, payment_method: 'card' }, { 'idempotency-key': key });
      expect(retry.statusCode).toBe(400);
      expect(retry.body).toBe(first.body);
      expect((await me(token)).current_balance).toBe(50);
    });

    it.each([['x'.repeat(256)], ['has space'], ['ünïcode']])('refuses a malformed key %#', async (key) => {
      const { token, userId } = await player();
      const before = await snapshot(userId);
      const response = await post(token, 'deposit', { amount: 10, payment_method: 'card' }, { 'idempotency-key': key });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(WALLET_MESSAGES.invalidIdempotencyKey);
      expect(await snapshot(userId)).toEqual(before);
    });

    it('the same key sent 100 times at once: one effect, 100 identical answers', async () => {
      const { token, userId } = await player(100);
      const key = randomUUID();
      const responses = await Promise.all(
        Array.from({ length: 100 }, () =>
          post(token, 'withdraw', { amount: 15, payment_method: 'crypto' }, { 'idempotency-key': key }),
        ),
      );
      expect(new Set(responses.map((response) => response.statusCode))).toEqual(new Set([202]));
      expect(new Set(responses.map((response) => response.body)).size).toBe(1);
      expect(responses.filter((response) => response.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
      const state = await snapshot(userId);
      expect(state.balance).toBe('8500');
      expect(state.payments).toBe(2);
    });
  });

  it("1000 concurrent $10 withdrawals against $100: exactly 10 succeed, 990 get 'Insufficient balance'", async () => {
    const { token, userId } = await player(100);
    const responses = await Promise.all(
      Array.from({ length: 1000 }, () => post(token, 'withdraw', { amount: 10, payment_method: 'card' })),
    );
    const accepted = responses.filter((response) => response.statusCode === 202);
    const refused = responses.filter((response) => response.statusCode === 400);
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(990);
    expect(new Set(refused.map((response) => response.json().detail))).toEqual(
      new Set([VALIDATION_MESSAGES.insufficientBalance]),
    );
    expect(accepted.map((response) => response.json().current_balance).sort((x, y) => x - y)).toEqual([
      0, 10, 20, 30, 40, 50, 60, 70, 80, 90,
    ]);
    expect((await snapshot(userId)).balance).toBe('0');
  }, 120_000);
});
