import { expect, Page, test } from '@playwright/test';
import { expectAccessible, snap } from './support';
import { registerWithDeposit, signedInContext, type Player } from './players';

/** Wallet → Deposit → amount → Continue → Confirm. */
async function deposit(page: Page, amount: string): Promise<void> {
  await page.goto('/wallet');
  await page.getByRole('tab', { name: 'Deposit' }).click();
  await page.getByLabel('Amount (USD)').fill(amount);
  await page.getByRole('radio', { name: 'Card' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByTestId('confirm-step').getByRole('button', { name: 'Confirm' }).click();
}

async function openLimits(page: Page): Promise<void> {
  await page.goto('/profile');
  await page.getByTestId('profile-tab-limits').click();
  await expect(page.getByTestId('limits-tab')).toBeVisible();
}

async function setLimit(page: Page, kind: string, amount: string): Promise<void> {
  await page.getByTestId(`limit-${kind}-input`).fill(amount);
  await page.getByTestId('limits-save').click();
}

test.describe('responsible gaming: limits and a cool-off in the web app', () => {
  // Many screens in one test, on a loaded machine.
  test.describe.configure({ timeout: 180_000 });
  let player: Player;

  test.beforeEach(async ({ request }) => {
    // Eligible (confirmed through the API), nothing deposited yet.
    player = await registerWithDeposit(request, 'rg', 0);
  });

  test('a daily deposit limit refuses what is over it, a raise waits, a cool-off leaves only withdrawals', async ({
    browser,
  }) => {
    const context = await signedInContext(browser, player);
    const page = await context.newPage();

    await openLimits(page);
    await expect(page.getByTestId('limit-deposit_day-value')).toHaveText('No limit');
    await setLimit(page, 'deposit_day', '20');
    await expect(page.getByTestId('limit-deposit_day-value')).toHaveText('$20.00');
    await snap(page, 'rg-01-limits-set');
    await expectAccessible(page);

    await deposit(page, '15');
    await expect(page.getByText('Successfully deposited $15.00!')).toBeVisible();
    await expect(page.getByTestId('wallet-balance')).toHaveText('$15.00');
    // $10 more would make $25 in 24 hours: refused with the limit and what is left, nothing moves.
    await deposit(page, '10');
    await expect(page.getByTestId('amount-error')).toHaveText(
      'This deposit exceeds your daily deposit limit of $20.00. You can deposit up to $5.00 in the next 24 hours.',
    );
    await expect(page.getByTestId('wallet-balance')).toHaveText('$15.00');
    await snap(page, 'rg-02-deposit-refused');

    // Raising waits for the delay: the $20 stays in force and the pending $100 is shown.
    await openLimits(page);
    await setLimit(page, 'deposit_day', '100');
    await expect(page.getByTestId('limit-deposit_day-value')).toHaveText('$20.00');
    await expect(page.getByTestId('limit-deposit_day-pending')).toContainText('Changes to $100.00');
    await snap(page, 'rg-03-raise-pending');

    // A 24-hour cool-off: deposits and rooms are refused, withdrawals still work.
    await page.getByTestId('break-kind-cool_off').check();
    await page.getByTestId('break-period').selectOption('24h');
    await page.getByTestId('break-start').click();
    await page.getByTestId('break-confirm').click();
    await expect(page.getByTestId('active-break')).toContainText('You are on a cool-off until');
    await snap(page, 'rg-04-cool-off');
    await expectAccessible(page);

    // The deposit form says why before anything is typed, and cannot be sent.
    await page.goto('/wallet');
    await page.getByRole('tab', { name: 'Deposit' }).click();
    await expect(page.getByTestId('move-blocked')).toHaveText(/Paused during your break, until /);
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await expect(page.getByTestId('money-paused-banner')).toContainText('On a break until');
    await expect(page.getByTestId('wallet-balance')).toHaveText('$15.00');
    await snap(page, 'rg-05-cool-off-deposit-refused');

    await page.getByRole('tab', { name: 'Withdraw' }).click();
    await page.getByLabel('Amount (USD)').fill('10');
    await page.getByRole('radio', { name: 'Card' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('confirm-step').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Withdrawal of $10.00 is being processed!')).toBeVisible();
    await expect(page.getByTestId('wallet-balance')).toHaveText('$5.00');
    await context.close();
  });

  test('Limits & safety in Spanish on a phone', async ({ browser }) => {
    const context = await signedInContext(browser, player);
    await context.addInitScript(() => window.localStorage.setItem('lang', 'es'));
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/profile');
    await page.getByTestId('profile-tab-limits').click();
    await expect(page.getByRole('heading', { name: 'Tus límites' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tómate un descanso' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, 'rg-06-limits-es-phone');
    await expectAccessible(page);
    await page.goto('/terms');
    await expect(page.getByRole('heading', { name: 'Condiciones de juego' })).toBeVisible();
    await snap(page, 'rg-07-terms-es-phone');
    await context.close();
  });
});
