import type { AdminDisputeDto, AdminFlagDto, DisputeDto } from '@skillduel/contracts';
import { DISPUTE_ERROR_CODES } from '@skillduel/contracts';
import { bearer, registerUser, RegisteredUser } from '../../test/auth-helpers';
import { sql } from '../../test/db';
import { deviceIdOf, signInWithDevice } from '../../test/device-helpers';
import { createTestApp, TestApp } from '../../test/test-app';
import {
  answerNumberRushCorrectly,
  balanceCents,
  ClientSocket,
  expectMoneyConsistent,
  NumberRushPlay,
  playerWithBalance,
  playNumberRushRound,
  request,
} from '../rooms/testing/rooms-test-kit';

/** A listening app with short rounds, and a support account to act in the console. */
async function startWithSupport(env: Record<string, string>): Promise<{ testApp: TestApp; support: RegisteredUser }> {
  const testApp = await createTestApp({
    WITHDRAWAL_PROCESSOR_ENABLED: 'false',
    RATE_LIMIT_PER_MINUTE: '100000',
    MATCH_COUNTDOWN_MS: '100',
    ROOM_SWEEP_INTERVAL_MS: '600000',
    ...env,
  });
  await testApp.app.listen(0, '127.0.0.1');
  const support = await registerUser(testApp.app);
  await sql(testApp.databaseUrl, `UPDATE users SET role = 'support' WHERE id = $1`, [support.user.id]);
  return { testApp, support };
}

/**
 * Disputes and fair-play flags on real matches over Socket.IO (docs/product/operations.md#flags-and-disputes): a
 * dispute voided by support restores both wallets exactly once (also when the winner has withdrawn: receivable +
 * freeze); an impossible-input burst and silent losses to the same opponent raise flags with their evidence; support
 * resolves them.
 */
