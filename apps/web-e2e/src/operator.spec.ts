import { expect, test } from '@playwright/test';
import type { RoomDto } from '@skillduel/contracts';
import { playQuickClick } from './matches';
import { authHeaders, balanceOf, registerWithDeposit, signedInContext } from './players';
import { grantSupport } from './staff';
import { expectAccessible, snap } from './support';

test.describe('operator console: a disputed match is voided by support', () => {
  test('a player disputes a lost match; support sees the replay and the ledger, voids it; the player gets the refund and the decision', async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    if (!baseURL) throw new Error('baseURL is not configured');
    const alice = await registerWithDeposit(request, 'opalice');
    const bob = await registerWithDeposit(request, 'opbob');
    const created = await request.post('/api/rooms', {
      data: { game_id: 'quick-click', bet_amount: 5 },
      headers: authHeaders(alice),
    });
    const room = (await created.json()) as RoomDto;
    expect((await request.post(`/api/rooms/${room.id}/join`, { data: {}, headers: authHeaders(bob) })).status()).toBe(
      200,
    );
    expect(await playQuickClick(baseURL, room.id, alice, bob)).toMatchObject({ outcome: 'player1' });
    expect(await balanceOf(request, bob)).toBe(45);

    // Bob disputes from History → Details.
    const bobContext = await signedInContext(browser, bob);
    const bobPage = await bobContext.newPage();
    await bobPage.goto('/profile');
    await bobPage.getByTestId('profile-tab-history').click();
    const row = bobPage.getByTestId('history-row').filter({ hasText: alice.username });
    await row.getByRole('button', { name: 'Details' }).click();
    await bobPage.getByTestId('dispute-reason').fill('My clicks did not register at all during this match.');
    await bobPage.getByTestId('dispute-submit').click();
    await expect(bobPage.getByTestId('dispute-status')).toContainText('Under review since');
    await snap(bobPage, 'operator-01-player-disputes');

    // Support opens the console.
    const staff = await registerWithDeposit(request, 'opsupport', 0);
    grantSupport(`${staff.username}@example.com`);
    const staffContext = await signedInContext(browser, staff);
    const staffPage = await staffContext.newPage();
    await staffPage.goto('/dashboard');
    await staffPage.getByTestId('nav-admin').click();
    await expect(staffPage.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
    await staffPage.getByTestId('admin-tab-disputes').click();
    await staffPage
      .getByTestId('admin-dispute-row')
      .filter({ hasText: room.id })
      .getByRole('button', { name: 'Open' })
      .click();
    const review = staffPage.getByTestId('admin-dispute-review');
    await expect(review).toContainText('My clicks did not register at all during this match.');
    // The replay's seed check runs in the browser, beside the round's ledger entries (two stakes and the win).
    await expect(review.getByTestId('fairness-check')).toBeVisible();
    await expect(review.getByTestId('admin-dispute-ledger').locator('tbody tr')).toHaveCount(3);
    await review.getByTestId('admin-dispute-note').fill('Input lag on our side; both stakes returned');
    await snap(staffPage, 'operator-02-support-reviews');
    await expectAccessible(staffPage);
    await review.getByTestId('admin-dispute-void').click();
    await expect(staffPage.getByText('No open dispute.')).toBeVisible();
    await staffPage.getByTestId('admin-tab-audit').click();
    await expect(staffPage.getByTestId('admin-audit')).toContainText('dispute.void');
    await snap(staffPage, 'operator-03-audit');

    // Both wallets are back to before the match; Bob sees the decision.
    expect(await balanceOf(request, bob)).toBe(50);
    expect(await balanceOf(request, alice)).toBe(50);
    await bobPage.reload();
    await bobPage.getByTestId('profile-tab-history').click();
    await bobPage
      .getByTestId('history-row')
      .filter({ hasText: alice.username })
      .getByRole('button', { name: 'Details' })
      .click();
    await expect(bobPage.getByTestId('dispute-status')).toContainText(
      'Reviewed: the match was voided and both stakes returned. Input lag on our side; both stakes returned',
    );
    await expect(bobPage.getByTestId('balance')).toContainText('$50.00');
    await snap(bobPage, 'operator-04-player-sees-decision');

    // A player is kept out of the console.
    await bobPage.goto('/admin');
    await expect(bobPage.getByTestId('admin-forbidden')).toBeVisible();
    await bobContext.close();
    await staffContext.close();
  });
});
