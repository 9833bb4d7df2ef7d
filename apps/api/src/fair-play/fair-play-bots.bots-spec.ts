import type { MatchFinishedDto, TransactionDto } from '@skillduel/contracts';
import { bearer, RegisteredUser } from '../../test/auth-helpers';
import { sql } from '../../test/db';
import { createTestApp, TestApp } from '../../test/test-app';
import {
  connectSocket,
  expectMoneyConsistent,
  nextEvent,
  playerWithBalance,
  request,
  watchRoom,
} from '../rooms/testing/rooms-test-kit';
import {
  floorAnswerer,
  floorReactor,
  humanAnswerer,
  humanClicker,
  humanReactor,
  idle,
  jitteredAnswerer,
  randomSource,
  seatOf,
  steadyClicker,
  Strategy,
  strongAnswerer,
  strongClicker,
  strongReactor,
} from './testing/bot-players';

/**
 * `npm run test:bots`: scripted socket.io bots of each kind seen cheating (docs/fair-play.md) play real $ matches
 * against a human-paced script on a real server, and human-paced scripts play each other. No bot may be paid — each is
 * either out-scored by the engines' floors or held for review — and human-paced play must not be held (false
 * positives). BOT_HUMAN_MATCHES sets how many human-vs-human matches (200 for `npm run test:bots`, fewer in `npm
 * test`).
 */
const HUMAN_MATCHES = Number(process.env['BOT_HUMAN_MATCHES'] ?? '12');
const BOT_MATCHES_PER_KIND = Number(process.env['BOT_MATCHES_PER_KIND'] ?? '2');
const PARALLEL = 12;

type GameId = 'quick-click' | 'reaction-time' | 'number-rush';

interface Played {
  gameId: GameId;
  players: [RegisteredUser, RegisteredUser];
  result: MatchFinishedDto['result'];
  held: boolean;
  /** 'player1' | 'player2' | 'tie' | 'void' */
  outcome: string;
}