describe('disputes and fair-play flags (real PostgreSQL, real sockets)', () => {
  let testApp: TestApp;
  let support: RegisteredUser;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    ({ testApp, support } = await startWithSupport({
      MATCH_TIME_LIMIT_OVERRIDE_MS: '1500',
      MAX_OPEN_ROOMS_PER_PLAYER: '20',
    }));
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await expectMoneyConsistent(testApp.databaseUrl);
  });
  afterAll(() => testApp.close());

  const call = (user: RegisteredUser, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    testApp.app.inject({ method, url, headers: bearer(user.accessToken), ...(payload ? { payload } : {}) });

  /** One $5 number-rush round (see playNumberRushRound); resolves with the room id once it is settled. */
  async function playRound(alice: RegisteredUser, bob: RegisteredUser, play?: NumberRushPlay): Promise<string> {
    const round = await playNumberRushRound(testApp.app, alice, bob, { play });
    sockets.push(round.aliceSocket, round.bobSocket);
    return round.roomId;
  }
  // One right answer wins (Bob answers nothing); one is all a 1.5 s round has room for at a human pace.
  const aliceWins: NumberRushPlay = (socket, roomId, view) => answerNumberRushCorrectly(socket, roomId, view, 1);

  it('a player disputes a round once; support voids it: both wallets back to before the match, exactly once', async () => {
    const alice = await playerWithBalance(testApp.app, 100);
    const bob = await playerWithBalance(testApp.app, 100);
    const roomId = await playRound(alice, bob, aliceWins);
    expect(await balanceCents(testApp.databaseUrl, alice.user.id)).toBe(10_500n);
    expect(await balanceCents(testApp.databaseUrl, bob.user.id)).toBe(9_500n);

    const url = `/api/rooms/${roomId}/rounds/1/disputes`;
    const opened = await call(bob, 'POST', url, { reason: 'The questions froze for me halfway through.' });
    expect(opened.statusCode).toBe(201);
    expect(opened.json<DisputeDto>()).toMatchObject({ status: 'open', round: 1 });
    expect((await call(bob, 'POST', url, { reason: 'Again, it was not fair at all.' })).json()).toMatchObject({
      code: DISPUTE_ERROR_CODES.alreadyDisputed,
    });
    expect((await call(bob, 'POST', url, { reason: 'short' })).statusCode).toBe(400);
    const stranger = await registerUser(testApp.app);
    expect((await call(stranger, 'POST', url, { reason: 'I was watching and it looked odd.' })).statusCode).toBe(403);

    const queue = (await call(support, 'GET', '/api/admin/disputes')).json<DisputeDto[]>();
    const disputeId = queue.find((item) => item.room_id === roomId)?.id ?? '';
    const detail = (await call(support, 'GET', `/api/admin/disputes/${disputeId}`)).json<AdminDisputeDto>();
    expect(detail).toMatchObject({ outcome: 'player1', bet: 5, username: bob.user.username });
    expect(detail.ledger.map((entry) => entry.kind).sort()).toEqual(['bet', 'bet', 'win']);

    const decisions = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(support, 'POST', `/api/admin/disputes/${disputeId}/decide`, { decision: 'void', note: 'Lag on our side' }),
      ),
    );
    expect(decisions.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(decisions.filter((answer) => answer.statusCode === 409)).toHaveLength(9);
    expect(await balanceCents(testApp.databaseUrl, alice.user.id)).toBe(10_000n);
    expect(await balanceCents(testApp.databaseUrl, bob.user.id)).toBe(10_000n);
    expect((await call(bob, 'GET', url)).json<DisputeDto[]>()).toEqual([
      expect.objectContaining({ status: 'voided', decision_note: 'Lag on our side' }),
    ]);
    // The history tells what the round now means: void, nothing won or lost.
    const bobHistory = (await call(bob, 'GET', '/api/users/me/matches')).json<{ matches: { room_id: string }[] }>();
    expect(bobHistory.matches.find((item) => item.room_id === roomId)).toMatchObject({ result: 'void', earnings: 0 });
    const reversals = await sql<{ n: number }>(
      testApp.databaseUrl,
      `SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'match_reversal' AND room_id = $1`,
      [roomId],
    );
    expect(reversals[0].n).toBe(1);
  });

  it('voiding a win already withdrawn never makes a wallet negative: the rest is a receivable and the account frozen', async () => {
    const alice = await playerWithBalance(testApp.app, 10);
    const bob = await playerWithBalance(testApp.app, 10);
    const roomId = await playRound(alice, bob, aliceWins);
    expect(await balanceCents(testApp.databaseUrl, alice.user.id)).toBe(1_500n);
    const withdrawal = await call(alice, 'POST', '/api/transactions/withdraw', { amount: 13, payment_method: 'card' });
    expect(withdrawal.statusCode).toBe(202);
    // Alice also waits for an opponent in a $1 room: a freeze closes and refunds it, whoever froze the account.
    const waiting = await call(alice, 'POST', '/api/rooms', { game_id: 'number-rush', bet_amount: 1 });
    expect(waiting.statusCode).toBe(201);
    expect(await balanceCents(testApp.databaseUrl, alice.user.id)).toBe(100n);

    expect(
      (await call(bob, 'POST', `/api/rooms/${roomId}/rounds/1/disputes`, { reason: 'My opponent was a bot, I think.' }))
        .statusCode,
    ).toBe(201);
    const disputeId = (await call(support, 'GET', '/api/admin/disputes'))
      .json<DisputeDto[]>()
      .find((item) => item.room_id === roomId)?.id;
    const decided = await call(support, 'POST', `/api/admin/disputes/${disputeId}/decide`, {
      decision: 'void',
      note: 'Confirmed bot play',
    });
    expect(decided.statusCode).toBe(200);
    expect(await balanceCents(testApp.databaseUrl, bob.user.id)).toBe(1_000n);
    const receivables = await sql<{ balance: string }>(
      testApp.databaseUrl,
      `SELECT balance_cents::text AS balance FROM ledger_accounts WHERE kind = 'player_receivables'`,
    );
    expect(BigInt(receivables[0].balance)).toBeLessThanOrEqual(-400n);
    const page = (await call(support, 'GET', `/api/admin/users/${alice.user.id}`)).json();
    expect(page).toMatchObject({ frozen: true, frozen_reason: 'Owes $4.00 after a voided match' });
    // The void took the $1 she held; the freeze then refunded her waiting room's $1 stake (she still owes $4).
    const room = await sql<{ status: string }>(testApp.databaseUrl, `SELECT status FROM rooms WHERE id = $1`, [
      waiting.json<{ id: string }>().id,
    ]);
    expect(room[0]).toMatchObject({ status: 'cancelled' });
    expect(await balanceCents(testApp.databaseUrl, alice.user.id)).toBe(100n);
  });

  it('awarding the match to the other player pays the loser the payout and takes it from the winner, once', async () => {
    const alice = await playerWithBalance(testApp.app, 100);
    const bob = await playerWithBalance(testApp.app, 100);
    const roomId = await playRound(alice, bob, aliceWins);
    const url = `/api/rooms/${roomId}/rounds/1/disputes`;
    expect((await call(bob, 'POST', url, { reason: 'My opponent used a script to click.' })).statusCode).toBe(201);
    const disputeId = (await call(support, 'GET', '/api/admin/disputes'))
      .json<DisputeDto[]>()
      .find((item) => item.room_id === roomId)?.id;
    const awarded = await call(support, 'POST', `/api/admin/disputes/${disputeId}/decide`, {
      decision: 'award_other',
      note: 'Scripted clicks confirmed',
    });
    expect(awarded.statusCode).toBe(200);
    // Bob ends as if he had won ($100 − $5 + $10), Alice as if she had lost ($100 − $5).
    expect(await balanceCents(testApp.databaseUrl, bob.user.id)).toBe(10_500n);
    expect(await balanceCents(testApp.databaseUrl, alice.user.id)).toBe(9_500n);
    expect((await call(bob, 'GET', url)).json<DisputeDto[]>()[0]).toMatchObject({ status: 'awarded' });
    const historyOf = async (player: RegisteredUser) =>
      (await call(player, 'GET', '/api/users/me/matches'))
        .json<{ matches: { room_id: string }[] }>()
        .matches.find((item) => item.room_id === roomId);
    expect(await historyOf(bob)).toMatchObject({ result: 'win', earnings: 5 });
    expect(await historyOf(alice)).toMatchObject({ result: 'loss', earnings: -5 });
    const again = await call(support, 'POST', `/api/admin/disputes/${disputeId}/decide`, {
      decision: 'void',
      note: 'second thoughts',
    });
    expect(again.statusCode).toBe(409);
    expect(await balanceCents(testApp.databaseUrl, bob.user.id)).toBe(10_500n);
  });

  it('refuses disputes of another round state or after 72 hours', async () => {
    const alice = await playerWithBalance(testApp.app, 20);
    const bob = await playerWithBalance(testApp.app, 20);
    const roomId = await playRound(alice, bob);
    await sql(testApp.databaseUrl, `UPDATE matches SET ended_at = now() - interval '73 hours' WHERE room_id = $1`, [
      roomId,
    ]);
    const late = await call(bob, 'POST', `/api/rooms/${roomId}/rounds/1/disputes`, {
      reason: 'I only noticed it now.',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: DISPUTE_ERROR_CODES.windowClosed });
    expect(
      (await call(bob, 'POST', `/api/rooms/${roomId}/rounds/7/disputes`, { reason: 'A round that never was.' }))
        .statusCode,
    ).toBe(404);
  });

  it('an impossible-input burst flags the player with its evidence; one such flag alone does not hold withdrawals, three open ones do; support resolves it', async () => {
    const alice = await playerWithBalance(testApp.app, 40);
    const bob = await playerWithBalance(testApp.app, 40);
    const burst: NumberRushPlay = async (socket, roomId) => {
      // 30 answers in one burst: over the engine's 20 inputs per second, the rest are refused as too fast.
      await Promise.all(
        Array.from({ length: 30 }, () =>
          request(socket, 'match:input', { room_id: roomId, input: { type: 'answer', value: -1 } }),
        ),
      );
    };
    await playRound(alice, bob, burst);
    const flags = (await call(support, 'GET', '/api/admin/flags')).json<AdminFlagDto[]>();
    const flag = flags.find((item) => item.user_id === alice.user.id && item.kind === 'rejected_inputs');
    expect(flag).toBeDefined();
    expect((flag?.evidence as { rejected_inputs: number }).rejected_inputs).toBeGreaterThanOrEqual(3);

    // A floor-based flag alone is a fast person's slip as often as a script's: the engine already cost those inputs,
    // so it does not make the withdrawal wait (decision 2702).
    const withdrawal = await call(alice, 'POST', '/api/transactions/withdraw', { amount: 10, payment_method: 'card' });
    expect(withdrawal.statusCode).toBe(202);
    expect(withdrawal.json().transaction.review_status).toBeUndefined();
    // Three rounds of impossible bursts are a pattern: the next withdrawal waits for review.
    await playRound(alice, bob, burst);
    await playRound(alice, bob, burst);
    const heldWithdrawal = await call(alice, 'POST', '/api/transactions/withdraw', {
      amount: 10,
      payment_method: 'card',
    });
    expect(heldWithdrawal.json().transaction.review_status).toBe('pending_review');

    const resolved = await call(support, 'POST', `/api/admin/flags/${flag?.id}/resolve`, {
      action: 'warn',
      note: 'Told the player about autoclickers',
    });
    expect(resolved.statusCode).toBe(200);
    expect(
      (await call(support, 'POST', `/api/admin/flags/${flag?.id}/resolve`, { action: 'dismiss', note: 'again' }))
        .statusCode,
    ).toBe(409);
    const audit = (await call(support, 'GET', `/api/admin/audit?target_id=${flag?.id}`)).json();
    expect(audit[0]).toMatchObject({ action: 'flag.warn', reason: 'Told the player about autoclickers' });
  });

  it('silent losses to the same opponent raise a chip-dumping flag on both accounts', async () => {
    const alice = await playerWithBalance(testApp.app, 50);
    const bob = await playerWithBalance(testApp.app, 50);
    await playRound(alice, bob, aliceWins);
    await playRound(alice, bob, aliceWins);
    const flags = (await call(support, 'GET', '/api/admin/flags')).json<AdminFlagDto[]>();
    const dumping = flags.filter(
      (item) => item.kind === 'chip_dumping' && [alice.user.id, bob.user.id].includes(item.user_id),
    );
    expect(dumping.map((item) => item.user_id).sort()).toEqual([alice.user.id, bob.user.id].sort());
    expect(dumping[0].evidence).toMatchObject({
      winner_id: alice.user.id,
      loser_id: bob.user.id,
      silent_losses_in_7_days: 2,
    });
  });

  it("a player presenting another account's device id is flagged, never that id's first holder; forged ids never flag", async () => {
    const sharedDeviceFlags = async (userId: string) =>
      (await call(support, 'GET', '/api/admin/flags'))
        .json<AdminFlagDto[]>()
        .filter((flag) => flag.user_id === userId && flag.kind === 'shared_device');

    // Bob signs in with the device id Alice was issued (a second account in her browser, or her copied cookie).
    const alice = await playerWithBalance(testApp.app, 20);
    const bob = await playerWithBalance(testApp.app, 20);
    const aliceDevice = await signInWithDevice(testApp.app, alice, null);
    await signInWithDevice(testApp.app, bob, aliceDevice);
    await playRound(alice, bob);
    const [flag, ...more] = await sharedDeviceFlags(bob.user.id);
    expect(more).toEqual([]);
    expect(flag?.evidence).toEqual({
      opponent_id: alice.user.id,
      device_id: deviceIdOf(aliceDevice),
      device_first_user_id: alice.user.id,
    });
    expect(await sharedDeviceFlags(alice.user.id)).toEqual([]);

    // Carol and Dave send the same made-up X-Device-Id and the same forged cookie: no device at all, no flag.
    const carol = await playerWithBalance(testApp.app, 20);
    const dave = await playerWithBalance(testApp.app, 20);
    const forged = `${'F'.repeat(22)}.${'G'.repeat(43)}`;
    await signInWithDevice(testApp.app, carol, forged, 'device-one-browser-0001');
    await signInWithDevice(testApp.app, dave, forged, 'device-one-browser-0001');
    await playRound(carol, dave);
    expect(await sharedDeviceFlags(carol.user.id)).toEqual([]);
    expect(await sharedDeviceFlags(dave.user.id)).toEqual([]);
  });
});

