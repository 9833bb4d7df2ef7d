import { expect as baseExpect, Page, test } from '@playwright/test';
import { authHeaders, balanceOf, registerWithDeposit, signedInContext } from './players';
import { freezeAccount } from './staff';
import { expectAccessible, snap } from './support';

const PHONE = { width: 390, height: 844 };
// The machine running these is loaded: screens may take a while to appear.
const expect = baseExpect.configure({ timeout: 30_000 });

async function noSideScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('money play paused: a break or a freeze is said before anything is pressed', () => {
  // Several screens per test on a loaded machine.
  test.describe.configure({ timeout: 180_000 });

  test('a cool-off refunds the waiting room into every balance, stays in a banner and disables the money buttons', async ({
    browser,
    request,
  }) => {
    const player = await registerWithDeposit(request, 'pause', 30);
    const room = await request.post('/api/rooms', {
      data: { game_id: 'number-rush', bet_amount: 5 },
      headers: authHeaders(player),
    });
    expect(room.status(), await room.text()).toBe(201);

    const context = await signedInContext(browser, player);
    const page = await context.newPage();
    await page.goto('/profile');
    await expect(page.getByTestId('balance')).toHaveText(/\$25\.00/);
    await page.getByTestId('profile-tab-limits').click();
    await page.getByTestId('break-kind-cool_off').check();
    await page.getByTestId('break-period').selectOption('24h');
    await page.getByTestId('break-start').click();
    await page.getByTestId('break-confirm').click();
    await expect(page.getByTestId('active-break')).toContainText('You are on a cool-off until');
    await expect.poll(() => balanceOf(request, player), { timeout: 20_000 }).toBe(30);

    // The $5 room came back: the top bar says so without a reload.
    await expect(page.getByTestId('balance')).toHaveText(/\$30\.00/, { timeout: 20_000 });
    const banner = page.getByTestId('money-paused-banner');
    await expect(banner).toContainText(
      /On a break until \d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2} — withdrawals still work\./,
    );

    await page.goto('/dashboard');
    await expect(banner).toBeVisible();
    await expect(page.getByTestId('stat-balance')).toContainText('$30.00');
    const create = page.getByTestId('create-room-submit');
    await expect(create).toBeDisabled();
    await expect(page.getByTestId('create-room-paused')).toContainText('Paused during your break, until');
    await snap(page, 'paused-01-dashboard-cool-off');
    await expectAccessible(page);

    await page.goto('/game/number-rush');
    await expect(page.getByTestId('find-opponent')).toBeDisabled();
    await expect(page.getByTestId('waiting-screen')).toContainText('Paused during your break, until');
    await snap(page, 'paused-02-find-opponent');

    await page.goto('/wallet?tab=deposit');
    await expect(page.getByTestId('move-blocked')).toContainText('Paused during your break, until');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await snap(page, 'paused-03-deposit');
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Withdraw' }).click();
    await expect(page.getByTestId('move-blocked')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
    await context.close();
  });

  test('in Spanish on a phone', async ({ browser, request }) => {
    const player = await registerWithDeposit(request, 'pausa', 10);
    const started = await request.post('/api/users/me/self-exclusion', {
      data: { kind: 'cool_off', period: '72h' },
      headers: authHeaders(player),
    });
    expect(started.status(), await started.text()).toBe(201);
    const context = await signedInContext(browser, player, { language: 'es', viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/dashboard');
    await expect(page.getByTestId('money-paused-banner')).toContainText(
      /En pausa hasta el \d{1,2} [a-z]{3}, \d{2}:\d{2}: los retiros siguen funcionando\./,
    );
    await expect(page.getByTestId('create-room-submit')).toBeDisabled();
    await expect(page.getByTestId('create-room-paused')).toContainText('En pausa durante tu descanso, hasta el');
    await noSideScroll(page);
    await snap(page, 'paused-04-dashboard-es-phone');
    await expectAccessible(page);
    await context.close();
  });

  test('a frozen player is told on the next screen, before any action fails', async ({ browser, request }) => {
    const player = await registerWithDeposit(request, 'frozen', 20);
    const context = await signedInContext(browser, player, { viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/dashboard');
    await expect(page.getByTestId('create-room-submit')).toBeEnabled();
    await expect(page.getByTestId('money-paused-banner')).toHaveCount(0);

    freezeAccount(player.username);
    await page.goto('/wallet?tab=withdraw');
    await expect(page.getByTestId('money-paused-banner')).toContainText(
      'Your account is frozen while our team reviews it',
    );
    await expect(page.getByTestId('move-blocked')).toHaveText('Paused while your account is frozen.');
    await noSideScroll(page);
    await snap(page, 'paused-05-frozen-phone');
    await expectAccessible(page);
    await context.close();
  });
});
