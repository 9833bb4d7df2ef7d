import type { TransactionDto } from '@skillduel/contracts';
import { bearer, RegisteredUser } from '../../test/auth-helpers';
import { sql } from '../../test/db';
import { createTestApp, TestApp } from '../../test/test-app';
import {
  answerNumberRushCorrectly,
  ClientSocket,
  expectMoneyConsistent,
  playerWithBalance,
  playNumberRushRound,
} from '../rooms/testing/rooms-test-kit';

/**
 * Withdrawal as the last gate (decision 2703), on a real server: a young account whose winnings pass the line, and an
 * account whose winnings come mostly from flagged or held-then-released pots, wait for review in the existing
 * withdrawal review (the same queue, `review_status: pending_review`); an older account, or one whose pot's flag
 * support dismissed, is paid as before.
 */
describe('withdrawal gate on winnings (real PostgreSQL, real sockets)', () => {
  let testApp: TestApp;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    testApp = await createTestApp({
      WITHDRAWAL_PROCESSOR_ENABLED: 'false',
      RATE_LIMIT_PER_MINUTE: '100000',
      MATCH_COUNTDOWN_MS: '100',
      ROOM_SWEEP_INTERVAL_MS: '600000',
      MATCH_TIME_LIMIT_OVERRIDE_MS: '1500',
      // A $5 win (net $4.50 after the fee) is above $3 of winnings.
      WITHDRAWAL_GATE_NEW_ACCOUNT_WINNINGS_ABOVE: '3',
    });
    await testApp.app.listen(0, '127.0.0.1');
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await expectMoneyConsistent(testApp.databaseUrl);
  });
  afterAll(() => testApp.close());

  /** The winner answers one question right, the loser nothing: answers the settled match's id. */
  async function win(winner: RegisteredUser, loser: RegisteredUser): Promise<string> {
    const round = await playNumberRushRound(testApp.app, winner, loser, {
      play: (socket, roomId, view) => answerNumberRushCorrectly(socket, roomId, view, 1),
    });
    sockets.push(round.aliceSocket, round.bobSocket);
    expect(round.result.outcome).toBe('player1');
    const [match] = await sql<{ id: string }>(testApp.databaseUrl, `SELECT id FROM matches WHERE room_id = $1`, [
      round.roomId,
    ]);
    if (!match) throw new Error('no match');
    return match.id;
  }

  async function withdraw(user: RegisteredUser): Promise<TransactionDto> {
    const answer = await testApp.app.inject({
      method: 'POST',
      url: '/api/transactions/withdraw',
      headers: bearer(user.accessToken),
      payload: { amount: 10, payment_method: 'card' },
    });
    expect(answer.statusCode).toBe(202);
    return answer.json<{ transaction: TransactionDto }>().transaction;
  }

  const reviewReason = async (transactionId: string) =>
    (
      await sql<{ review_reason: string | null }>(
        testApp.databaseUrl,
        `SELECT review_reason FROM wallet_payments WHERE id = $1`,
        [transactionId],
      )
    )[0]?.review_reason;

  const makeOlder = (user: RegisteredUser, days: number) =>
    sql(testApp.databaseUrl, `UPDATE users SET created_at = now() - make_interval(days => $2) WHERE id = $1`, [
      user.user.id,
      days,
    ]);

  it('a new account with winnings above the line waits for review; the same account a week older does not', async () => {
    const [alice, bob] = await Promise.all([playerWithBalance(testApp.app, 50), playerWithBalance(testApp.app, 50)]);
    await win(alice, bob);
    const first = await withdraw(alice);
    expect(first.review_status).toBe('pending_review');
    expect(await reviewReason(first.id)).toBe('new_account_winnings');

    await makeOlder(alice, 8);
    expect((await withdraw(alice)).review_status).toBeUndefined();
    // The loser has no winnings: nothing to gate.
    expect((await withdraw(bob)).review_status).toBeUndefined();
  });

  it('winnings mostly from flagged pots wait for review; a flag support dismissed does not count', async () => {
    const [carol, dave, erin, frank] = await Promise.all(
      [50, 50, 50, 50].map((dollars) => playerWithBalance(testApp.app, dollars)),
    );
    await Promise.all([makeOlder(carol, 30), makeOlder(erin, 30)]);
    const [carolMatch, erinMatch] = await Promise.all([win(carol, dave), win(erin, frank)]);
    // Support looked at both pots: Carol's was a warning (the flag stands), Erin's was dismissed.
    for (const [matchId, userId, status] of [
      [carolMatch, dave.user.id, 'warned'],
      [erinMatch, frank.user.id, 'dismissed'],
    ] as const) {
      await sql(
        testApp.databaseUrl,
        `INSERT INTO fair_play_flags (user_id, match_id, kind, status, resolution_note, resolved_at)
         VALUES ($1, $2, 'chip_dumping', $3, 'looked at it', now())`,
        [userId, matchId, status],
      );
    }
    const carols = await withdraw(carol);
    expect(carols.review_status).toBe('pending_review');
    expect(await reviewReason(carols.id)).toBe('suspect_winnings');
    expect((await withdraw(erin)).review_status).toBeUndefined();
  });

  it('winnings from a pot held for review and then released wait for review', async () => {
    const [gina, hank] = await Promise.all([playerWithBalance(testApp.app, 50), playerWithBalance(testApp.app, 50)]);
    await makeOlder(gina, 30);
    const matchId = await win(gina, hank);
    // The pot had been held for fair-play review and support released it (the review row of decision 1802).
    await sql(
      testApp.databaseUrl,
      `INSERT INTO fair_play_reviews (match_id, held_user_id, score, status, decision_note, decided_at)
       VALUES ($1, $2, 1, 'released', 'released after a look', now())`,
      [matchId, gina.user.id],
    );
    const ginas = await withdraw(gina);
    expect(ginas.review_status).toBe('pending_review');
    expect(await reviewReason(ginas.id)).toBe('suspect_winnings');
  });
});
