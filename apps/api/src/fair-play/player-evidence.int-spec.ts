import { randomUUID } from 'node:crypto';
import type { TransactionDto } from '@skillduel/contracts';
import { NumberRushView, PlayerView } from '@skillduel/games';
import { DataSource } from 'typeorm';
import { bearer, RegisteredUser } from '../../test/auth-helpers';
import { sql } from '../../test/db';
import { createTestApp, TestApp } from '../../test/test-app';
import {
  ClientSocket,
  expectMoneyConsistent,
  playerWithBalance,
  playNumberRushRound,
} from '../rooms/testing/rooms-test-kit';
import { EVIDENCE_RULES, RoundSample } from './player-evidence';
import { PlayerEvidenceService } from './player-evidence.service';
import { answerNumberRush } from './testing/number-rush-answers';
import { botPlayer, humanPlayer, RoundPlayer, seeded, uniformMs } from './testing/play-models';

/** The most rounds a 150-190 ms reaction bot may take to cross the line (docs/decisions/2701). */
const REACTION_BOT_CROSSES_WITHIN = 40;

/** Nine right answers, each 650-950 ms after the previous one: fast, but too few and too irregular for a round signal. */
function fastIrregularAnswers(socket: ClientSocket, roomId: string, first: PlayerView<NumberRushView>) {
  const random = seeded(77);
  return answerNumberRush(socket, roomId, first, 9, () => 650 + Math.floor(random() * 300));
}

/**
 * Evidence per player and game across rounds on real PostgreSQL (decision 2701): the running statistics and the
 * sequential tests live in `player_game_evidence`, updated round by round; a human-like stream never crosses the line,
 * a 150-190 ms reaction stream does within the documented rounds; and a player whose evidence crosses has their win
 * held in escrow and their withdrawal waiting for review.
 */
