import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { LOCATION_ERROR_CODES, type RoomDto, type TournamentDto } from '@skillduel/contracts';
import { randomUUID } from 'node:crypto';
import { bearer, registerUser, RegisteredUser } from '../../test/auth-helpers';
import { sql } from '../../test/db';
import { createTestApp, TestApp } from '../../test/test-app';
import { loadConfig } from '../config/app-config';
import { balanceCents, expectMoneyConsistent, moneySnapshot } from '../rooms/testing/rooms-test-kit';
import { TournamentsTestKit } from '../tournaments/testing/tournaments-test-kit';

/**
 * Location checks at every cash action (docs/product/kyc.md#location), with real addresses placed by the offline
 * database: the API trusts X-Forwarded-For as it would behind a proxy, and each request says where it comes from.
 * The players declare Mexico (test/auth-helpers); the United States are blocked.
 */
const FROM = {
  mexico: '201.141.0.1',
  unitedStates: '8.8.8.8',
  unitedKingdom: '81.2.69.142',
  privateNetwork: '10.1.2.3',
} as const;

describe('Location checks at cash actions (real PostgreSQL, offline IP database)', () => {
  let testApp: TestApp;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    testApp = await createTestApp({
      RATE_LIMIT_PER_MINUTE: '1000000',
      WITHDRAWAL_PROCESSOR_ENABLED: 'false',
      TRUST_PROXY: 'true',
      BLOCKED_COUNTRIES: 'US',
      GEO_ALLOW_UNKNOWN: 'false',
    });
    app = testApp.app;
  });
  afterEach(() => expectMoneyConsistent(testApp.databaseUrl));
  afterAll(() => testApp.close());

  const call = (player: RegisteredUser, method: 'POST', url: string, from: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { ...bearer(player.accessToken), 'idempotency-key': randomUUID(), 'x-forwarded-for': from },
      ...(payload ? { payload } : {}),
    });

  async function playerFromMexico(dollars: number): Promise<RegisteredUser> {
    const player = await registerUser(app);
    if (dollars > 0) {
      const deposit = await call(player, 'POST', '/api/transactions/deposit', FROM.mexico, {
        amount: dollars,
        payment_method: 'card',
      });
      expect(deposit.statusCode).toBe(201);
    }
    return player;
  }

  const openLocationFlags = (userId: string) =>
    sql<{ evidence: Record<string, string> }>(
      testApp.databaseUrl,
      `SELECT evidence FROM fair_play_flags WHERE user_id = $1 AND kind = 'location_mismatch' AND status = 'open'`,
      [userId],
    );

  it('refuses every cash action from a blocked country with LOCATION_NOT_ALLOWED, moving nothing', async () => {
    const host = await playerFromMexico(100);
    const player = await playerFromMexico(100);
    const room = (
      await call(host, 'POST', '/api/rooms', FROM.mexico, { game_id: 'number-rush', bet_amount: 5 })
    ).json<RoomDto>();
    const tournament: TournamentDto = await new TournamentsTestKit(app, testApp.databaseUrl).create({ entry_fee: 5 });
    const before = await moneySnapshot(testApp.databaseUrl);

    const attempts: [string, object | undefined, string][] = [
      ['/api/transactions/deposit', { amount: 10, payment_method: 'card' }, 'deposit'],
      ['/api/transactions/withdraw', { amount: 10, payment_method: 'bank' }, 'withdrawal'],
      ['/api/rooms', { game_id: 'number-rush', bet_amount: 5 }, 'stake'],
      [`/api/rooms/${room.id}/join`, {}, 'stake'],
      ['/api/rooms/quick-match', { game_id: 'number-rush', bet_amount: 7 }, 'stake'],
      ['/api/matchmaking/queue', { game_id: 'number-rush', bet_amount: 9 }, 'stake'],
      [`/api/tournaments/${tournament.id}/entries`, undefined, 'stake'],
    ];
    for (const [url, payload, action] of attempts) {
      const refused = await call(player, 'POST', url, FROM.unitedStates, payload);
      expect({ url, status: refused.statusCode }).toEqual({ url, status: 403 });
      expect(refused.json()).toMatchObject({
        code: LOCATION_ERROR_CODES.locationNotAllowed,
        params: { reason: 'blocked_country', country: 'US', action },
      });
    }
    expect(await balanceCents(testApp.databaseUrl, player.user.id)).toBe(10_000n);
    expect(await moneySnapshot(testApp.databaseUrl)).toEqual(before);

    // The same calls from the declared country go through.
    expect((await call(player, 'POST', `/api/rooms/${room.id}/join`, FROM.mexico, {})).statusCode).toBe(200);
    const withdrawal = await call(player, 'POST', '/api/transactions/withdraw', FROM.mexico, {
      amount: 10,
      payment_method: 'bank',
    });
    expect(withdrawal.statusCode).toBe(202);
    expect(await openLocationFlags(player.user.id)).toEqual([]);
  });

  it('lets a player act from another allowed country and opens one flag for support, not one per action', async () => {
    const player = await playerFromMexico(100);
    const deposit = await call(player, 'POST', '/api/transactions/deposit', FROM.unitedKingdom, {
      amount: 20,
      payment_method: 'card',
    });
    expect(deposit.statusCode).toBe(201);
    const withdrawal = await call(player, 'POST', '/api/transactions/withdraw', FROM.unitedKingdom, {
      amount: 10,
      payment_method: 'bank',
    });
    expect(withdrawal.statusCode).toBe(202);
    expect(await balanceCents(testApp.databaseUrl, player.user.id)).toBe(11_000n);

    const flags = await openLocationFlags(player.user.id);
    expect(flags).toEqual([
      { evidence: { declared_country: 'MX', ip_country: 'GB', ip: FROM.unitedKingdom, action: 'deposit' } },
    ]);

    // Once support resolves it, the next mismatch opens a new flag.
    await sql(
      testApp.databaseUrl,
      `UPDATE fair_play_flags SET status = 'dismissed', resolved_at = now() WHERE user_id = $1`,
      [player.user.id],
    );
    await call(player, 'POST', '/api/rooms', FROM.unitedKingdom, { game_id: 'number-rush', bet_amount: 5 });
    expect((await openLocationFlags(player.user.id)).map((flag) => flag.evidence['action'])).toEqual(['stake']);
  });

  it('refuses an address that places the player nowhere when GEO_ALLOW_UNKNOWN is false', async () => {
    const player = await playerFromMexico(50);
    for (const from of [FROM.privateNetwork, '127.0.0.1']) {
      const refused = await call(player, 'POST', '/api/transactions/deposit', from, {
        amount: 10,
        payment_method: 'card',
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: LOCATION_ERROR_CODES.locationNotAllowed,
        params: { reason: 'unknown_location', action: 'deposit', country: 'unknown' },
      });
    }
    expect(await balanceCents(testApp.databaseUrl, player.user.id)).toBe(5_000n);
  });

  it('refuses a declared country that is not an ISO 3166-1 code, such as ZZ, by name', async () => {
    const player = await registerUser(app, { confirmEligibility: false });
    const answer = await app.inject({
      method: 'PUT',
      url: '/api/users/me/eligibility',
      headers: bearer(player.accessToken),
      payload: { date_of_birth: '1990-05-17', country: 'ZZ', accept_terms: true },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(answer.json<{ detail: string }>().detail).toBe(
      '"ZZ" is not a country code. Please choose your country from the list (ISO 3166-1, e.g. GB, MX, US).',
    );
    const [row] = await sql<{ count: string }>(
      testApp.databaseUrl,
      `SELECT count(*)::text AS count FROM rg_eligibility WHERE user_id = $1`,
      [player.user.id],
    );
    expect(row.count).toBe('0');
  });
});

