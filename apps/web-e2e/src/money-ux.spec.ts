import { expect, Page, test } from '@playwright/test';
import { balanceOf, registerWithDeposit, signedInContext } from './players';
import { snap } from './support';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/** The winner clicks the Quick Click target (as a person would, a few times a second) until the round is over. */
async function clickToTheTarget(page: Page): Promise<void> {
  const target = page.getByTestId('quick-click-target');
  await expect(target).toBeVisible({ timeout: 15_000 });
  for (let clicks = 0; clicks < 200; clicks += 1) {
    if ((await page.getByTestId('game-room').getAttribute('data-phase')) !== 'playing') return;
    await target.click({ timeout: 2_000 }).catch(() => undefined);
    await page.waitForTimeout(40);
  }
}

/** The text of the toast that says `title` (sonner puts the description beside it). */
function toastWith(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

test.describe('money you can trust on every screen (issue 13)', () => {
  test('Find opponent asks before any money moves; a $5 match shows the same figures on every screen; Play Again names the amount', async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const alice = await registerWithDeposit(request, 'mxalice');
    const bob = await registerWithDeposit(request, 'mxbob');

    // Alice: desktop, English, two tabs (the game room and the wallet). Bob: a phone, in Spanish.
    const aliceContext = await signedInContext(browser, alice);
    const a = await aliceContext.newPage();
    const aWallet = await aliceContext.newPage();
    const bobContext = await signedInContext(browser, bob, { ...PHONE, language: 'es' });
    const b = await bobContext.newPage();

    await aWallet.goto('/wallet');
    await expect(aWallet.getByTestId('balance')).toHaveText(/\$50\.00/);
    // The first deposit already draws the balance chart.
    await expect(aWallet.getByTestId('balance-chart')).toBeVisible();
    await expect(aWallet.getByTestId('balance-chart-empty')).toHaveCount(0);

    // 1. Find opponent shows the stake (the game's default bet, editable) and asks first.
    await a.goto('/game/quick-click');
    await expect(a.getByTestId('find-opponent')).toBeVisible();
    await expect(a.getByText('Real money: a $10.00 stake by default. You confirm the amount first.')).toBeVisible();
    await a.getByTestId('find-opponent').click();
    await expect(a.getByTestId('stake-amount')).toHaveValue('10.00');
    await expect(a.getByTestId('stake-summary')).toHaveText(
      'You stake $10.00 and your opponent the same. The winner is paid $20.00.',
    );
    await expect(a.getByTestId('stake-confirm-button')).toHaveText('Stake $10.00 and find opponent');
    await snap(a, 'money-01-stake-confirm-desktop-en');

    // A refused confirmation moves no money.
    await a.getByTestId('stake-cancel').click();
    await expect(a.getByTestId('stake-confirm')).toHaveCount(0);
    await expect(a.getByTestId('find-opponent')).toBeFocused();
    expect(await balanceOf(request, alice)).toBe(50);
    await expect(a.getByTestId('balance')).toHaveText(/\$50\.00/);

    // Confirmed with $5: the stake is taken, and both of Alice's tabs show it within a second (pushed, not polled).
    await a.getByTestId('find-opponent').click();
    await a.getByTestId('stake-amount').fill('5');
    await a.getByRole('button', { name: 'Stake $5.00 and find opponent' }).click();
    await expect(a).toHaveURL(/\/game\/room_/);
    await expect(a.getByTestId('room-subtitle')).toHaveText('Bet: $5.00');
    await expect(a.getByTestId('balance')).toHaveText(/\$45\.00/);
    await expect(aWallet.getByTestId('balance')).toHaveText(/\$45\.00/, { timeout: 1_500 });

    // Bob, on his phone in Spanish, finds the same game at $5: he joins Alice's room.
    await b.goto('/game/quick-click');
    await b.getByTestId('find-opponent').click();
    await expect(b.getByTestId('stake-summary')).toHaveText(
      'Apuestas $10.00 y tu oponente lo mismo. El ganador cobra $20.00.',
    );
    await b.getByTestId('stake-amount').fill('5');
    await snap(b, 'money-02-stake-confirm-phone-es');
    await b.getByRole('button', { name: 'Apostar $5.00 y buscar oponente' }).click();
    await expect(b).toHaveURL(a.url());
    await expect(b.getByTestId('balance')).toHaveText(/\$45\.00/);

    // Both press Start; Alice clicks to the target, Bob does nothing.
    await a.getByTestId('start-game').click();
    await b.getByTestId('start-game').click();
    await expect(a.getByTestId('game-room')).toHaveAttribute('data-phase', 'playing', { timeout: 15_000 });
    await clickToTheTarget(a);

    // 2. Every screen says which figure is which: the pot paid out ($10.00, twice the bet) and the net gain.
    await expect(a.getByRole('heading', { name: 'You Won!' })).toBeVisible({ timeout: 45_000 });
    await expect(a.getByTestId('winnings')).toHaveText('Winnings: $10.00 (+$5.00 net)');
    await expect(toastWith(a, 'You won!')).toContainText('+$10.00 (+$5.00 net)');
    await expect(b.getByRole('heading', { name: '¡Perdiste!' })).toBeVisible();
    await expect(b.getByTestId('winnings')).toHaveCount(0);
    // 3. The top bar of both players and Alice's other tab, within a second of the payout.
    await expect(a.getByTestId('balance')).toHaveText(/\$55\.00/, { timeout: 1_500 });
    await expect(aWallet.getByTestId('balance')).toHaveText(/\$55\.00/, { timeout: 1_500 });
    await expect(b.getByTestId('balance')).toHaveText(/\$45\.00/);
    await expect(aWallet.getByTestId('total-earnings')).toHaveText('$5.00');
    await expect(aWallet.getByText('Total Earnings (net)')).toBeVisible();
    await snap(a, 'money-03-won-desktop-en');
    await snap(b, 'money-04-lost-phone-es');
    await snap(aWallet, 'money-05-wallet-second-tab-desktop-en');
    expect(await balanceOf(request, alice)).toBe(55);
    expect(await balanceOf(request, bob)).toBe(45);

    // The bell: the same two figures; opening it reads what it shows.
    await expect(aWallet.getByTestId('notification-count')).toBeVisible();
    await aWallet.getByTestId('notification-bell').click();
    const panel = aWallet.getByRole('region', { name: 'Notifications' });
    await expect(panel.getByTestId('notification-item').filter({ hasText: 'You won!' })).toContainText(
      'You won $10.00 (+$5.00 net).',
    );
    await expect(aWallet.getByTestId('notification-count')).toHaveCount(0);
    await snap(aWallet, 'money-06-bell-desktop-en');
    await aWallet.keyboard.press('Escape');

    // History: Alice's win in the same words; Bob's loss in Spanish.
    await aWallet.goto('/profile');
    await aWallet.getByRole('tab', { name: 'History' }).click();
    await expect(aWallet.getByTestId('history-row').first().getByTestId('history-money')).toHaveText(
      'Won $10.00 (+$5.00 net)',
    );
    await expect(aWallet.getByTestId('balance')).toHaveText(/\$55\.00/);
    await snap(aWallet, 'money-07-history-desktop-en');

    // Play Again re-stakes the bet, and says so on the button.
    await expect(a.getByTestId('play-again')).toHaveText('Play again for $5.00');
    await expect(b.getByTestId('play-again')).toHaveText('Jugar de nuevo por $5.00');
    await a.getByTestId('play-again').click();
    await b.getByTestId('play-again').click();
    await expect(a.getByTestId('balance')).toHaveText(/\$50\.00/, { timeout: 1_500 });
    await expect(b.getByTestId('balance')).toHaveText(/\$40\.00/, { timeout: 1_500 });
    await expect(aWallet.getByTestId('balance')).toHaveText(/\$50\.00/, { timeout: 1_500 });
    expect(await balanceOf(request, alice)).toBe(50);
    expect(await balanceOf(request, bob)).toBe(40);

    // Leaving before the next round refunds both stakes, and both players are told what came back.
    await expect(a.getByTestId('start-game')).toBeVisible();
    await a.getByTestId('leave-room').click();
    await expect(toastWith(a, 'Your stake of $5.00 was refunded.')).toBeVisible();
    await expect(toastWith(b, 'Se te devolvió tu apuesta de $5.00.')).toBeVisible();
    await expect(b.getByTestId('balance')).toHaveText(/\$45\.00/, { timeout: 1_500 });
    await expect(a.getByTestId('balance')).toHaveText(/\$55\.00/, { timeout: 1_500 });
    await snap(b, 'money-08-refund-toast-phone-es');
    expect(await balanceOf(request, alice)).toBe(55);
    expect(await balanceOf(request, bob)).toBe(45);

    await b.goto('/profile');
    await b.getByRole('tab', { name: 'Historial' }).click();
    await expect(b.getByTestId('history-row').first().getByTestId('history-money')).toHaveText('Perdiste $5.00');
    await snap(b, 'money-09-history-phone-es');

    await bobContext.close();
    await aliceContext.close();
  });
});
