import { expect, Page, test } from '@playwright/test';
import {
  expectInSightAndUncovered,
  expectOneLineInside,
  expectReachableWithDrawerOpen,
  expectToastsClearOfControls,
  snapViewport,
} from './layout-checks';
import { humanClickGapMs } from './matches';
import { authHeaders, balanceOf, registerWithDeposit, signedInContext } from './players';
import { snap } from './support';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/** The winner clicks the Quick Click target at a person's uneven pace (`humanClickGapMs`) until the round is over. */
async function clickToTheTarget(page: Page): Promise<void> {
  const target = page.getByTestId('quick-click-target');
  await expect(target).toBeVisible({ timeout: 15_000 });
  for (let clicks = 0; clicks < 200; clicks += 1) {
    if ((await page.getByTestId('game-room').getAttribute('data-phase')) !== 'playing') return;
    await target.click({ timeout: 2_000 }).catch(() => undefined);
    await page.waitForTimeout(humanClickGapMs(clicks));
  }
}

/** The text of the toast that says `title` (sonner puts the description beside it). */
function toastWith(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

test.describe('money you can trust on every screen', () => {
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

    // Confirmed with $5: the stake is taken into the matchmaking queue, and both of Alice's tabs show it
    // within a second (pushed, not polled).
    await a.getByTestId('find-opponent').click();
    await a.getByTestId('stake-amount').fill('5');
    await a.getByRole('button', { name: 'Stake $5.00 and find opponent' }).click();
    await expect(a.getByTestId('matchmaking-searching')).toBeVisible();
    await expect(a.getByTestId('balance')).toHaveText(/\$45\.00/);
    await expect(aWallet.getByTestId('balance')).toHaveText(/\$45\.00/, { timeout: 1_500 });

    // Bob, on his phone in Spanish, finds the same game at $5: the queue pairs them and both open the same room.
    await b.goto('/game/quick-click');
    await b.getByTestId('find-opponent').click();
    await expect(b.getByTestId('stake-summary')).toHaveText(
      'Apuestas $10.00 y tu oponente lo mismo. El ganador cobra $20.00.',
    );
    await b.getByTestId('stake-amount').fill('5');
    await snap(b, 'money-02-stake-confirm-phone-es');
    await b.getByRole('button', { name: 'Apostar $5.00 y buscar oponente' }).click();
    await expect(a).toHaveURL(/\/game\/room_/);
    await expect(b).toHaveURL(a.url());
    await expect(a.getByTestId('room-subtitle')).toHaveText('Bet: $5.00');
    await expect(b.getByTestId('balance')).toHaveText(/\$45\.00/);

    // Both press Start; Alice clicks to the target, Bob does nothing.
    await a.getByTestId('start-game').click();
    await b.getByTestId('start-game').click();
    await expect(a.getByTestId('game-room')).toHaveAttribute('data-phase', 'playing', { timeout: 15_000 });
    // Bob opens the chat drawer mid-match on his phone: the game stays in sight above it.
    await b.locator('.gr-chat-toggle').click();
    await expect(b.getByTestId('chat-input')).toBeVisible();
    await expectInSightAndUncovered(b, b.getByTestId('quick-click-target'));
    await snapViewport(b, 'money-03b-chat-drawer-playing-phone-es');
    await b.locator('.gr-chat-toggle').click();
    await clickToTheTarget(a);

    // 2. Every screen says which figure is which: the pot paid out ($10.00, twice the bet) and the net gain.
    // Both players at once: a toast lasts 3 s.
    await Promise.all([
      (async () => {
        await expect(a.getByRole('heading', { name: 'You Won!' })).toBeVisible({ timeout: 45_000 });
        await expect(a.getByTestId('winnings')).toHaveText('Winnings: $10.00 (+$5.00 net)');
        await expect(toastWith(a, 'You won!')).toContainText('+$10.00 (+$5.00 net)');
        await expectToastsClearOfControls(a);
      })(),
      (async () => {
        await expect(b.getByRole('heading', { name: '¡Perdiste!' })).toBeVisible({ timeout: 45_000 });
        // A phone's result toast never covers the result's Play again / Leave: neither where the result lands nor
        // with the page scrolled down to them.
        const resultActions = ['[data-testid=play-again]', '[data-testid=finished-leave]'];
        await expectToastsClearOfControls(b, resultActions);
        await b.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await expectToastsClearOfControls(b, resultActions);
        await snapViewport(b, 'money-04b-result-toast-phone-es');
      })(),
    ]);
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

  test('chrome and states, desktop and phone, English and Spanish: toasts, landing, social note, ranks, bell, featured duel, create room, leaderboard, chat drawer', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);

    // Phone landing: sign-in on the first screen; the featured games open practice.
    for (const language of ['en', 'es'] as const) {
      const context = await browser.newContext(PHONE);
      await context.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
      const page = await context.newPage();
      await page.goto('/');
      const signIn = page.getByRole('button', { name: language === 'en' ? 'Sign In' : 'Iniciar sesión' }).last();
      const box = await signIn.boundingBox();
      expect(box, 'the sign-in button').not.toBeNull();
      expect((box?.y ?? 1e6) + (box?.height ?? 0)).toBeLessThanOrEqual(844);
      await snap(page, `chrome-01-landing-phone-${language}`);
      if (language === 'en') {
        // A failed sign-in's toast stays clear of the header's switches and of the sign-in form.
        const form = page.getByRole('form', { name: 'Sign In' });
        await form.getByLabel('Email').fill('nobody@example.com');
        await form.getByLabel('Password').fill('wrong-password-1');
        await form.getByRole('button', { name: 'Sign In' }).click();
        await expectToastsClearOfControls(page, ['.auth-panel :is(input, button, a)']);
        await snapViewport(page, 'chrome-01b-landing-toast-phone-en');
      }
      await context.close();
    }
    const visitor = await browser.newContext();
    const landing = await visitor.newPage();
    await landing.goto('/');
    const notConfigured = landing.getByTestId('social-not-configured');
    if ((await notConfigured.count()) > 0)
      await expect(notConfigured).toContainText('authentication is not configured');
    await landing.getByRole('link', { name: 'Quick Click — practice for free' }).click();
    await expect(landing).toHaveURL(/\/game\/quick-click$/);
    await expect(landing.getByTestId('room-subtitle')).toHaveText('Practice Mode');
    // Starting as a guest says two things: below the top bar, one under the other.
    await expectToastsClearOfControls(landing);
    await snap(landing, 'chrome-02-guest-practice-toasts-desktop-en');
    await visitor.close();

    // A phone guest: the toasts sit above the bottom nav; the chat is a drawer; Send looks disabled.
    const phoneGuest = await browser.newContext(PHONE);
    const guestPage = await phoneGuest.newPage();
    await guestPage.goto('/');
    await guestPage.getByRole('link', { name: 'Number Rush — practice for free' }).click();
    await expect(guestPage).toHaveURL(/\/game\/number-rush$/);
    await expectToastsClearOfControls(guestPage);
    await snap(guestPage, 'chrome-03-guest-toasts-phone-en');
    await guestPage.getByRole('button', { name: 'Show chat' }).click();
    await expect(guestPage.getByTestId('chat-send')).toHaveAttribute('aria-disabled', 'true');
    await expect(guestPage.getByTestId('chat-input')).toBeDisabled();
    // The game stays reachable above the open drawer (once the welcome toasts are gone).
    await expect(guestPage.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
    await expectReachableWithDrawerOpen(guestPage, guestPage.getByRole('button', { name: 'Start Practice' }));
    await snapViewport(guestPage, 'chrome-04-chat-drawer-guest-phone-en');
    // Playing with the drawer open: the answer field and Submit stay in sight — when play starts with it open, and
    // when it is opened again mid-match.
    await guestPage.getByRole('button', { name: 'Start Practice' }).click();
    await expect(guestPage.getByTestId('game-room')).toHaveAttribute('data-phase', 'playing', { timeout: 15_000 });
    const answerControls = [
      guestPage.getByTestId('number-rush-answer'),
      guestPage.getByTestId('game-room').getByRole('button', { name: 'Submit', exact: true }),
    ];
    for (const control of answerControls) await expectInSightAndUncovered(guestPage, control);
    await guestPage.getByRole('button', { name: 'Hide chat' }).click();
    await guestPage.getByRole('button', { name: 'Show chat' }).click();
    for (const control of answerControls) await expectInSightAndUncovered(guestPage, control);
    await snapViewport(guestPage, 'chrome-04b-chat-drawer-playing-phone-en');
    await phoneGuest.close();

    // A signed-in Spanish player on a desktop: ranks, Create Room, the featured duel of a waiting room.
    const carla = await registerWithDeposit(request, 'mxcarla');
    const dan = await registerWithDeposit(request, 'mxdan');
    const waiting = await request.post('/api/rooms', {
      data: { game_id: 'memory-master', bet_amount: 3 },
      headers: authHeaders(dan),
    });
    expect(waiting.status(), await waiting.text()).toBe(201);
    const carlaContext = await signedInContext(browser, carla, { language: 'es' });
    const c = await carlaContext.newPage();
    await c.goto('/dashboard');
    await expect(c.getByTestId('stat-rank')).toContainText('Bronce');
    await expect(c.getByTestId('create-room-bet')).toHaveValue('10');
    const featured = c.getByTestId('featured-duel');
    await expect(featured.getByTestId('waiting-badge')).toHaveText('Esperando rival');
    await expect(featured.getByTestId('live-badge')).toHaveCount(0);
    await expect(featured.getByRole('button', { name: 'Ver sala' })).toBeVisible();
    await snap(c, 'chrome-05-dashboard-desktop-es');
    await c.goto('/profile');
    await expect(c.getByTestId('profile-rank')).toContainText('Bronce');
    await snap(c, 'chrome-06-profile-desktop-es');
    await c.goto('/leaderboard');
    await expect(c.getByTestId('leaderboard-head').or(c.getByTestId('leaderboard-empty'))).toBeVisible();
    await snap(c, 'chrome-07-leaderboard-desktop-es');
    // "0 victorias" keeps figure and unit on one line, inside the card, down to a 320 px phone.
    const yourRanking = c.getByTestId('your-ranking');
    for (const width of [320, 390]) {
      await c.setViewportSize({ width, height: 844 });
      await expectOneLineInside(yourRanking.getByText('0 victorias'), yourRanking);
    }
    await snap(c, 'chrome-07b-leaderboard-phone-es');
    await c.setViewportSize({ width: 1280, height: 720 });
    // The game room's chat: the Spanish placeholder fits.
    await c.goto('/game/number-rush');
    const input = c.getByTestId('chat-input');
    const fits = await input.evaluate((element: HTMLInputElement) => {
      const probe = document.createElement('span');
      const style = getComputedStyle(element);
      probe.style.font = style.font;
      probe.style.position = 'absolute';
      probe.style.visibility = 'hidden';
      probe.textContent = element.placeholder;
      document.body.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      return width <= element.clientWidth - padding;
    });
    expect(fits, 'the chat placeholder fits its input').toBe(true);
    await snap(c, 'chrome-08-game-room-desktop-es');
    await carlaContext.close();

    // A signed-in English player on a phone: the open chat drawer over a waiting live room.
    const danContext = await signedInContext(browser, dan, PHONE);
    const d = await danContext.newPage();
    await d.goto('/game/memory-master');
    await d.getByTestId('find-opponent').click();
    await expect(d.getByTestId('stake-amount')).toHaveValue('10.00');
    await d.getByTestId('stake-cancel').click();
    await d.getByRole('button', { name: 'Show chat' }).click();
    await expect(d.getByTestId('chat-input')).toBeEnabled();
    await expectReachableWithDrawerOpen(d, d.getByRole('button', { name: 'Practice', exact: true }));
    await snapViewport(d, 'chrome-09-chat-drawer-phone-en');
    await danContext.close();
  });
});
