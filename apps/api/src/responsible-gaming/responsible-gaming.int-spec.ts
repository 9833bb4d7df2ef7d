import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { RG_ERROR_CODES, RG_MESSAGES, type RgLimitsDto, type RoomDto } from '@skillduel/contracts';
import { randomUUID } from 'node:crypto';
import { bearer, registerUser } from '../../test/auth-helpers';
import { sql } from '../../test/db';
import { createTestApp, TestApp } from '../../test/test-app';
import { balanceCents, expectMoneyConsistent, moneySnapshot } from '../rooms/testing/rooms-test-kit';

describe('responsible gaming: eligibility, limits and breaks on every money route (real PostgreSQL)', () => {
  let testApp: TestApp;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    testApp = await createTestApp({
      RATE_LIMIT_PER_MINUTE: '1000000',
      WITHDRAWAL_PROCESSOR_ENABLED: 'false',
      RG_MIN_AGE_BY_COUNTRY: 'US:21',
      BLOCKED_COUNTRIES: 'KP',
    });
    app = testApp.app;
  });
  afterEach(() => expectMoneyConsistent(testApp.databaseUrl));
  afterAll(() => testApp.close());

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { ...bearer(token), 'idempotency-key': randomUUID() },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const deposit = (token: string, amount: number) =>
    call(token, 'POST', '/api/transactions/deposit', { amount, payment_method: 'card' });
  const createRoom = (token: string, bet: number) =>
    call(token, 'POST', '/api/rooms/', { game_id: 'number-rush', bet_amount: bet });
  const limits = async (token: string, payload?: Record<string, unknown>): Promise<RgLimitsDto> => {
    const response = payload
      ? await call(token, 'PUT', '/api/users/me/limits', payload)
      : await call(token, 'GET', '/api/users/me/limits');
    expect(response.statusCode).toBe(200);
    return response.json<RgLimitsDto>();
  };
  async function fundedPlayer(dollars: number) {
    const player = await registerUser(app);
    if (dollars > 0) expect((await deposit(player.accessToken, dollars)).statusCode).toBe(201);
    return { token: player.accessToken, userId: player.user.id };
  }

  describe('eligibility', () => {
    it('refuses every money route with ELIGIBILITY_REQUIRED until the player confirms, moving nothing', async () => {
      const stranger = await registerUser(app, { confirmEligibility: false });
      const host = await fundedPlayer(20);
      const hostRoom = (await createRoom(host.token, 5)).json<RoomDto>();
      const before = await moneySnapshot(testApp.databaseUrl);

      const refusals = [
        await deposit(stranger.accessToken, 50),
        await createRoom(stranger.accessToken, 5),
        await call(stranger.accessToken, 'POST', '/api/rooms/quick-match', { game_id: 'number-rush', bet_amount: 5 }),
        await call(stranger.accessToken, 'POST', `/api/rooms/${hostRoom.id}/join`, {}),
      ];
      for (const response of refusals) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({
          code: RG_ERROR_CODES.eligibilityRequired,
          message: RG_MESSAGES.eligibilityRequired,
        });
      }
      expect(await moneySnapshot(testApp.databaseUrl)).toEqual(before);
      expect(
        await sql(testApp.databaseUrl, `SELECT 1 FROM wallet_payments WHERE user_id = $1`, [stranger.user.id]),
      ).toHaveLength(0);

      const status = await call(stranger.accessToken, 'GET', '/api/users/me/eligibility');
      expect(status.json()).toMatchObject({ confirmed: false, status: 'none' });
      const confirmed = await call(stranger.accessToken, 'PUT', '/api/users/me/eligibility', {
        date_of_birth: '1995-03-02',
        country: 'PE',
        accept_terms: true,
      });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({ confirmed: true, status: 'eligible', country: 'PE' });
      expect((await deposit(stranger.accessToken, 50)).statusCode).toBe(201);
      expect((await call(stranger.accessToken, 'POST', `/api/rooms/${hostRoom.id}/join`, {})).statusCode).toBe(200);
    });

    it('refuses a player under the country minimum age for good, and a blocked country', async () => {
      const young = await registerUser(app, { confirmEligibility: false });
      // 20 years old: enough by default, not in the US (RG_MIN_AGE_BY_COUNTRY=US:21).
      const twentyYearsAgo = new Date();
      twentyYearsAgo.setUTCFullYear(twentyYearsAgo.getUTCFullYear() - 20);
      const dateOfBirth = twentyYearsAgo.toISOString().slice(0, 10);
      const refused = await call(young.accessToken, 'PUT', '/api/users/me/eligibility', {
        date_of_birth: dateOfBirth,
        country: 'US',
        accept_terms: true,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: RG_ERROR_CODES.underage,
        message: RG_MESSAGES.underage(21, 'US'),
        // The figures, for a screen in another language.
        params: { min_age: 21, country: 'US', date_of_birth: dateOfBirth },
      });
      // Another answer later does not undo the refusal.
      const retried = await call(young.accessToken, 'PUT', '/api/users/me/eligibility', {
        date_of_birth: '1980-01-01',
        country: 'US',
        accept_terms: true,
      });
      expect(retried.statusCode).toBe(403);
      expect(retried.json()).toMatchObject({ message: RG_MESSAGES.refusedBefore });
      expect((await deposit(young.accessToken, 20)).statusCode).toBe(403);

      const blocked = await registerUser(app, { confirmEligibility: false });
      const answer = await call(blocked.accessToken, 'PUT', '/api/users/me/eligibility', {
        date_of_birth: '1980-01-01',
        country: 'KP',
        accept_terms: true,
      });
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({
        code: RG_ERROR_CODES.countryBlocked,
        message: RG_MESSAGES.countryBlocked('KP'),
        params: { country: 'KP' },
      });
    });

    it('answers bad declarations with 400 and stores nothing; a confirmed one cannot be changed', async () => {
      const player = await registerUser(app, { confirmEligibility: false });
      for (const payload of [
        { date_of_birth: '1990-02-30', country: 'MX', accept_terms: true },
        { date_of_birth: '1990-01-01', country: 'MX', accept_terms: false },
        { date_of_birth: '1990-01-01', country: 'mexico', accept_terms: true },
        { date_of_birth: '2999-01-01', country: 'MX', accept_terms: true },
      ]) {
        expect((await call(player.accessToken, 'PUT', '/api/users/me/eligibility', payload)).statusCode).toBe(400);
      }
      expect(
        await sql(testApp.databaseUrl, `SELECT 1 FROM rg_eligibility WHERE user_id = $1`, [player.user.id]),
      ).toHaveLength(0);
      const payload = { date_of_birth: '1990-01-01', country: 'MX', accept_terms: true };
      expect((await call(player.accessToken, 'PUT', '/api/users/me/eligibility', payload)).statusCode).toBe(200);
      expect((await call(player.accessToken, 'PUT', '/api/users/me/eligibility', payload)).statusCode).toBe(200);
      const changed = await call(player.accessToken, 'PUT', '/api/users/me/eligibility', { ...payload, country: 'CO' });
      expect(changed.statusCode).toBe(409);
      expect(changed.json()).toMatchObject({ code: RG_ERROR_CODES.eligibilityLocked });
    });
  });

  describe('limits', () => {
    it('applies a daily deposit limit at once, names what is left, and delays a raise', async () => {
      const player = await fundedPlayer(0);
      const set = await limits(player.token, { deposit_day: 20 });
      expect(set.limits.deposit_day).toEqual({ amount: 20, pending: null });
      expect((await deposit(player.token, 15)).statusCode).toBe(201);

      const before = await moneySnapshot(testApp.databaseUrl);
      const refused = await deposit(player.token, 10);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: RG_ERROR_CODES.depositLimit,
        message:
          'This deposit exceeds your daily deposit limit of $20.00. You can deposit up to $5.00 in the next 24 hours.',
        // The figures, for clients that say it in another language.
        params: { window: 'day', limit: '20.00', left: '5.00' },
      });
      expect(await moneySnapshot(testApp.databaseUrl)).toEqual(before);

      const raised = await limits(player.token, { deposit_day: 50 });
      expect(raised.limits.deposit_day.amount).toBe(20);
      expect(raised.limits.deposit_day.pending?.amount).toBe(50);
      const appliesInHours = (Date.parse(raised.limits.deposit_day.pending?.applies_at ?? '') - Date.now()) / 3600_000;
      expect(appliesInHours).toBeGreaterThan(167.9);
      expect(appliesInHours).toBeLessThanOrEqual(168);
      expect(raised.usage.deposit_day).toBe(15);
      expect((await deposit(player.token, 10)).statusCode).toBe(403);

      // Once its time has come, the raise is in force.
      await sql(
        testApp.databaseUrl,
        `UPDATE rg_limits SET pending_applies_at = now() - interval '1 second' WHERE user_id = $1`,
        [player.userId],
      );
      expect((await limits(player.token)).limits.deposit_day).toEqual({ amount: 50, pending: null });
      expect((await deposit(player.token, 10)).statusCode).toBe(201);
    });

    it('lowers at once and drops a pending raise; removing a limit waits too', async () => {
      const player = await fundedPlayer(0);
      await limits(player.token, { deposit_week: 100 });
      await limits(player.token, { deposit_week: 300 });
      const lowered = await limits(player.token, { deposit_week: 40 });
      expect(lowered.limits.deposit_week).toEqual({ amount: 40, pending: null });
      const removed = await limits(player.token, { deposit_week: null });
      expect(removed.limits.deposit_week.amount).toBe(40);
      expect(removed.limits.deposit_week.pending).toMatchObject({ amount: null });
      const bad = await call(player.token, 'PUT', '/api/users/me/limits', { deposit_week: -5, balance: 10 });
      expect(bad.statusCode).toBe(400);
      expect((await limits(player.token)).limits.deposit_week.amount).toBe(40);
    });

    it('never lets 20 parallel deposits exceed a daily limit', async () => {
      const player = await fundedPlayer(0);
      await limits(player.token, { deposit_day: 50 });
      const answers = await Promise.all(Array.from({ length: 20 }, () => deposit(player.token, 5)));
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses.filter((status) => status === 201)).toHaveLength(10);
      expect(statuses.filter((status) => status === 403)).toHaveLength(10);
      expect(await balanceCents(testApp.databaseUrl, player.userId)).toBe(5000n);
    });

    it('refuses a bet over the maximum bet and a stake over the loss limit; a refund frees the room again', async () => {
      const player = await fundedPlayer(100);
      await limits(player.token, { max_bet: 5, loss_day: 12 });
      const tooBig = await createRoom(player.token, 10);
      expect(tooBig.statusCode).toBe(403);
      expect(tooBig.json()).toMatchObject({ code: RG_ERROR_CODES.maxBet, message: RG_MESSAGES.maxBet('5.00') });

      const first = (await createRoom(player.token, 5)).json<RoomDto>();
      expect((await createRoom(player.token, 5)).statusCode).toBe(201);
      const before = await moneySnapshot(testApp.databaseUrl);
      const third = await createRoom(player.token, 5);
      expect(third.statusCode).toBe(403);
      expect(third.json()).toMatchObject({
        code: RG_ERROR_CODES.lossLimit,
        message: 'This stake exceeds your daily loss limit of $12.00. You can stake up to $2.00 in the next 24 hours.',
      });
      expect(await moneySnapshot(testApp.databaseUrl)).toEqual(before);
      expect((await limits(player.token)).usage.loss_day).toBe(10);

      // Leaving a waiting room refunds the stake: it no longer counts as lost.
      expect((await call(player.token, 'POST', `/api/rooms/${first.id}/leave`, {})).statusCode).toBe(200);
      expect((await createRoom(player.token, 5)).statusCode).toBe(201);
    });
  });

  describe('cool-off and self-exclusion', () => {
    it('closes and refunds waiting rooms at once, then allows only withdrawals and history', async () => {
      const player = await fundedPlayer(100);
      const host = await fundedPlayer(50);
      const own = (await createRoom(player.token, 10)).json<RoomDto>();
      const hosted = (await createRoom(host.token, 5)).json<RoomDto>();
      expect((await call(player.token, 'POST', `/api/rooms/${hosted.id}/join`, {})).statusCode).toBe(200);
      expect(await balanceCents(testApp.databaseUrl, player.userId)).toBe(8500n);

      const started = await call(player.token, 'POST', '/api/users/me/self-exclusion', {
        kind: 'cool_off',
        period: '24h',
      });
      expect(started.statusCode).toBe(201);
      const hoursLeft = (Date.parse(started.json<{ ends_at: string }>().ends_at) - Date.now()) / 3600_000;
      expect(hoursLeft).toBeGreaterThan(23.9);

      expect(await balanceCents(testApp.databaseUrl, player.userId)).toBe(10_000n);
      const rooms = await sql<{ id: string; status: string; player2_id: string | null }>(
        testApp.databaseUrl,
        `SELECT id, status, player2_id FROM rooms WHERE id = ANY($1) ORDER BY id`,
        [[own.id, hosted.id]],
      );
      expect(rooms.find((room) => room.id === own.id)).toMatchObject({ status: 'cancelled' });
      // The host's room waits for another opponent; the host's stake stays.
      expect(rooms.find((room) => room.id === hosted.id)).toMatchObject({ status: 'waiting', player2_id: null });

      for (const refused of [
        await deposit(player.token, 10),
        await createRoom(player.token, 5),
        await call(player.token, 'POST', '/api/rooms/quick-match', { game_id: 'number-rush', bet_amount: 5 }),
        await call(player.token, 'POST', `/api/rooms/${hosted.id}/join`, {}),
      ]) {
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ code: RG_ERROR_CODES.selfExcluded });
        expect(refused.json().message).toMatch(/^You are on a cool-off until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\./);
      }
      expect(
        (await call(player.token, 'POST', '/api/transactions/withdraw', { amount: 30, payment_method: 'card' }))
          .statusCode,
      ).toBe(202);
      expect((await call(player.token, 'GET', '/api/transactions')).statusCode).toBe(200);
      expect((await limits(player.token)).exclusion).toMatchObject({ kind: 'cool_off' });
    });

    it('can be lengthened but never shortened, and the database refuses to lift it', async () => {
      const player = await fundedPlayer(0);
      const post = (kind: string, period: string) =>
        call(player.token, 'POST', '/api/users/me/self-exclusion', { kind, period });
      expect((await post('cool_off', '6m')).statusCode).toBe(400);
      expect((await post('self_exclusion', '24h')).statusCode).toBe(400);
      expect((await post('cool_off', '1w')).statusCode).toBe(201);
      const shorter = await post('cool_off', '72h');
      expect(shorter.statusCode).toBe(409);
      expect(shorter.json()).toMatchObject({ code: RG_ERROR_CODES.exclusionCannotShorten });
      expect((await post('self_exclusion', 'permanent')).statusCode).toBe(201);
      expect((await post('self_exclusion', '5y')).statusCode).toBe(409);
      expect((await limits(player.token)).exclusion).toMatchObject({ kind: 'self_exclusion', ends_at: null });
      expect((await deposit(player.token, 10)).json()).toMatchObject({ message: RG_MESSAGES.selfExcludedPermanently });

      await expect(
        sql(testApp.databaseUrl, `UPDATE rg_exclusions SET ends_at = now() WHERE user_id = $1`, [player.userId]),
      ).rejects.toThrow(/append-only/);
      await expect(
        sql(testApp.databaseUrl, `DELETE FROM rg_exclusions WHERE user_id = $1`, [player.userId]),
      ).rejects.toThrow(/append-only/);
    });
  });

  it('says in the limits answer that the account is frozen, so the player sees it before any action fails', async () => {
    const player = await fundedPlayer(0);
    expect((await limits(player.token)).frozen).toBe(false);
    await sql(testApp.databaseUrl, `UPDATE users SET frozen_at = now(), frozen_reason = 'review' WHERE id = $1`, [
      player.userId,
    ]);
    expect(await limits(player.token)).toMatchObject({ frozen: true, exclusion: null });
  });

  it('reports no reality check due for a player who has not played', async () => {
    const player = await fundedPlayer(0);
    const check = await call(player.token, 'GET', '/api/users/me/reality-check');
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ due: false, minutes_played: 0, matches_played: 0, net_amount: 0 });
  });
});