describe('evidence across rounds (real PostgreSQL)', () => {
  let testApp: TestApp;
  let service: PlayerEvidenceService;
  let dataSource: DataSource;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    testApp = await createTestApp({
      WITHDRAWAL_PROCESSOR_ENABLED: 'false',
      RATE_LIMIT_PER_MINUTE: '100000',
      MATCH_COUNTDOWN_MS: '100',
      ROOM_SWEEP_INTERVAL_MS: '600000',
      MATCH_TIME_LIMIT_OVERRIDE_MS: '10000',
    });
    await testApp.app.listen(0, '127.0.0.1');
    service = testApp.app.get(PlayerEvidenceService);
    dataSource = testApp.app.get(DataSource);
  });
  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await testApp.close();
  });

  /** Plays `rounds` rounds of `gameId` between two players' streams; answers the round each seat first alarmed. */
  async function stream(
    gameId: 'reaction-time',
    players: [RegisteredUser, RegisteredUser],
    plays: [RoundPlayer, RoundPlayer],
    rounds: number,
  ): Promise<[number | null, number | null]> {
    const firstAlarm: [number | null, number | null] = [null, null];
    for (let round = 1; round <= rounds; round++) {
      const samples: [RoundSample, RoundSample] = [plays[0](), plays[1]()];
      const outcomes = await dataSource.transaction((manager) =>
        service.recordRound(manager, {
          matchId: randomUUID(),
          gameId,
          playerIds: [players[0].user.id, players[1].user.id],
          samples,
        }),
      );
      for (const seat of [0, 1] as const) if (outcomes[seat].alarm) firstAlarm[seat] ??= round;
    }
    return firstAlarm;
  }

  const evidenceRow = async (userId: string, gameId: string) =>
    (
      await sql<{ rounds: number; samples: number; alarms: number; score: number; cusum_speed: number }>(
        testApp.databaseUrl,
        `SELECT rounds, samples, alarms, score, cusum_speed FROM player_game_evidence WHERE user_id = $1 AND game_id = $2`,
        [userId, gameId],
      )
    )[0];

  it('a strong human and a typical human play 60 reaction rounds: neither crosses; the statistics are stored', async () => {
    const strong = await playerWithBalance(testApp.app, 0);
    const typical = await playerWithBalance(testApp.app, 0);
    const alarms = await stream(
      'reaction-time',
      [strong, typical],
      [humanPlayer('reaction-time', seeded(11), true), humanPlayer('reaction-time', seeded(12), false)],
      60,
    );
    expect(alarms).toEqual([null, null]);
    for (const player of [strong, typical]) {
      const row = await evidenceRow(player.user.id, 'reaction-time');
      expect(row).toMatchObject({ rounds: 60, samples: 300, alarms: 0 });
      expect(row?.score).toBeLessThan(EVIDENCE_RULES.cusumLine);
    }
  }, 60_000);

  it(`a 150-190 ms reaction bot crosses the line within ${REACTION_BOT_CROSSES_WITHIN} rounds; its human opponent does not`, async () => {
    const bot = await playerWithBalance(testApp.app, 0);
    const human = await playerWithBalance(testApp.app, 0);
    const [botAlarm, humanAlarm] = await stream(
      'reaction-time',
      [bot, human],
      [botPlayer('reaction-time', seeded(21), uniformMs(150, 190)), humanPlayer('reaction-time', seeded(22), true)],
      REACTION_BOT_CROSSES_WITHIN,
    );
    expect(botAlarm).not.toBeNull();
    expect(botAlarm).toBeLessThanOrEqual(REACTION_BOT_CROSSES_WITHIN);
    expect(humanAlarm).toBeNull();
    // After an alarm the tests restart; a bot that keeps playing raises it again.
    expect((await evidenceRow(bot.user.id, 'reaction-time'))?.alarms).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('a player whose evidence crosses the line in a won round is held (pot in escrow) and their withdrawal waits; the same play from a clean record is paid', async () => {
    const [alice, bob, carol, dave] = await Promise.all(
      [100, 100, 100, 100].map((dollars) => playerWithBalance(testApp.app, dollars)),
    );
    // Alice's number-rush record already sits just under the line (earlier fast rounds); Carol has no record.
    await sql(
      testApp.databaseUrl,
      `INSERT INTO player_game_evidence (user_id, game_id, rounds, cusum_speed, score) VALUES ($1, 'number-rush', 8, $2, $2)`,
      [alice.user.id, EVIDENCE_RULES.cusumLine - 0.1],
    );
    const [held, paid] = await Promise.all(
      [
        [alice, bob],
        [carol, dave],
      ].map(async ([player, idle]) => {
        const round = await playNumberRushRound(testApp.app, player as RegisteredUser, idle as RegisteredUser, {
          play: fastIrregularAnswers,
          finishTimeoutMs: 30_000,
        });
        sockets.push(round.aliceSocket, round.bobSocket);
        return round;
      }),
    );
    expect(held?.result).toMatchObject({ outcome: 'player1', payout: 0, payout_held: true });
    expect(paid?.result.outcome).toBe('player1');
    expect(paid?.result.payout_held).not.toBe(true);
    expect(paid?.result.payout).toBeGreaterThan(0);

    const review = await sql<{ reasons: string[] }>(
      testApp.databaseUrl,
      `SELECT ARRAY(SELECT jsonb_array_elements(m.fair_play_signals->'seats'->0->'signals')->>'kind') AS reasons
         FROM fair_play_reviews r JOIN matches m ON m.id = r.match_id WHERE r.held_user_id = $1`,
      [alice.user.id],
    );
    expect(review[0]?.reasons).toEqual(['beyond_human_profile']);
    const flags = await sql<{ user_id: string }>(
      testApp.databaseUrl,
      `SELECT user_id FROM fair_play_flags WHERE kind = 'beyond_human_profile' AND status = 'open' AND user_id = ANY($1)`,
      [[alice.user.id, carol.user.id]],
    );
    expect(flags.map((flag) => flag.user_id)).toEqual([alice.user.id]);
    expect(await evidenceRow(alice.user.id, 'number-rush')).toMatchObject({ alarms: 1, score: 0 });

    const withdraw = (user: RegisteredUser) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/transactions/withdraw',
        headers: bearer(user.accessToken),
        payload: { amount: 50, payment_method: 'card' },
      });
    const aliceWithdrawal = await withdraw(alice);
    expect(aliceWithdrawal.statusCode).toBe(202);
    expect(aliceWithdrawal.json<{ transaction: TransactionDto }>().transaction).toMatchObject({
      review_status: 'pending_review',
    });
    const carolWithdrawal = await withdraw(carol);
    expect(carolWithdrawal.statusCode).toBe(202);
    expect(carolWithdrawal.json<{ transaction: TransactionDto }>().transaction.review_status).toBeUndefined();
    await expectMoneyConsistent(testApp.databaseUrl);
  }, 90_000);
});
