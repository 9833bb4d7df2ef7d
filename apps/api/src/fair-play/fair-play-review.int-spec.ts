import type { AdminFairPlayEvidenceDto, AdminFlagDto, AdminReviewDto, MatchReplayDto } from '@skillduel/contracts';
import { FAIR_PLAY_ERROR_CODES } from '@skillduel/contracts';
import { replayRound, ReplayLogEntry } from '@skillduel/games';
import { bearer, registerUser, RegisteredUser } from '../../test/auth-helpers';
import { sql } from '../../test/db';
import { createTestApp, TestApp } from '../../test/test-app';
import {
  balanceCents,
  ClientSocket,
  expectMoneyConsistent,
  playerWithBalance,
  playNumberRushRound,
} from '../rooms/testing/rooms-test-kit';
import { answerNumberRush } from './testing/number-rush-answers';

/** A script's pace: every answer right, each one this long after the previous (machine-steady and faster than people). */
const BOT_ANSWER_EVERY_MS = 850;
const BOT_ANSWERS = 11;

/**
 * Payouts held for review, on a real server (docs/product/fair-play.md#payouts-held-for-review): a scripted number-rush
 * winner is not paid — both stakes stay in escrow, the round is in support's review queue and its replay says so — and
 * support's decision (release or void) moves the money exactly once, with the ledger and escrow invariants holding at
 * every step.
 */