describe('TRUST_PROXY_HOPS: the address the outermost trusted proxy saw, which a client cannot write', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({
      RATE_LIMIT_PER_MINUTE: '1000000',
      TRUST_PROXY: 'true',
      TRUST_PROXY_HOPS: '1',
      BLOCKED_COUNTRIES: 'US',
    });
  });
  afterAll(() => testApp.close());

  it('ignores an X-Forwarded-For entry the client wrote before the proxy appended the real address', async () => {
    const player = await registerUser(testApp.app);
    const deposit = (forwardedFor: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/transactions/deposit',
        headers: { ...bearer(player.accessToken), 'idempotency-key': randomUUID(), 'x-forwarded-for': forwardedFor },
        payload: { amount: 10, payment_method: 'card' },
      });
    // A player in the United States claims Mexico; the proxy appends the address it saw.
    const forged = await deposit(`${FROM.mexico}, ${FROM.unitedStates}`);
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ params: { reason: 'blocked_country', country: 'US' } });
    expect((await deposit(`${FROM.unitedStates}, ${FROM.mexico}`)).statusCode).toBe(201);
  });

  it('refuses at boot TRUST_PROXY_HOPS without TRUST_PROXY, and a blocked country that is not one', () => {
    const base = { DATABASE_URL: testApp.databaseUrl, NODE_ENV: 'test' };
    expect(() => loadConfig({ ...base, TRUST_PROXY_HOPS: '1' })).toThrow(/TRUST_PROXY_HOPS needs TRUST_PROXY=true/);
    expect(() => loadConfig({ ...base, BLOCKED_COUNTRIES: 'US,ZZ' })).toThrow(/BLOCKED_COUNTRIES.*ISO 3166-1/);
    expect(() => loadConfig({ ...base, GEO_ALLOW_UNKNOWN: 'sometimes' })).toThrow(/GEO_ALLOW_UNKNOWN/);
  });
});