describe('shared-address flags (FLAG_SHARED_IP=true; real PostgreSQL, real sockets)', () => {
  let testApp: TestApp;
  let support: RegisteredUser;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    ({ testApp, support } = await startWithSupport({ MATCH_TIME_LIMIT_OVERRIDE_MS: '800', FLAG_SHARED_IP: 'true' }));
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await expectMoneyConsistent(testApp.databaseUrl);
  });
  afterAll(() => testApp.close());

  it('flags both opponents when their latest sessions come from the same address', async () => {
    const alice = await playerWithBalance(testApp.app, 20);
    const bob = await playerWithBalance(testApp.app, 20);
    await sql(testApp.databaseUrl, `UPDATE auth_sessions SET ip = '203.0.113.7' WHERE user_id = ANY($1)`, [
      [alice.user.id, bob.user.id],
    ]);
    const round = await playNumberRushRound(testApp.app, alice, bob);
    sockets.push(round.aliceSocket, round.bobSocket);
    const flags = (
      await testApp.app.inject({ method: 'GET', url: '/api/admin/flags', headers: bearer(support.accessToken) })
    ).json<AdminFlagDto[]>();
    const shared = flags.filter((flag) => flag.kind === 'shared_ip');
    expect(shared.map((flag) => flag.user_id).sort()).toEqual([alice.user.id, bob.user.id].sort());
    expect(shared[0].evidence).toMatchObject({ ip: '203.0.113.7' });
  });
});
