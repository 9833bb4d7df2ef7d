import type { MatchmakingEntryDto, NotificationsResponse } from '@skillduel/contracts';
import { NOTIFICATION_TEXTS } from '@skillduel/contracts';
import { bearer, type RegisteredUser } from '../../test/auth-helpers';
import { sql } from '../../test/db';
import { createTestApp, TestApp } from '../../test/test-app';
import { RoomsMaintenanceService } from '../rooms/rooms-maintenance.service';
import {
  balanceCents,
  connectSocket,
  expectMoneyConsistent,
  playerWithBalance,
  sleep,
  watchRoom,
} from '../rooms/testing/rooms-test-kit';
import { MatchmakingMatcher } from './matchmaking.matcher';

const GAME = 'number-rush';
const OPEN_WINDOW_SECONDS = 5;

/**
 * A matched room that neither player opens within MATCHED_ROOM_OPEN_WINDOW_SECONDS (the pair was made while their
 * clients were cut off) is cancelled by the ordinary room expiry with both stakes refunded, and both are told; a room
 * a player opened keeps the ordinary expiry of a ready room. Real PostgreSQL; the matcher and the sweep run by hand.
 */
describe('matchmaking: the open window of a matched room (real PostgreSQL)', () => {
  let testApp: TestApp;
  let matcher: MatchmakingMatcher;
  let maintenance: RoomsMaintenanceService;

  const enter = (player: RegisteredUser, betAmount: number) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/matchmaking/queue',
      headers: bearer(player.accessToken),
      payload: { game_id: GAME, bet_amount: betAmount },
    });
  const current = (player: RegisteredUser) =>
    testApp.app.inject({ method: 'GET', url: '/api/matchmaking/queue', headers: bearer(player.accessToken) });

  /** Two players paired into one ready room by the matcher; answers the room id. */
  async function pair(betAmount: number): Promise<{ host: RegisteredUser; guest: RegisteredUser; roomId: string }> {
    const [host, guest] = await Promise.all([playerWithBalance(testApp.app, 20), playerWithBalance(testApp.app, 20)]);
    expect((await enter(host, betAmount)).statusCode).toBe(201);
    expect((await enter(guest, betAmount)).statusCode).toBe(201);
    await matcher.tick();
    const entry = (await current(host)).json<MatchmakingEntryDto>();
    expect(entry).toMatchObject({ status: 'matched' });
    return { host, guest, roomId: entry.room_id as string };
  }

  async function roomRow(roomId: string): Promise<{ status: string; close_reason: string | null; left_s: number }> {
    const [row] = await sql<{ status: string; close_reason: string | null; left_s: number }>(
      testApp.databaseUrl,
      `SELECT status, close_reason, extract(epoch FROM expires_at - now())::float8 AS left_s FROM rooms WHERE id = $1`,
      [roomId],
    );
    return row;
  }

  async function notifications(player: RegisteredUser): Promise<NotificationsResponse> {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: bearer(player.accessToken),
    });
    return response.json<NotificationsResponse>();
  }

  beforeAll(async () => {
    testApp = await createTestApp({
      WITHDRAWAL_PROCESSOR_ENABLED: 'false',
      // Both driven by hand.
      ROOM_SWEEP_INTERVAL_MS: '600000',
      MATCHMAKING_INTERVAL_MS: '60000',
      RATE_LIMIT_PER_MINUTE: '100000',
      MATCHED_ROOM_OPEN_WINDOW_SECONDS: String(OPEN_WINDOW_SECONDS),
    });
    await testApp.app.listen(0, '127.0.0.1');
    matcher = testApp.app.get(MatchmakingMatcher);
    maintenance = testApp.app.get(RoomsMaintenanceService);
  });
  afterAll(() => testApp.close());

  it('cancels a matched room nobody opened within the window, refunds both stakes and tells both players', async () => {
    const { host, guest, roomId } = await pair(4);
    expect(await balanceCents(testApp.databaseUrl, host.user.id)).toBe(1600n);
    expect(await balanceCents(testApp.databaseUrl, guest.user.id)).toBe(1600n);
    // Before: a matched room kept both stakes for ROOM_WAITING_EXPIRY_SECONDS (600 s).
    expect((await roomRow(roomId)).left_s).toBeLessThanOrEqual(OPEN_WINDOW_SECONDS);

    await maintenance.sweep();
    expect((await roomRow(roomId)).status).toBe('ready');
    await sleep(OPEN_WINDOW_SECONDS * 1000 + 500);
    expect((await maintenance.sweep()).expired).toBeGreaterThanOrEqual(1);

    expect(await roomRow(roomId)).toMatchObject({ status: 'cancelled', close_reason: 'expired' });
    expect(await balanceCents(testApp.databaseUrl, host.user.id)).toBe(2000n);
    expect(await balanceCents(testApp.databaseUrl, guest.user.id)).toBe(2000n);
    const message = NOTIFICATION_TEXTS.matchNotOpened('Number Rush', '4.00');
    for (const player of [host, guest]) {
      const bell = await notifications(player);
      expect(bell.notifications.filter((n) => n.title === NOTIFICATION_TEXTS.matchNotOpenedTitle)).toEqual([
        expect.objectContaining({ message, read: false }),
      ]);
      expect((await current(player)).json()).toBeNull();
    }
    // Once: a second sweep finds nothing more to do.
    await maintenance.sweep();
    expect(await balanceCents(testApp.databaseUrl, host.user.id)).toBe(2000n);
    expect((await notifications(host)).unread_count).toBe(1);
    await expectMoneyConsistent(testApp.databaseUrl);
  });

  it('a matched room a player opened keeps the ordinary ready-room expiry and both stakes', async () => {
    const { host, guest, roomId } = await pair(5);
    const socket = await connectSocket(testApp.app, { token: guest.accessToken });
    try {
      const joined = await watchRoom(socket, roomId);
      expect(joined.your_seat).toBe(1);
    } finally {
      socket.close();
    }
    // The ordinary expiry of a ready room, counted from the pairing.
    expect((await roomRow(roomId)).left_s).toBeGreaterThan(500);

    await sleep(OPEN_WINDOW_SECONDS * 1000 + 500);
    await maintenance.sweep();
    expect((await roomRow(roomId)).status).toBe('ready');
    expect(await balanceCents(testApp.databaseUrl, host.user.id)).toBe(1500n);
    expect(await balanceCents(testApp.databaseUrl, guest.user.id)).toBe(1500n);
    for (const player of [host, guest]) {
      const bell = await notifications(player);
      expect(bell.notifications.some((n) => n.title === NOTIFICATION_TEXTS.matchNotOpenedTitle)).toBe(false);
    }
    await expectMoneyConsistent(testApp.databaseUrl);
  });
});
