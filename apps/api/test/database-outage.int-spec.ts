import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  HTTP_ERROR_MESSAGES,
  REALTIME_ERROR_CODES,
  SERVICE_ERROR_CODES,
  type Ack,
  type AuthResponse,
  type RoomJoinedDto,
} from '@skillduel/contracts';
import { randomBytes } from 'node:crypto';
import { DataSource, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { toErrorBody } from '../src/common/all-exceptions.filter';
import { isDatabaseUnavailable } from '../src/database/database-errors';
import { connectSocket, request } from '../src/rooms/testing/rooms-test-kit';
import { DatabaseLink, linkedTestDatabase } from './database-link';
import { createTestDatabase } from './test-app';
import { createAppOnDatabase } from './wallet-helpers';

describe('an external database that goes away and comes back (real PostgreSQL behind a cuttable link)', () => {
  let link: DatabaseLink;
  let app: NestFastifyApplication;
  let accessToken: string;

  beforeAll(async () => {
    const linked = await linkedTestDatabase(await createTestDatabase());
    link = linked.link;
    app = await createAppOnDatabase(linked.linkedUrl);
    const suffix = randomBytes(5).toString('hex');
    const password = `Pw-${randomBytes(8).toString('hex')}`;
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username: `outage_${suffix}`,
        email: `outage_${suffix}@example.test`,
        password,
        confirmPassword: password,
      },
    });
    expect(registered.statusCode).toBe(201);
    accessToken = registered.json<AuthResponse>().access_token;
  });

  afterAll(async () => {
    await link.up().catch(() => undefined);
    await app.close();
    await link.down();
  });

  const transactions = () =>
    app.inject({ method: 'GET', url: '/api/transactions', headers: { authorization: `Bearer ${accessToken}` } });
  const health = () => app.inject({ method: 'GET', url: '/api/health' });

  it('answers 503 DATABASE_UNAVAILABLE while the database is unreachable, and recovers without a restart', async () => {
    expect((await transactions()).statusCode).toBe(200);
    expect((await health()).statusCode).toBe(200);

    await link.down();
    for (const route of [transactions, () => app.inject({ method: 'GET', url: '/api/games' })]) {
      const refused = await route();
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      const message = HTTP_ERROR_MESSAGES.serviceUnavailable;
      expect(refused.json()).toEqual({
        statusCode: 503,
        code: SERVICE_ERROR_CODES.databaseUnavailable,
        detail: message,
        message,
        requestId: expect.any(String),
      });
    }
    const down = await health();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'error', database: 'down' });

    await link.up();
    // The same process, no restart: the pool opens new connections on the next requests.
    expect((await health()).json()).toMatchObject({ status: 'ok', database: 'up' });
    const back = await transactions();
    expect(back.statusCode).toBe(200);
  });

  it('answers a socket request UNAVAILABLE (retryable), not INTERNAL, while the database is unreachable', async () => {
    // The chaos soak saw room:join and match:play_again answered INTERNAL during postmaster kills.
    await app.listen(0, '127.0.0.1');
    const socket = await connectSocket(app, { token: accessToken });
    try {
      const join = () => request<Ack<RoomJoinedDto>>(socket, 'room:join', { room_id: 'room_outage0000000000000' });
      expect(await join()).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
      await link.down();
      expect(await join()).toEqual({
        ok: false,
        error: {
          code: REALTIME_ERROR_CODES.unavailable,
          message: HTTP_ERROR_MESSAGES.serviceUnavailable,
          event: 'room:join',
        },
      });
      await link.up();
      expect(await join()).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    } finally {
      socket.close();
      await link.up().catch(() => undefined);
    }
  });

  it.each([
    ['its next statement', true],
    ['its COMMIT', false],
  ])('a transaction whose connection dies before %s is an outage (503), not a 500', async (_when, statementAfter) => {
    const dataSource = app.get(DataSource);
    const failure = await dataSource
      .transaction(async (manager) => {
        await manager.query('SELECT 1');
        await link.down();
        // TypeORM releases the runner when the connection reports the reset; what runs next finds it released.
        await new Promise((resolveWait) => setTimeout(resolveWait, 100));
        if (statementAfter) await manager.query('SELECT 1');
      })
      .catch((error: unknown) => error);
    await link.up();
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(toErrorBody(failure).body).toMatchObject({ statusCode: 503, code: SERVICE_ERROR_CODES.databaseUnavailable });
    expect((await health()).statusCode).toBe(200);
  });
});

describe('isDatabaseUnavailable', () => {
  const withCode = (code: string) => Object.assign(new Error('x'), { code });

  it.each([
    ['refused', withCode('ECONNREFUSED')],
    ['reset', withCode('ECONNRESET')],
    ['admin shutdown (57P01)', withCode('57P01')],
    ['starting up / recovering (57P03)', withCode('57P03')],
    ['connection exception class 08', withCode('08006')],
    ['lost connection', new Error('Connection terminated unexpectedly')],
    ['pool timeout', new Error('timeout exceeded when trying to connect')],
    ['wrapped by TypeORM', Object.assign(new Error('query failed'), { driverError: withCode('57P01') })],
    ['every address of localhost refused', new AggregateError([withCode('ECONNREFUSED')], '')],
    [
      'a statement after the connection died (TypeORM released the runner)',
      new QueryRunnerProviderAlreadyReleasedError(),
    ],
    ['a COMMIT after the connection died', new QueryRunnerAlreadyReleasedError()],
  ])('%s is an outage', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a deadlock', withCode('40P01')],
    ['a plain bug', new TypeError('cannot read properties of undefined')],
    ['not an error', 'ECONNREFUSED'],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