describe('fair-play review of held payouts (real PostgreSQL, real sockets)', () => {
  let testApp: TestApp;
  let support: RegisteredUser;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    testApp = await createTestApp({
      WITHDRAWAL_PROCESSOR_ENABLED: 'false',
      RATE_LIMIT_PER_MINUTE: '100000',
      MATCH_COUNTDOWN_MS: '100',
      ROOM_SWEEP_INTERVAL_MS: '600000',
      MATCH_TIME_LIMIT_OVERRIDE_MS: String(BOT_ANSWER_EVERY_MS * BOT_ANSWERS + 1200),
    });
    await testApp.app.listen(0, '127.0.0.1');
    support = await registerUser(testApp.app);
    await sql(testApp.databaseUrl, `UPDATE users SET role = 'support' WHERE id = $1`, [support.user.id]);
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await expectMoneyConsistent(testApp.databaseUrl);
  });
  afterAll(() => testApp.close());

  const call = (user: RegisteredUser, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    testApp.app.inject({ method, url, headers: bearer(user.accessToken), ...(payload ? { payload } : {}) });

  /** Alice scripts her answers, Bob never answers; resolves with the settled (held) round. */
  async function botRound(): Promise<{ alice: RegisteredUser; bob: RegisteredUser; roomId: string }> {
    const alice = await playerWithBalance(testApp.app, 100);
    const bob = await playerWithBalance(testApp.app, 100);
    const round = await playNumberRushRound(testApp.app, alice, bob, {
      play: (socket, roomId, view) => answerNumberRush(socket, roomId, view, BOT_ANSWERS, () => BOT_ANSWER_EVERY_MS),
      finishTimeoutMs: 20_000,
    });
    sockets.push(round.aliceSocket, round.bobSocket);
    expect(round.result).toMatchObject({ outcome: 'player1', payout: 0, payout_held: true });
    return { alice, bob, roomId: round.roomId };
  }

  it('holds a scripted win, keeps both stakes through leaving the room, and pays it once when support releases it', async () => {
    const [released, voided] = await Promise.all([botRound(), botRound()]);

    for (const { alice, bob, roomId } of [released, voided]) {
      // Nobody is paid: both $5 stakes wait in escrow, also after both players leave the room.
      expect(await balanceCents(testApp.databaseUrl, alice.user.id)).toBe(9_500n);
      expect(await balanceCents(testApp.databaseUrl, bob.user.id)).toBe(9_500n);
      await call(alice, 'POST', `/api/rooms/${roomId}/leave`);
      await call(bob, 'POST', `/api/rooms/${roomId}/leave`);
      expect(await balanceCents(testApp.databaseUrl, alice.user.id)).toBe(9_500n);
      expect(await balanceCents(testApp.databaseUrl, bob.user.id)).toBe(9_500n);

      // Transparency: the round says it is held and why; its replay still recomputes the published scores.
      const replay = (await testApp.app.inject({ url: `/api/rooms/${roomId}/rounds/1` })).json<MatchReplayDto>();
      expect(replay.review).toMatchObject({ status: 'held', decision_note: null });
      expect(replay.review?.reasons).toEqual(expect.arrayContaining(['machine_regular', 'superhuman_accuracy']));
      const recomputed = replayRound({
        gameId: replay.game_id,
        seed: replay.result.seed,
        timeLimitMs: replay.time_limit_ms,
        log: replay.input_log as ReplayLogEntry[],
      });
      expect(recomputed?.scores).toEqual(replay.result.scores);
    }
    await expectMoneyConsistent(testApp.databaseUrl);

    // Players cannot see the queue; support sees both held rounds with the evidence.
    expect((await call(released.alice, 'GET', '/api/admin/reviews')).statusCode).toBe(403);
    const queue = (await call(support, 'GET', '/api/admin/reviews')).json<AdminReviewDto[]>();
    const review = queue.find((item) => item.room_id === released.roomId);
    expect(review).toMatchObject({ status: 'held', held_user_id: released.alice.user.id, held_seat: 0, bet: 5 });
    expect(review?.signals?.seats[0].signals.find((s) => s.kind === 'machine_regular')?.evidence).toMatchObject({
      intervals: BOT_ANSWERS - 1,
    });
    expect(review?.signals?.seats[1].signals.map((s) => s.kind)).toEqual(['no_input']);
    const voidedId = queue.find((item) => item.room_id === voided.roomId)?.match_id ?? '';
    // The scripted seat is also flagged (timings at the edge of human limits), its idle opponent is not.
    const flags = (await call(support, 'GET', '/api/admin/flags')).json<AdminFlagDto[]>();
    const timingFlags = flags.filter((flag) => flag.kind === 'inhuman_timing');
    expect(timingFlags.map((flag) => flag.user_id).sort()).toEqual(
      [released.alice.user.id, voided.alice.user.id].sort(),
    );
    expect(timingFlags[0]?.evidence).toMatchObject({ score: expect.any(Number), signals: expect.any(Array) });

    // Release: ten concurrent clicks pay once.
    const decisions = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(support, 'POST', `/api/admin/reviews/${review?.match_id ?? ''}/decide`, {
          decision: 'release',
          note: 'Checked the replay: fast but fair',
        }),
      ),
    );
    expect(decisions.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const refused = decisions.filter((answer) => answer.statusCode === 409);
    expect(refused).toHaveLength(9);
    expect(refused[0]?.json()).toMatchObject({ code: FAIR_PLAY_ERROR_CODES.reviewDecided });
    expect(await balanceCents(testApp.databaseUrl, released.alice.user.id)).toBe(10_500n);
    expect(await balanceCents(testApp.databaseUrl, released.bob.user.id)).toBe(9_500n);
    const afterRelease = (
      await testApp.app.inject({ url: `/api/rooms/${released.roomId}/rounds/1` })
    ).json<MatchReplayDto>();
    expect(afterRelease.result).toMatchObject({ outcome: 'player1', payout: 10 });
    expect(afterRelease.result.payout_held).toBeUndefined();
    expect(afterRelease.review).toMatchObject({
      status: 'released',
      decision_note: 'Checked the replay: fast but fair',
    });
    // The result counts once it is paid: the win notification and the leaderboard row follow the release.
    const won = await sql<{ n: number }>(
      testApp.databaseUrl,
      `SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND type = 'win'`,
      [released.alice.user.id],
    );
    expect(won[0]?.n).toBe(1);

    // Void: both stakes back.
    const voidAnswer = await call(support, 'POST', `/api/admin/reviews/${voidedId}/decide`, {
      decision: 'void',
      note: 'Scripted answers',
    });
    expect(voidAnswer.statusCode).toBe(200);
    expect(voidAnswer.json<AdminReviewDto>()).toMatchObject({ status: 'voided', decision_note: 'Scripted answers' });
    expect(await balanceCents(testApp.databaseUrl, voided.alice.user.id)).toBe(10_000n);
    expect(await balanceCents(testApp.databaseUrl, voided.bob.user.id)).toBe(10_000n);
    const voidedReplay = (
      await testApp.app.inject({ url: `/api/rooms/${voided.roomId}/rounds/1` })
    ).json<MatchReplayDto>();
    expect(voidedReplay.result).toMatchObject({ outcome: 'void', payout: 0 });
    expect(voidedReplay.review).toMatchObject({
      status: 'voided',
      reasons: expect.arrayContaining(['machine_regular']),
    });

    // The evidence stays on the player's admin page.
    const evidence = (await call(support, 'GET', `/api/admin/users/${voided.alice.user.id}/fair-play`)).json<
      AdminFairPlayEvidenceDto[]
    >();
    expect(evidence).toEqual([expect.objectContaining({ room_id: voided.roomId, held: true })]);
    const audit = await sql<{ action: string }>(
      testApp.databaseUrl,
      `SELECT action FROM admin_audit_log WHERE target_type = 'match' ORDER BY created_at`,
    );
    expect(audit.map((row) => row.action)).toEqual(['fair_play_review.release', 'fair_play_review.void']);
  }, 60_000);

  it('refuses an unknown decision and a review that does not exist, moving nothing', async () => {
    const unknown = await call(
      support,
      'POST',
      `/api/admin/reviews/${'0'.repeat(8)}-0000-0000-0000-000000000000/decide`,
      {
        decision: 'release',
        note: 'Looks fine',
      },
    );
    expect(unknown.statusCode).toBe(404);
    const invalid = await call(support, 'POST', `/api/admin/reviews/not-a-match/decide`, {
      decision: 'pay',
      note: 'x',
    });
    expect(invalid.statusCode).toBe(400);
  });
});
