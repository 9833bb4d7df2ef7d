import { expect, Locator, Page, test } from '@playwright/test';
import type { RoomDto } from '@skillduel/contracts';
import { playQuickClick } from './matches';
import { authHeaders, registerWithDeposit, signedInContext } from './players';
import { expectAccessible, snap } from './support';

function rowOf(page: Page, username: string): Locator {
  return page.getByTestId('leaderboard-row').filter({ hasText: username });
}

test.describe('leaderboard, notifications and profile statistics from real matches', () => {
  test('after a $5 duel both players are ranked with the right figures; period and region filter; the bell and the profile follow', async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    if (!baseURL) throw new Error('baseURL is not configured');
    const alice = await registerWithDeposit(request, 'lbalice');
    const bob = await registerWithDeposit(request, 'lbbob');
    for (const [player, country] of [
      [alice, 'MX'],
      [bob, 'US'],
    ] as const) {
      const updated = await request.put('/api/users/me/', { data: { country }, headers: authHeaders(player) });
      expect(updated.status(), await updated.text()).toBe(200);
    }

    // Alice has the app open: the bell hears about her notifications as they happen.
    const aliceContext = await signedInContext(browser, alice);
    const page = await aliceContext.newPage();
    await page.goto('/dashboard');
    await expect(page.getByTestId('greeting')).toContainText(alice.username);
    await expect(page.getByTestId('notification-count')).toHaveCount(0);

    const created = await request.post('/api/rooms', {
      data: { game_id: 'quick-click', bet_amount: 5 },
      headers: authHeaders(alice),
    });
    expect(created.status(), await created.text()).toBe(201);
    const room = (await created.json()) as RoomDto;
    const joined = await request.post(`/api/rooms/${room.id}/join`, { data: {}, headers: authHeaders(bob) });
    expect(joined.status(), await joined.text()).toBe(200);
    // Pushed, not polled: the count changes without a reload within seconds (the fallback poll is a minute).
    await expect(page.getByTestId('notification-count')).toHaveText('1', { timeout: 5_000 });

    const result = await playQuickClick(baseURL, room.id, alice, bob);
    expect(result).toMatchObject({ outcome: 'player1', payout: 10 });
    await expect
      .poll(async () => Number((await page.getByTestId('notification-count').textContent()) ?? 0), { timeout: 5_000 })
      .toBeGreaterThanOrEqual(2);
    // …and with it the top bar's balance: the $5 bet came back with Bob's $5.
    await expect(page.getByTestId('balance')).toContainText('$55.00');

    // The bell lists the win (the pot paid out and the net gain) and the opponent who joined; opening it reads them.
    await page.getByTestId('notification-bell').click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await expect(panel.getByTestId('notification-item').filter({ hasText: 'You won!' })).toContainText(
      'You won $10.00 (+$5.00 net).',
    );
    await expect(panel.getByTestId('notification-item').filter({ hasText: 'Opponent joined' })).toContainText(
      `${bob.username} joined your Quick Click room ($5.00 bet).`,
    );
    await snap(page, 'leaderboard-01-bell-win');
    await expect(page.getByTestId('notification-count')).toHaveCount(0);
    await page.keyboard.press('Escape');

    // The leaderboard: both players, with the figures of the match.
    await page.getByRole('link', { name: 'Leaderboard' }).first().click();
    await expect(page).toHaveURL(/\/leaderboard$/);
    const me = page.getByTestId('your-ranking');
    await expect(me.getByTestId('your-rank')).toHaveText(/^#\d+$/);
    await expect(me).toContainText(alice.username);
    await expect(me).toContainText('$5.00');
    await expect(me).toContainText('1 win');
    await expect(rowOf(page, alice.username)).toContainText('$5.00');
    await expect(rowOf(page, alice.username)).toContainText('1 win');
    await expect(rowOf(page, alice.username)).toHaveAttribute('aria-current', 'true');
    await expect(rowOf(page, bob.username)).toContainText('$0.00');
    await expect(rowOf(page, bob.username)).toContainText('0 wins');
    await expect(page.getByTestId('info-high-roller')).toContainText('$5.00');
    await expect(page.getByTestId('info-hot-streak')).toContainText('1 win in a row');
    await snap(page, 'leaderboard-02-all-time');
    await expectAccessible(page);

    // Time Period: sent to the API and honoured (today's match is in today's figures).
    const periodGroup = page.getByRole('group', { name: 'Time Period' });
    const today = page.waitForRequest(
      (sent) => sent.url().includes('/api/users/leaderboard') && sent.url().includes('period=day'),
    );
    await periodGroup.getByRole('button', { name: 'Today' }).click();
    await today;
    await expect(periodGroup.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
    await expect(rowOf(page, alice.username)).toContainText('1 win');
    await expect(rowOf(page, bob.username)).toContainText('0 wins');

    // Region: Mexico lists Alice and not Bob; United States the other way round, and Alice is Unranked there.
    const regionGroup = page.getByRole('group', { name: 'Region' });
    await regionGroup.getByRole('button', { name: 'Mexico' }).click();
    await expect(rowOf(page, alice.username)).toBeVisible();
    await expect(rowOf(page, bob.username)).toHaveCount(0);
    await regionGroup.getByRole('button', { name: 'United States' }).click();
    await expect(rowOf(page, bob.username)).toBeVisible();
    await expect(rowOf(page, alice.username)).toHaveCount(0);
    await expect(me.getByTestId('your-rank')).toHaveText('Unranked');
    await snap(page, 'leaderboard-03-today-united-states');

    // Profile statistics: the match counts, and both charts draw.
    await page.goto('/profile');
    const stats = page.getByTestId('profile-stats');
    await expect(stats).toBeVisible();
    await expect(page.getByTestId('win-rate-chart')).toBeVisible();
    await expect(page.getByTestId('win-rate-chart')).toContainText('Quick Click');
    await expect(page.getByTestId('earnings-chart')).toBeVisible();
    await expect(page.getByTestId('earnings-point')).not.toHaveCount(0);
    await snap(page, 'leaderboard-04-profile-charts');
    await expectAccessible(page);

    // History → Details: Chromium checks the round itself, hashing the revealed seed and replaying the server's input
    // log with the same Quick Click engine the server ran.
    await page.getByRole('tab', { name: 'History' }).click();
    const row = page.getByTestId('history-row').filter({ hasText: bob.username });
    await row.getByRole('button', { name: 'Details' }).click();
    const fairness = page.getByTestId('fairness-check');
    await expect(fairness).toContainText(
      'Checked in your browser: sha256(seed) equals the hash published before the start.',
    );
    await expect(fairness).toContainText(
      /Scores recomputed in your browser from the seed and \d+ logged inputs: \d+ – 0\./,
    );
    await expect(fairness).not.toContainText('✗');
    await snap(page, 'leaderboard-05-history-fairness');
    await aliceContext.close();
  });
});
