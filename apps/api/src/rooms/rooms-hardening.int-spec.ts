import type { NotificationsResponse, RoomDto } from '@skillduel/contracts';
import { NOTIFICATION_TEXTS, ROOM_MESSAGES } from '@skillduel/contracts';
import { bearer } from '../../test/auth-helpers';
import { sql } from '../../test/db';
import { createTestApp, TestApp } from '../../test/test-app';
import { connect } from '../../test/wallet-helpers';
import { balanceCents, expectMoneyConsistent, moneySnapshot, playerWithBalance } from './testing/rooms-test-kit';

/**
 * Rooms hardening: no notification spam by repeated joins or join/leave cycles; no private-room password brute force.
 */
describe('rooms hardening', () => {
  let testApp: TestApp;
  const post = (url: string, accessToken: string, payload: Record<string, unknown> = {}) =>
    testApp.app.inject({ method: 'POST', url, headers: bearer(accessToken), payload });

  beforeAll(async () => {
    testApp = await createTestApp({ WITHDRAWAL_PROCESSOR_ENABLED: 'false', RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(() => testApp.close());

  it('a seated player joining again gets 200 each time, but the creator is told once and no second stake is taken', async () => {
    const creator = await playerWithBalance(testApp.app, 20);
    const joiner = await playerWithBalance(testApp.app, 20);
    const room = (
      await post('/api/rooms', creator.accessToken, { game_id: 'number-rush', bet_amount: 5 })
    ).json<RoomDto>();
    for (let i = 0; i < 25; i++) {
      const again = await post(`/api/rooms/${room.id}/join`, joiner.accessToken);
      expect(again.statusCode).toBe(200);
      expect(again.json<RoomDto>().current_players).toBe(2);
    }
    const notifications = await testApp.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: bearer(creator.accessToken),
    });
    const joinedTitles = notifications
      .json<NotificationsResponse>()
      .notifications.filter((notification) => notification.title === NOTIFICATION_TEXTS.opponentJoinedTitle);
    expect(joinedTitles).toHaveLength(1);
    expect(await balanceCents(testApp.databaseUrl, joiner.user.id)).toBe(1_500n);
    await expectMoneyConsistent(testApp.databaseUrl);
  });

  it('12 join/leave cycles by one opponent tell the creator once; another opponent, or the same one later, is news', async () => {
    const creator = await playerWithBalance(testApp.app, 50);
    const [joiner, second] = await Promise.all([
      playerWithBalance(testApp.app, 50),
      playerWithBalance(testApp.app, 50),
    ]);
    const room = (
      await post('/api/rooms', creator.accessToken, { game_id: 'number-rush', bet_amount: 5 })
    ).json<RoomDto>();
    const joinedNotes = async () =>
      (await testApp.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(creator.accessToken) }))
        .json<NotificationsResponse>()
        .notifications.filter((notification) => notification.title === NOTIFICATION_TEXTS.opponentJoinedTitle);
    const cycle = async (player: typeof joiner) => {
      expect((await post(`/api/rooms/${room.id}/join`, player.accessToken)).statusCode).toBe(200);
      expect((await post(`/api/rooms/${room.id}/leave`, player.accessToken)).statusCode).toBe(200);
    };
    // Before: one notification per cycle (12).
    for (let i = 0; i < 12; i++) await cycle(joiner);
    expect(await joinedNotes()).toHaveLength(1);
    await cycle(second);
    expect((await joinedNotes()).map((note) => note.message)).toEqual([
      NOTIFICATION_TEXTS.opponentJoined(second.user.username, 'Number Rush', '5.00'),
      NOTIFICATION_TEXTS.opponentJoined(joiner.user.username, 'Number Rush', '5.00'),
    ]);
    // Past OPPONENT_JOINED_NOTIFY_INTERVAL_SECONDS (300 s) the same opponent joining again is told again.
    await sql(
      testApp.databaseUrl,
      `UPDATE notifications SET created_at = now() - interval '301 seconds' WHERE user_id = $1`,
      [creator.user.id],
    );
    await cycle(joiner);
    expect(await joinedNotes()).toHaveLength(3);
    expect(await balanceCents(testApp.databaseUrl, joiner.user.id)).toBe(5_000n);
    await expectMoneyConsistent(testApp.databaseUrl);
  });

  describe('private-room password guesses', () => {
    const TOO_MANY = 'Too many requests. Please try again later.';

    async function privateRoom(password = 'secret-pw1'): Promise<RoomDto> {
      const creator = await playerWithBalance(testApp.app, 20);
      const created = await post('/api/rooms', creator.accessToken, {
        game_id: 'number-rush',
        bet_amount: 5,
        is_private: true,
        password,
      });
      expect(created.statusCode).toBe(201);
      return created.json<RoomDto>();
    }

    it('needs at least 6 characters', async () => {
      const creator = await playerWithBalance(testApp.app, 20);
      const short = await post('/api/rooms', creator.accessToken, {
        game_id: 'number-rush',
        bet_amount: 5,
        is_private: true,
        password: 'abcde',
      });
      expect(short.statusCode).toBe(400);
      expect(short.json().detail).toBe(ROOM_MESSAGES.passwordRequired);
      expect(ROOM_MESSAGES.passwordRequired).toContain('6 to 64');
    });

    it('the 11th wrong guess within 15 minutes answers 429; the right one stays refused until it ends; others are unaffected', async () => {
      const room = await privateRoom();
      const attacker = await playerWithBalance(testApp.app, 20);
      const before = await moneySnapshot(testApp.databaseUrl);
      for (let guess = 0; guess < 10; guess++) {
        const wrong = await post(`/api/rooms/${room.id}/join`, attacker.accessToken, { password: `guess-${guess}` });
        expect(wrong.statusCode).toBe(403);
        expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', detail: ROOM_MESSAGES.wrongPassword });
      }
      const eleventh = await post(`/api/rooms/${room.id}/join`, attacker.accessToken, { password: 'guess-10' });
      expect(eleventh.statusCode).toBe(429);
      expect(eleventh.json()).toMatchObject({ code: 'TOO_MANY_PASSWORD_GUESSES', detail: TOO_MANY, message: TOO_MANY });
      const right = await post(`/api/rooms/${room.id}/join`, attacker.accessToken, { password: 'secret-pw1' });
      expect(right.statusCode).toBe(429);
      expect(await moneySnapshot(testApp.databaseUrl)).toEqual(before);

      // Another player is not locked out by the attacker's guesses.
      const other = await playerWithBalance(testApp.app, 20);
      const otherWrong = await post(`/api/rooms/${room.id}/join`, other.accessToken, { password: 'nope-nope' });
      expect(otherWrong.statusCode).toBe(403);

      // Fifteen minutes later (the guesses aged out) the right password gets the attacker in.
      await sql(
        testApp.databaseUrl,
        `UPDATE room_password_attempts SET attempted_at = now() - interval '15 minutes 1 second' WHERE user_id = $1`,
        [attacker.user.id],
      );
      const later = await post(`/api/rooms/${room.id}/join`, attacker.accessToken, { password: 'secret-pw1' });
      expect(later.statusCode).toBe(200);
      expect(await balanceCents(testApp.databaseUrl, attacker.user.id)).toBe(1_500n);
      await expectMoneyConsistent(testApp.databaseUrl);
    });

    it('counts concurrent guesses exactly: 30 at once → 10 wrong answers and 20 refusals', async () => {
      const room = await privateRoom();
      const attacker = await playerWithBalance(testApp.app, 20);
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, guess) =>
          post(`/api/rooms/${room.id}/join`, attacker.accessToken, { password: `parallel-${guess}` }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 403)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    });

    it('checks the password before taking any lock: a wrong guess is answered while the room row is locked', async () => {
      const room = await privateRoom();
      const guesser = await playerWithBalance(testApp.app, 20);
      const locker = await connect(testApp.databaseUrl);
      try {
        await locker.query('BEGIN');
        await locker.query('SELECT id FROM rooms WHERE id = $1 FOR UPDATE', [room.id]);
        await locker.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [guesser.user.id]);
        const started = Date.now();
        const wrong = await post(`/api/rooms/${room.id}/join`, guesser.accessToken, { password: 'wrong-guess' });
        expect(wrong.statusCode).toBe(403);
        expect(Date.now() - started).toBeLessThan(1500);
      } finally {
        await locker.query('ROLLBACK');
        await locker.end();
      }
    });
  });
});
