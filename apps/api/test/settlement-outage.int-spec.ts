import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Ack, MatchViewDto } from '@skillduel/contracts';
import type { NumberRushView, PlayerView } from '@skillduel/games';
import {
  answerNumberRushCorrectly,
  balanceCents,
  type ClientSocket,
  expectMoneyConsistent,
  nextEvent,
  playerWithBalance,
  playNumberRushRound,
  request,
} from '../src/rooms/testing/rooms-test-kit';
import { DatabaseLink, linkedTestDatabase } from './database-link';
import { sql } from './db';
import { createTestDatabase } from './test-app';
import { createAppOnDatabase } from './wallet-helpers';

const TIME_LIMIT_MS = 2000;
/** Longer than the three quick settlement attempts (0.5 + 1 s) that used to end in crash recovery. */
const OUTAGE_AFTER_TIME_UP_MS = 3500;

/**
 * For a describe block: an app whose database connection runs through a link the test can cut (`suite.link`), started
 * with the short round below plus `env`, and stopped after the tests. Read the fields inside the tests.
 */
function appBehindDatabaseLink(env: Record<string, string>) {
  const suite = {
    link: undefined as unknown as DatabaseLink,
    databaseUrl: '',
    app: undefined as unknown as NestFastifyApplication,
  };
  beforeAll(async () => {
    suite.databaseUrl = await createTestDatabase();
    const linked = await linkedTestDatabase(suite.databaseUrl);
    suite.link = linked.link;
    suite.app = await createAppOnDatabase(linked.linkedUrl, {
      MATCH_COUNTDOWN_MS: '100',
      MATCH_TIME_LIMIT_OVERRIDE_MS: String(TIME_LIMIT_MS),
      ...env,
    });
    await suite.app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    await suite.link.up().catch(() => undefined);
    await suite.app.close();
    await suite.link.down();
  });
  return suite;
}

/**
 * Alice answers once, then the database goes away before time is up and comes back well after the round was decided.
 * Resolves with the moment it was cut.
 */
async function answerThenCutDatabase(
  link: DatabaseLink,
  socket: ClientSocket,
  roomId: string,
  firstView: PlayerView<NumberRushView>,
): Promise<number> {
  await answerNumberRushCorrectly(socket, roomId, firstView, 1);
  await link.down();
  setTimeout(() => void link.up(), TIME_LIMIT_MS + OUTAGE_AFTER_TIME_UP_MS);
  return Date.now();
}

/**
 * A round decided while the database is away (the chaos soak's postmaster kills). A supervised PostgreSQL
 * restart takes seconds; the round used to get three settlement attempts in 1.5 s, then was dropped from memory and
 * later voided by crash recovery: the winner's win became a refund, and the room's sockets were refused NOT_WATCHING
 * meanwhile. Now settlement waits for the database (up to MATCH_STALE_AFTER_SECONDS) and pays the winner once.
 */
describe('a round that ends while the database is unreachable', () => {
  // No sweep during the test: only the owner's own settlement can close the round.
  const suite = appBehindDatabaseLink({ ROOM_SWEEP_INTERVAL_MS: '600000' });

  it('is settled with its real result once the database is back: the winner is paid, not refunded', async () => {
    const alice = await playerWithBalance(suite.app, 100);
    const bob = await playerWithBalance(suite.app, 100);
    let cutAt = 0;
    const { roomId, aliceSocket, bobSocket, result } = await playNumberRushRound(suite.app, alice, bob, {
      finishTimeoutMs: 30_000,
      play: async (socket, id, firstView) => {
        cutAt = await answerThenCutDatabase(suite.link, socket, id, firstView);
      },
    });
    try {
      expect(Date.now() - cutAt).toBeGreaterThanOrEqual(TIME_LIMIT_MS);
      expect(result).toMatchObject({ round: 1, outcome: 'player1' });
      const [match] = await sql<{ status: string; outcome: string }>(
        suite.databaseUrl,
        'SELECT status, outcome FROM matches WHERE room_id = $1',
        [roomId],
      );
      expect(match).toEqual({ status: 'finished', outcome: 'player1' });
      expect(await balanceCents(suite.databaseUrl, alice.user.id)).toBe(10_500n);
      expect(await balanceCents(suite.databaseUrl, bob.user.id)).toBe(9_500n);
      await expectMoneyConsistent(suite.databaseUrl);
    } finally {
      aliceSocket.close();
      bobSocket.close();
    }
  }, 60_000);
});

/**
 * The same outage for longer than the settlement waits (MATCH_STALE_AFTER_SECONDS): the round is left to crash
 * recovery and the room leaves the owner's memory. The chaos soak then saw the players' next requests refused
 * NOT_WATCHING, though their sockets never left the room. Now the room is watched again for them and the request runs.
 */
describe('a round whose settlement gives up while the database is unreachable', () => {
  const suite = appBehindDatabaseLink({
    MATCH_STALE_AFTER_SECONDS: '1',
    MATCH_HEARTBEAT_INTERVAL_MS: '200',
    ROOM_SWEEP_INTERVAL_MS: '300',
  });

  it('is voided by recovery; the players stay in the room and Play Again starts round 2', async () => {
    const alice = await playerWithBalance(suite.app, 100);
    const bob = await playerWithBalance(suite.app, 100);
    const { roomId, aliceSocket, bobSocket, result } = await playNumberRushRound(suite.app, alice, bob, {
      finishTimeoutMs: 30_000,
      play: async (socket, id, firstView) => {
        await answerThenCutDatabase(suite.link, socket, id, firstView);
      },
    });
    try {
      // Recovery's result, published to the room: the stakes came back.
      expect(result).toMatchObject({ round: 1, outcome: 'void' });
      const view = nextEvent<MatchViewDto>(aliceSocket, 'match:view', (event) => event.round === 2, 10_000);
      for (const socket of [aliceSocket, bobSocket]) {
        expect(await request<Ack<null>>(socket, 'match:play_again', { room_id: roomId })).toEqual({
          ok: true,
          data: null,
        });
      }
      for (const socket of [aliceSocket, bobSocket]) {
        expect(await request<Ack<null>>(socket, 'match:ready', { room_id: roomId })).toEqual({ ok: true, data: null });
      }
      await view;
      await expectMoneyConsistent(suite.databaseUrl);
    } finally {
      aliceSocket.close();
      bobSocket.close();
    }
  }, 60_000);
});