describe('fair play against scripted bots (real server, real sockets)', () => {
  /** Short rounds for clicking and answering; reaction-time needs its five rounds (~25 s). */
  let fast: TestApp;
  let reaction: TestApp;
  const report: string[] = [];

  beforeAll(async () => {
    const env = {
      WITHDRAWAL_PROCESSOR_ENABLED: 'false',
      RATE_LIMIT_PER_MINUTE: '1000000',
      MATCH_COUNTDOWN_MS: '100',
      ROOM_SWEEP_INTERVAL_MS: '600000',
    };
    [fast, reaction] = await Promise.all([
      createTestApp({ ...env, MATCH_TIME_LIMIT_OVERRIDE_MS: '9000' }),
      createTestApp({ ...env, MATCH_TIME_LIMIT_OVERRIDE_MS: '30000' }),
    ]);
    await fast.app.listen(0, '127.0.0.1');
    await reaction.app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    // The figures for docs/fair-play.md.
    console.log(`fair-play bots:\n${report.join('\n')}`);
    await Promise.all([fast.close(), reaction.close()]);
  });

  const appFor = (gameId: GameId): TestApp => (gameId === 'reaction-time' ? reaction : fast);

  /** One $5 match of `gameId`: player 1 plays `first`, player 2 plays `second`, until the server settles it. */
  async function play(
    gameId: GameId,
    first: Strategy,
    second: Strategy,
    players?: [RegisteredUser, RegisteredUser],
  ): Promise<Played> {
    const { app } = appFor(gameId);
    const [p1, p2] = players ?? (await Promise.all([playerWithBalance(app, 20), playerWithBalance(app, 20)]));
    const post = (user: RegisteredUser, url: string, payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url, headers: bearer(user.accessToken), payload });
    const created = await post(p1, '/api/rooms', { game_id: gameId, bet_amount: 5 });
    if (created.statusCode !== 201) throw new Error(`create failed: ${created.statusCode} ${created.body}`);
    const roomId = created.json<{ id: string }>().id;
    const joined = await post(p2, `/api/rooms/${roomId}/join`, {});
    if (joined.statusCode !== 200) throw new Error(`join failed: ${joined.statusCode} ${joined.body}`);
    const sockets = await Promise.all([
      connectSocket(app, { token: p1.accessToken }),
      connectSocket(app, { token: p2.accessToken }),
    ]);
    try {
      await Promise.all(sockets.map((socket) => watchRoom(socket, roomId)));
      const seats = sockets.map((socket) => seatOf(socket, roomId));
      const finished = nextEvent<MatchFinishedDto>(sockets[0], 'match:finished', () => true, 60_000);
      await Promise.all(sockets.map((socket) => request(socket, 'match:ready', { room_id: roomId })));
      await Promise.all([first(seats[0]), second(seats[1]), finished]);
      const result = (await finished).result;
      return { gameId, players: [p1, p2], result, held: result.payout_held === true, outcome: result.outcome };
    } finally {
      for (const socket of sockets) socket.close();
    }
  }

  /** Runs `count` matches, at most PARALLEL at a time. */
  async function many(count: number, one: (index: number) => Promise<Played>): Promise<Played[]> {
    const results: Played[] = [];
    for (let start = 0; start < count; start += PARALLEL) {
      const batch = Array.from({ length: Math.min(PARALLEL, count - start) }, (_, i) => one(start + i));
      results.push(...(await Promise.all(batch)));
    }
    return results;
  }

  /** The bot (player 1) is never paid: it lost or tied to the human, or its payout is held. */
  function expectBotNeverPaid(kind: string, matches: Played[]): void {
    const held = matches.filter((match) => match.held).length;
    const outScored = matches.filter((match) => match.outcome !== 'player1').length;
    const paid = matches.filter((match) => match.outcome === 'player1' && !match.held);
    report.push(
      `  ${kind}: ${matches.length} matches, ${held} held for review, ${outScored} out-scored, ${paid.length} paid`,
    );
    expect({ kind, paid: paid.map((match) => match.result) }).toEqual({ kind, paid: [] });
  }

  it('a steady 13.5/s clicker (under the 14/s sustained cap) beats a human at 8/s and is held, never paid', async () => {
    const matches = await many(BOT_MATCHES_PER_KIND, (i) =>
      play('quick-click', steadyClicker(74), humanClicker(randomSource(`qc-human-${i}`))),
    );
    expectBotNeverPaid('quick-click steady 13.5/s clicker', matches);
    expect(matches.filter((match) => match.held).length).toBeGreaterThan(0);
  }, 120_000);

  it('number-rush bots answering just over each floor, or with random pauses, are held; never paid', async () => {
    const steady = await many(BOT_MATCHES_PER_KIND, (i) =>
      play('number-rush', floorAnswerer(randomSource(`nr-bot-${i}`)), humanAnswerer(randomSource(`nr-h-${i}`))),
    );
    expectBotNeverPaid('number-rush answers 25 ms over the floor', steady);
    const jittered = await many(BOT_MATCHES_PER_KIND, (i) =>
      play('number-rush', jitteredAnswerer(randomSource(`nr-jit-${i}`)), humanAnswerer(randomSource(`nr-hj-${i}`))),
    );
    expectBotNeverPaid('number-rush answers 0-500 ms over the floor', jittered);
  }, 120_000);

  it('a reaction bot pressing just after the 100 ms floor is held or loses its rounds; never paid', async () => {
    const matches = await many(BOT_MATCHES_PER_KIND, (i) =>
      play('reaction-time', floorReactor(randomSource(`rt-bot-${i}`)), humanReactor(randomSource(`rt-h-${i}`))),
    );
    expectBotNeverPaid('reaction-time presses 102-114 ms after green', matches);
  }, 120_000);

  it('chip dumping: a partner who never presses loses $ rounds; both accounts are flagged and the winner’s withdrawal waits for review', async () => {
    const { app, databaseUrl } = fast;
    const winner = await playerWithBalance(app, 200);
    const dumper = await playerWithBalance(app, 200);
    for (let i = 0; i < 2; i++) {
      const played = await play('quick-click', humanClicker(randomSource(`dump-${i}`)), idle, [winner, dumper]);
      expect(played.outcome).toBe('player1');
    }
    const flags = await sql<{ user_id: string }>(
      databaseUrl,
      `SELECT user_id FROM fair_play_flags WHERE kind = 'chip_dumping' AND status = 'open' AND user_id = ANY($1)`,
      [[winner.user.id, dumper.user.id]],
    );
    expect(new Set(flags.map((flag) => flag.user_id))).toEqual(new Set([winner.user.id, dumper.user.id]));
    const withdrawal = await app.inject({
      method: 'POST',
      url: '/api/transactions/withdraw',
      headers: bearer(winner.accessToken),
      payload: { amount: 200, payment_method: 'card' },
    });
    expect(withdrawal.statusCode).toBe(202);
    expect(withdrawal.json<{ transaction: TransactionDto }>().transaction).toMatchObject({
      review_status: 'pending_review',
    });
    report.push('  chip dumping: 2 silent losses → chip_dumping flag on both accounts, withdrawal pending review');
  }, 120_000);

  it('human-paced scripts, strong players included, are not held and keep their withdrawals: the false-positive figure', async () => {
    const games: GameId[] = ['quick-click', 'number-rush', 'reaction-time'];
    // Every other match seats a strong player (fast, accurate, not machine-steady) against a typical one.
    const matches = await many(HUMAN_MATCHES, (i) => {
      const gameId = games[i % games.length] as GameId;
      const [a, b] = [randomSource(`fp-a-${i}`), randomSource(`fp-b-${i}`)];
      const strong = i % 2 === 1;
      const strategies: Record<GameId, [Strategy, Strategy]> = {
        'quick-click': [strong ? strongClicker(a) : humanClicker(a), humanClicker(b)],
        'number-rush': [strong ? strongAnswerer(a) : humanAnswerer(a), humanAnswerer(b)],
        'reaction-time': [strong ? strongReactor(a) : humanReactor(a), humanReactor(b)],
      };
      return play(gameId, ...strategies[gameId]);
    });
    const held = matches.filter((match) => match.held);
    // Each seat then asks for a $10 withdrawal (the minimum): one that waits for review is a false positive too.
    const blocked = new Set<string>();
    for (const match of matches) {
      const app = appFor(match.gameId).app;
      for (const player of match.players) {
        const withdrawal = await app.inject({
          method: 'POST',
          url: '/api/transactions/withdraw',
          headers: bearer(player.accessToken),
          payload: { amount: 10, payment_method: 'card' },
        });
        if (withdrawal.json<{ transaction: TransactionDto }>().transaction.review_status === 'pending_review') {
          blocked.add(player.user.id);
        }
      }
    }
    const floorFlags = await Promise.all(
      [fast, reaction].map((testApp) =>
        sql<{ n: number }>(
          testApp.databaseUrl,
          `SELECT count(*)::int AS n FROM fair_play_flags WHERE kind = 'rejected_inputs'`,
        ),
      ),
    );
    for (const gameId of games) {
      const ofGame = matches.filter((match) => match.gameId === gameId);
      report.push(`  human vs human ${gameId}: ${ofGame.length} matches, ${ofGame.filter((m) => m.held).length} held`);
    }
    const seats = matches.length * 2;
    report.push(`  false positives: ${held.length} of ${matches.length} human-paced matches held`);
    report.push(
      `  withdrawals waiting for review: ${blocked.size} of ${seats} human seats ` +
        `(${floorFlags.reduce((sum, [row]) => sum + (row?.n ?? 0), 0)} rejected_inputs flags raised, none blocking alone)`,
    );
    expect(held.map((match) => match.result)).toEqual([]);
    // At most 1 % of human seats held or blocked from withdrawing (issue 27's acceptance).
    expect(blocked.size).toBeLessThanOrEqual(Math.floor(seats / 100));
    await expectMoneyConsistent(fast.databaseUrl);
    await expectMoneyConsistent(reaction.databaseUrl);
  }, 900_000);
});
