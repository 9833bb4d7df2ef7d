import type { Ack, RealityCheckDto, RealtimeErrorDto, SelfExclusionDto } from '@skillduel/contracts';
import { REALTIME_MESSAGES, RG_ERROR_CODES } from '@skillduel/contracts';
import { bearer, RegisteredUser } from '../../test/auth-helpers';
import { sql } from '../../test/db';
import { createTestApp, TestApp } from '../../test/test-app';
import {
  balanceCents,
  ClientSocket,
  escrowCents,
  expectMoneyConsistent,
  nextEvent,
  NumberRushPlay,
  playerWithBalance,
  playNumberRushRound,
  request,
} from '../rooms/testing/rooms-test-kit';

/**
 * Breaks and the reality check around real matches over Socket.IO: a break taken mid-match lets the match be played
 * out and then refuses Play Again; the reality check comes due after RG_REALITY_CHECK_MINUTES of money play.
 */
describe('responsible gaming around live matches (real PostgreSQL, real sockets)', () => {
  let testApp: TestApp;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    testApp = await createTestApp({
      WITHDRAWAL_PROCESSOR_ENABLED: 'false',
      RATE_LIMIT_PER_MINUTE: '100000',
      MATCH_COUNTDOWN_MS: '150',
      MATCH_TIME_LIMIT_OVERRIDE_MS: '1500',
      ROOM_SWEEP_INTERVAL_MS: '600000',
      RG_REALITY_CHECK_MINUTES: '1',
    });
    await testApp.app.listen(0, '127.0.0.1');
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => testApp.close());

  const inject = (user: RegisteredUser, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    testApp.app.inject({ method, url, headers: bearer(user.accessToken), ...(payload ? { payload } : {}) });

  /** Two funded players play one $5 number-rush round (`play` runs during play); resolves once it is settled. */
  async function playRound(during?: (players: { alice: RegisteredUser; bob: RegisteredUser }) => Promise<void>) {
    const alice = await playerWithBalance(testApp.app, 100);
    const bob = await playerWithBalance(testApp.app, 100);
    const play: NumberRushPlay | undefined = during && (() => during({ alice, bob }));
    const round = await playNumberRushRound(testApp.app, alice, bob, { play });
    sockets.push(round.aliceSocket, round.bobSocket);
    return { alice, bob, ...round };
  }

  it('a break taken mid-match lets the match be played out, then refuses Play Again and moves nothing', async () => {
    let coolOffKind: string | undefined;
    const { alice, bob, roomId, aliceSocket, bobSocket, result } = await playRound(async ({ bob }) => {
      // The break is taken while the round is being played.
      const coolOff = await testApp.app.inject({
        method: 'POST',
        url: '/api/users/me/self-exclusion',
        headers: bearer(bob.accessToken),
        payload: { kind: 'cool_off', period: '24h' },
      });
      expect(coolOff.statusCode).toBe(201);
      coolOffKind = coolOff.json<SelfExclusionDto>().kind;
    });
    expect(coolOffKind).toBe('cool_off');

    // Played out to its end (no answers: a tie, both refunded), not forfeited by the break.
    expect(result).toMatchObject({ round: 1, outcome: 'tie' });
    expect(result.reason).not.toBe('forfeit');
    expect(await balanceCents(testApp.databaseUrl, bob.user.id)).toBe(10_000n);

    const escrowBefore = await escrowCents(testApp.databaseUrl);
    const bobError = nextEvent<RealtimeErrorDto>(bobSocket, 'app:error', (e) => e.code === RG_ERROR_CODES.selfExcluded);
    const aliceError = nextEvent<RealtimeErrorDto>(aliceSocket, 'app:error', (e) => e.code === 'INVALID_STATE');
    await request(aliceSocket, 'match:play_again', { room_id: roomId });
    const ack = await request<Ack<null>>(bobSocket, 'match:play_again', { room_id: roomId });
    expect(ack).toMatchObject({ ok: false, error: { code: RG_ERROR_CODES.selfExcluded } });
    expect((await bobError).message).toMatch(/^You are on a cool-off until /);
    expect((await aliceError).message).toBe(REALTIME_MESSAGES.opponentCannotPlayAgain);
    expect(await escrowCents(testApp.databaseUrl)).toBe(escrowBefore);
    expect(await balanceCents(testApp.databaseUrl, alice.user.id)).toBe(10_000n);
    expect(await balanceCents(testApp.databaseUrl, bob.user.id)).toBe(10_000n);
    await expectMoneyConsistent(testApp.databaseUrl);
  });

  it('comes due after RG_REALITY_CHECK_MINUTES of money play, with time and net result; continue restarts it', async () => {
    const { alice } = await playRound();
    const early = (await inject(alice, 'GET', '/api/users/me/reality-check')).json<RealityCheckDto>();
    expect(early).toMatchObject({ due: false, matches_played: 1, net_amount: 0, interval_minutes: 1 });

    // As if the match had started two minutes ago.
    await sql(
      testApp.databaseUrl,
      `UPDATE matches SET starts_at = starts_at - interval '2 minutes' WHERE player1_id = $1`,
      [alice.user.id],
    );
    const due = (await inject(alice, 'GET', '/api/users/me/reality-check')).json<RealityCheckDto>();
    expect(due).toMatchObject({ due: true, matches_played: 1, net_amount: 0 });
    expect(due.minutes_played).toBeGreaterThanOrEqual(2);

    const answered = await inject(alice, 'POST', '/api/users/me/reality-check', { action: 'continue' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json<RealityCheckDto>()).toMatchObject({ due: false, matches_played: 0 });
    expect((await inject(alice, 'POST', '/api/users/me/reality-check', { action: 'later' })).statusCode).toBe(400);
  });
});
