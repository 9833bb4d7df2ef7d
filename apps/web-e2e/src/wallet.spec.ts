import { APIRequestContext, expect, Locator, Page, test } from '@playwright/test';
import { expectAccessible, snap } from './support';

interface Account {
  email: string;
  password: string;
  username: string;
}

/** A fresh account, registered through the API (POST /auth/register). */
async function registerAccount(request: APIRequestContext): Promise<Account> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const account = { username: `wallet_${suffix}`, email: `wallet_${suffix}@example.com`, password: 'correct-horse-9' };
  const response = await request.post('/api/auth/register', {
    data: { ...account, confirmPassword: account.password },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return account;
}

/** Signs in through the landing page's form, as a player would. */
async function signIn(page: Page, account: Account): Promise<void> {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Sign In' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function openWallet(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Wallet' }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
}

/** Amount, method, Continue: the confirmation step (or the validation message) follows. */
async function fillMove(page: Page, amount: string, method = 'Card'): Promise<void> {
  await page.getByLabel('Amount (USD)').fill(amount);
  await page.getByRole('radio', { name: method }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * Sonner's light-theme rich colours (e.g. success text on its pale green) measure about 4.3:1, under AA; that is the
 * app-wide Toaster's styling, not the wallet's, so light-theme checks wait for the toasts (3 s) to close.
 */
async function waitForToastsToClose(page: Page): Promise<void> {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
}

const rows = (page: Page): Locator => page.getByTestId('wallet-history').getByTestId('transaction-row');

/**
 * The first deposit asks for date of birth, country and the terms (docs/product/player-protection.md#eligibility),
 * reads the declaration back, and only then moves money.
 */
async function confirmEligibilityInDialog(page: Page, screenshot?: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Before you play for money' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Date of birth').fill('1990-05-17');
  await dialog.getByLabel('Country of residence').selectOption('MX');
  await expect(dialog.getByRole('link', { name: 'terms of play' })).toHaveAttribute('href', '/terms');
  await dialog.getByTestId('eligibility-terms').check();
  if (screenshot) {
    await snap(page, screenshot);
    await expectAccessible(page);
  }
  await dialog.getByRole('button', { name: 'Confirm and continue' }).click();
  // The declaration is read back once before it becomes final.
  const readBack = page.getByRole('dialog', { name: 'Is this right?' });
  await expect(readBack).toContainText('You were born on 17 May 1990 and live in Mexico');
  await readBack.getByRole('button', { name: 'Yes, that is right' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test.describe('wallet: deposit, withdraw, history', () => {
  test('a player deposits $50 by card, withdraws $20 and sees both in the history', async ({ page, request }) => {
    const account = await registerAccount(request);
    await signIn(page, account);
    await openWallet(page);

    await expect(page.getByTestId('wallet-balance')).toHaveText('$0.00');
    await expect(page.getByTestId('total-deposited')).toHaveText('$0.00');
    await expect(page.getByTestId('transactions-empty')).toHaveText('No transactions yet.');
    // Withdraw needs a balance of at least $10.
    await expect(page.getByTestId('quick-withdraw')).toBeDisabled();
    await snap(page, 'wallet-01-overview-empty');
    await expectAccessible(page);

    // A bad amount gets the spec's message and moves nothing.
    await page.getByTestId('quick-deposit').click();
    await expect(page.getByRole('tab', { name: 'Deposit' })).toHaveAttribute('aria-selected', 'true');
    await fillMove(page, '3');
    await expect(page.getByTestId('amount-error')).toHaveText('Minimum deposit is $5.00');
    await expect(page.getByTestId('confirm-step')).toHaveCount(0);

    // Deposit $50 by card, through the confirmation.
    await fillMove(page, '50', 'Card');
    const confirmStep = page.getByTestId('confirm-step');
    await expect(confirmStep.getByTestId('confirm-amount')).toHaveText('$50.00');
    await expect(confirmStep.getByTestId('confirm-method')).toHaveText('Card');
    await snap(page, 'wallet-02-deposit-confirm');
    await expectAccessible(page);
    await confirmStep.getByRole('button', { name: 'Confirm' }).click();
    // Not yet eligible: "Not now" moves nothing.
    await page
      .getByRole('dialog', { name: 'Before you play for money' })
      .getByRole('button', { name: 'Not now' })
      .click();
    await expect(page.getByTestId('wallet-balance')).toHaveText('$0.00');
    await confirmStep.getByRole('button', { name: 'Confirm' }).click();
    await confirmEligibilityInDialog(page, 'wallet-02b-eligibility');
    await expect(page.getByText('Successfully deposited $50.00!')).toBeVisible();
    await expect(page.getByTestId('wallet-balance')).toHaveText('$50.00');
    await expect(page.getByTestId('balance')).toContainText('$50.00');
    await expect(page.getByTestId('total-deposited')).toHaveText('$50.00');

    await page.getByRole('tab', { name: 'History' }).click();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toHaveAttribute('data-type', 'deposit');
    await expect(rows(page).first().getByTestId('transaction-status')).toHaveText('Completed');
    await expect(rows(page).first().getByTestId('transaction-amount')).toHaveText('+$50.00');

    // Withdraw $20: pending (the sandbox completes it after WITHDRAWAL_DELAY_SECONDS).
    await page.getByRole('tab', { name: 'Withdraw' }).click();
    await expect(page.getByTestId('withdrawal-note')).toHaveText(
      'Withdrawals are processed within 24 hours. Processing fees may apply.',
    );
    await fillMove(page, '20', 'Bank transfer');
    await expect(page.getByTestId('confirm-step')).toContainText('Confirm withdrawal');
    await page.getByTestId('confirm-step').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Withdrawal of $20.00 is being processed!')).toBeVisible();
    await expect(page.getByTestId('wallet-balance')).toHaveText('$30.00');
    await expect(page.getByTestId('balance')).toContainText('$30.00');

    await page.getByRole('tab', { name: 'History' }).click();
    await expect(rows(page)).toHaveCount(2);
    const withdrawal = rows(page).first();
    await expect(withdrawal).toHaveAttribute('data-type', 'withdrawal');
    await expect(withdrawal.getByTestId('transaction-amount')).toHaveText('\u2212$20.00');
    await expect(withdrawal.getByTestId('transaction-status')).toHaveText('Pending');
    await expect(withdrawal.getByTestId('transaction-status')).toHaveClass(/status-pending/);
    await expect(rows(page).nth(1).getByTestId('transaction-status')).toHaveClass(/status-completed/);
    await snap(page, 'wallet-03-history-pending');
    await expectAccessible(page);
    // The e2e server completes withdrawals after WITHDRAWAL_DELAY_SECONDS (short there); the history polls until then.
    await expect(withdrawal.getByTestId('transaction-status')).toHaveText('Completed', { timeout: 30_000 });
    await expect(withdrawal.getByTestId('transaction-status')).toHaveClass(/status-completed/);
    await snap(page, 'wallet-03b-history-completed');

    // Overview: the recent list and the balance chart; then the light theme.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect(page.getByTestId('recent-transactions').getByTestId('transaction-row')).toHaveCount(2);
    await expect(page.getByTestId('balance-chart')).toBeVisible();
    await expect(page.getByTestId('quick-withdraw')).toBeEnabled();
    await waitForToastsToClose(page);
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveClass(/light/);
    await snap(page, 'wallet-04-overview-light');
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(rows(page)).toHaveCount(2);
    await expectAccessible(page);
  });

  test('the wallet works at 375 px', async ({ page, request }) => {
    const account = await registerAccount(request);
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, account);
    await page.getByRole('navigation', { name: 'Mobile navigation' }).getByRole('link', { name: 'Wallet' }).click();
    await expect(page).toHaveURL(/\/wallet$/);
    await page.getByRole('tab', { name: 'Deposit' }).click();
    await fillMove(page, '25.5', 'PayPal');
    await page.getByTestId('confirm-step').getByRole('button', { name: 'Confirm' }).click();
    await confirmEligibilityInDialog(page, 'wallet-05a-eligibility-mobile');
    await expect(page.getByText('Successfully deposited $25.50!')).toBeVisible();
    await expect(page.getByTestId('wallet-balance')).toHaveText('$25.50');
    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, 'wallet-05-mobile');
    await expectAccessible(page);
  });

  test('guests see the sign-up wall', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Continue as Guest' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Wallet' }).click();
    const wall = page.getByTestId('wallet-guest-wall');
    await expect(wall).toContainText('Sign up to deposit real money!');
    await expect(wall.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/?mode=signup');
    await expect(page.getByRole('tablist')).toHaveCount(0);
    await snap(page, 'wallet-06-guest');
    await expectAccessible(page);
  });
});
