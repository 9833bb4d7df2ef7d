import type { NotificationsResponse, RoomDto } from '@skillduel/contracts';
import { NOTIFICATION_TEXTS } from '@skillduel/contracts';
import { bearer } from '../../test/auth-helpers';
import { createTestApp, TestApp } from '../../test/test-app';
import { balanceCents, expectMoneyConsistent, playerWithBalance } from './testing/rooms-test-kit';

/** Issue 14: rooms findings (5: notification spam by repeated joins). */
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
});
