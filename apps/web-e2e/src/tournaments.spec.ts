import { expect, Page, test } from '@playwright/test';
import type { TournamentDto } from '@skillduel/contracts';
import { humanClickGapMs } from './matches';
import { authHeaders, balanceOf, registerWithDeposit, signedInContext } from './players';
import { grantRole } from './staff';
import { expectAccessible, snap } from './support';

/** Clicks the Quick Click target at a human pace `clicks` times, or until the attempt is over. */
async function clickTarget(page: Page, clicks: number): Promise<void> {
  const target = page.getByTestId('quick-click-target');
  await expect(target).toBeEnabled({ timeout: 20_000 });
  for (let click = 0; click < clicks; click += 1) {
    if (await page.getByTestId('attempt-result').isVisible()) return;
    await target.click({ timeout: 2_000 }).catch(() => undefined);
    await page.waitForTimeout(humanClickGapMs(click));
  }
}

/**
 * An arena end to end (docs/product/tournaments.md): an admin creates it through the API, two players join it in
 * their browsers after a confirmation naming the fee and the prizes, both play their attempt once it starts, the
 * standings move live on the other player's page, and after the end the winner's wallet shows the prize.
 */
test('two players join an arena, play their attempts, see the standings move, and the winner is paid', async ({
  browser,
  request,
}) => {
  test.setTimeout(420_000);
  const admin = await registerWithDeposit(request, 'tadmin', 0);
  grantRole(`${admin.username}@example.com`, 'admin');
  const alice = await registerWithDeposit(request, 'talice', 20);
  const bob = await registerWithDeposit(request, 'tbob', 20);
  // Time to register and join in two browsers on a loaded machine before the arena locks.
  const startsAt = Date.now() + 60_000;
  const created = await request.post('/api/admin/tournaments', {
    headers: authHeaders(admin),
    data: {
      name: `E2E Arena ${Date.now().toString(36)}`,
      game_id: 'quick-click',
      format: 'arena',
      entry_fee: 2,
      min_entrants: 2,
      max_entrants: 10,
      starts_at: new Date(startsAt).toISOString(),
      // Long enough for both 30 s Quick Click attempts (and their countdowns) on a loaded machine.
      ends_at: new Date(startsAt + 150_000).toISOString(),
      max_entries_per_player: 1,
      prize_mode: 'pooled',
      payout_table: [100],
      rake_bps: 1_000,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const tournament = (await created.json()) as TournamentDto;

  const alicePage = await (await signedInContext(browser, alice)).newPage();
  const bobPage = await (await signedInContext(browser, bob, { viewport: { width: 390, height: 844 } })).newPage();
  await alicePage.goto('/tournaments');
  await alicePage.getByRole('button', { name: 'Upcoming' }).click();
  await alicePage.getByRole('link', { name: `Open ${tournament.name}` }).click();
  await expect(alicePage.getByTestId('prize-table')).toContainText('100%');
  await snap(alicePage, 'tournament-before-join');

  for (const page of [alicePage, bobPage]) {
    if (page === bobPage) await page.goto(`/tournaments/${tournament.id}`);
    await page.getByRole('button', { name: 'Join for $2.00' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('The entry fee of $2.00');
    await expect(dialog).toContainText('Prizes: #1 100%.');
    if (page === alicePage) {
      await expectAccessible(page);
      await snap(page, 'tournament-join-confirm');
    }
    await dialog.getByRole('button', { name: 'Pay $2.00 and join' }).click();
    await expect(page.getByTestId('my-entries')).toContainText('Entry 1 · Paid');
    await expect(page.getByTestId('balance')).toContainText('$18.00');
  }
  expect(await balanceOf(request, alice)).toBe(18);

  // The scheduler starts the arena at starts_at; the pages show Play once it runs.
  for (const page of [alicePage, bobPage]) {
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('button', { name: 'Play an attempt' })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
  }

  // Bob plays a few clicks; Alice, watching, sees him in the standings without reloading.
  await bobPage.getByRole('button', { name: 'Play an attempt' }).click();
  await clickTarget(bobPage, 5);
  await expect(bobPage.getByTestId('attempt-result')).toContainText('Attempt over', { timeout: 45_000 });
  await expect(alicePage.getByTestId('standings')).toContainText(bob.username, { timeout: 15_000 });
  await snap(bobPage, 'tournament-bob-attempt-over');

  // Alice completes the target: she overtakes Bob, and his page moves live.
  await alicePage.getByRole('button', { name: 'Play an attempt' }).click();
  await clickTarget(alicePage, 200);
  await expect(alicePage.getByTestId('attempt-result')).toContainText('Attempt over', { timeout: 45_000 });
  await bobPage.getByRole('button', { name: 'Back to the tournament' }).click();
  await expect(bobPage.getByTestId('standing-row').first()).toContainText(alice.username, { timeout: 15_000 });
  await snap(bobPage, 'tournament-standings-phone');
  await alicePage.getByRole('button', { name: 'Back to the tournament' }).click();
  await snap(alicePage, 'tournament-standings-desktop');

  // After the end the arena is settled: Alice wins the pool ($4 less the 10 % rake).
  await expect(async () => {
    expect(await balanceOf(request, alice)).toBe(18 + 3.6);
  }).toPass({ timeout: 200_000 });
  await alicePage.goto('/wallet');
  await expect(alicePage.getByTestId('balance')).toContainText('$21.60');
  await snap(alicePage, 'tournament-winner-wallet');
});
