import { expect, Locator, Page, test } from '@playwright/test';
import { balanceOf, registerWithDeposit, signedInContext } from './players';
import { expectAccessible, snap } from './support';

const OPERATIONS: Record<string, (left: number, right: number) => number> = {
  '+': (left, right) => left + right,
  '−': (left, right) => left - right,
  '×': (left, right) => left * right,
  '÷': (left, right) => left / right,
};

/** Reads "12 × 7 = ?" from the page and works it out, as a player would. */
async function solveShownQuestion(page: Page): Promise<number> {
  const text = (await page.getByTestId('number-rush-question').textContent()) ?? '';
  const match = /(\d+)\s*([+−×÷])\s*(\d+)/.exec(text);
  if (!match) throw new Error(`no question in "${text}"`);
  const operation = OPERATIONS[match[2]];
  if (!operation) throw new Error(`unknown operator in "${text}"`);
  return operation(Number(match[1]), Number(match[3]));
}

/** Longer than any number-rush answer floor (decision 1801: 350-600 ms), as a quick player would take. */
const HUMAN_ANSWER_MS = 700;

/**
 * Answers the shown question correctly after a quick person's time to work it out (sooner would count as wrong),
 * and waits for the server's next view (`n correct of n`).
 */
async function answerCorrectly(page: Page, answered: number): Promise<void> {
  await page.waitForTimeout(HUMAN_ANSWER_MS);
  const answer = await solveShownQuestion(page);
  const field = page.getByTestId('number-rush-answer');
  await field.fill(String(answer));
  await field.press('Enter');
  await expect(page.getByText(`${answered + 1} correct of ${answered + 1}`)).toBeVisible();
}

function roomCard(page: Page, roomId: string): Locator {
  return page.locator(`[data-testid="room-card"][data-room-id="${roomId}"]`);
}

async function waitForToastsToClose(page: Page): Promise<void> {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
}

test.describe('real-money rooms: create, join, play live, spectate, chat', () => {
  test('two players duel for $5 on number-rush while a guest watches and chats arrive', async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const alice = await registerWithDeposit(request, 'alice');
    const bob = await registerWithDeposit(request, 'bob');
    const aliceBefore = await balanceOf(request, alice);
    const bobBefore = await balanceOf(request, bob);
    expect(aliceBefore).toBe(50);
    expect(bobBefore).toBe(50);

    // Alice creates a $5 Number Rush room on the dashboard.
    const aliceContext = await signedInContext(browser, alice);
    const a = await aliceContext.newPage();
    await a.goto('/dashboard');
    await expect(a.getByTestId('greeting')).toContainText(alice.username);
    await expect(a.getByTestId('stat-balance')).toContainText('$50.00');
    await a.getByLabel('Game', { exact: true }).selectOption({ label: 'Number Rush' });
    await a.getByLabel('Bet amount ($)').fill('5');
    await expect(a.getByTestId('create-room-summary')).toContainText('You bet $5.00 now');
    await snap(a, 'rooms-01-dashboard-create');
    await expectAccessible(a);
    await a.getByRole('button', { name: 'Create Room' }).click();
    await expect(a.getByText('Room created successfully!')).toBeVisible();
    await expect(a).toHaveURL(/\/game\/room_[A-Za-z0-9]+$/);
    const roomId = new URL(a.url()).pathname.split('/').pop() ?? '';
    await expect(a.getByTestId('room-subtitle')).toHaveText('Bet: $5.00');
    await expect(a.getByTestId('waiting-hint')).toHaveText('Waiting for an opponent to join...');
    await expect(a.getByTestId('balance')).toContainText('$45.00');
    await snap(a, 'rooms-02-room-waiting');

    // Bob finds it in Active Rooms (live, without Refresh) and joins.
    const bobContext = await signedInContext(browser, bob);
    const b = await bobContext.newPage();
    await b.goto('/dashboard');
    const card = roomCard(b, roomId);
    await expect(card).toBeVisible();
    await expect(card.getByTestId('room-status')).toHaveText('Waiting');
    await expect(card.getByTestId('room-bet')).toHaveText('$5.00');
    await expect(card.getByTestId('room-players')).toHaveText('1/2');
    await snap(b, 'rooms-03-active-rooms');
    await expectAccessible(b);
    await card.getByTestId('room-join').click();
    await expect(b.getByText('Joined room successfully!')).toBeVisible();
    await expect(b).toHaveURL(new RegExp(`/game/${roomId}$`));
    await expect(b.getByTestId('opponent')).toContainText(alice.username);
    await expect(a.getByTestId('opponent')).toContainText(bob.username);

    // A guest on a phone watches.
    const guestContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const g = await guestContext.newPage();
    await g.goto('/');
    await g.getByRole('button', { name: 'Continue as Guest' }).click();
    await expect(g).toHaveURL(/\/dashboard$/);
    const guestCard = roomCard(g, roomId);
    await expect(guestCard.getByTestId('room-players')).toHaveText('2/2');
    await guestCard.getByTestId('room-watch').click();
    await expect(g.getByText('Spectating room...')).toBeVisible();
    await expect(g).toHaveURL(new RegExp(`/game/${roomId}\\?spectate=true$`));
    await expect(g.getByTestId('room-subtitle')).toHaveText('Spectating');
    await expect(g.getByTestId('chat-input')).toBeDisabled();
    await expect(g.getByTestId('spectator-waiting')).toBeVisible();
    await expect(a.getByTestId('spectator-count')).toContainText('1 watching');

    // Alice chats and sends an emote; the guest gets both.
    await a.getByTestId('chat-input').fill('good luck, have fun');
    await a.getByTestId('chat-send').click();
    await a.getByRole('button', { name: 'Send Fire' }).click();
    // On a phone the chat is folded away until asked for.
    await g.getByRole('button', { name: 'Show chat' }).click();
    const guestLog = g.getByTestId('chat-log');
    await expect(guestLog.getByText('good luck, have fun')).toBeVisible();
    await expect(guestLog.getByRole('img', { name: 'Fire' })).toBeVisible();
    await waitForToastsToClose(g);
    await snap(g, 'rooms-04-spectator-waiting-mobile');
    await expectAccessible(g);

    // Both press Start: 3-2-1 with the seed hash, then play.
    await a.getByRole('button', { name: 'Start Game' }).click();
    await expect(a.getByTestId('ready-seat-0')).toHaveText('You: ready');
    await expect(b.getByTestId('ready-seat-0')).toContainText(`${alice.username}: ready`);
    await snap(b, 'rooms-05-opponent-ready');
    await b.getByRole('button', { name: 'Start Game' }).click();
    await expect(a.getByTestId('countdown')).toContainText('Game starting...');
    await expect(a.getByTestId('seed-hash')).toContainText('Provably fair: seed hash');
    await snap(a, 'rooms-06-countdown');
    await expect(a.getByTestId('game-room')).toHaveAttribute('data-phase', 'playing', { timeout: 10_000 });
    await expect(a.getByRole('timer', { name: 'Time left' })).toBeVisible();
    await expect(g.getByTestId('spectator-board')).toBeVisible();

    // Alice answers correctly; Bob answers once (so both scores move for the spectator), then stops.
    await answerCorrectly(a, 0);
    await answerCorrectly(b, 0);
    for (let answered = 1; answered < 6; answered += 1) await answerCorrectly(a, answered);
    await expect(a.getByTestId('player-score')).toContainText('60 pts');
    await expect(g.getByTestId('spectator-score-0')).toContainText('60 pts');
    await expect(g.getByTestId('spectator-score-1')).toContainText('10 pts');
    await expect(b.getByTestId('opponent-score')).toContainText('60 pts');
    await snap(a, 'rooms-07-playing');
    await snap(g, 'rooms-08-spectator-playing-mobile');
    await expectAccessible(a);

    // Time up: the server decides. Alice wins the pot; Bob loses his bet.
    await expect(a.getByRole('heading', { name: 'You Won!' })).toBeVisible({ timeout: 45_000 });
    await expect(a.getByText('You won!', { exact: true })).toBeVisible();
    await expect(a.getByText('+$10.00 (+$5.00 net)')).toBeVisible();
    await expect(a.getByTestId('winnings')).toHaveText('Winnings: $10.00 (+$5.00 net)');
    await expect(a.getByTestId('final-player-score')).toHaveText('60 pts');
    await expect(a.getByTestId('final-opponent-score')).toHaveText('10 pts');
    await expect(b.getByRole('heading', { name: 'You Lost!' })).toBeVisible();
    await expect(b.getByText('You lost this round. Try again!')).toBeVisible();
    await expect(b.getByTestId('winnings')).toHaveCount(0);
    await expect(g.getByRole('heading', { name: `${alice.username} won!` })).toBeVisible();
    await expect(a.getByTestId('balance')).toContainText('$55.00');
    await expect(b.getByTestId('balance')).toContainText('$45.00');
    await a.getByTestId('seed-reveal').locator('summary').click();
    await expect(a.getByTestId('revealed-seed')).not.toBeEmpty();
    // Chromium itself hashes the revealed seed (Web Crypto) and compares it with the hash published before the start.
    await expect(a.getByTestId('fairness-check')).toContainText(
      'Checked in your browser: sha256(seed) equals the hash published before the start.',
    );
    await snap(a, 'rooms-09-won');
    await snap(b, 'rooms-10-lost');
    await snap(g, 'rooms-11-spectator-finished-mobile');
    await waitForToastsToClose(b);
    await expectAccessible(b);

    expect(await balanceOf(request, alice)).toBe(aliceBefore + 5);
    expect(await balanceOf(request, bob)).toBe(bobBefore - 5);

    // Leaving a finished room goes back to the dashboard.
    await a.getByTestId('leave-room').click();
    await expect(a).toHaveURL(/\/dashboard$/);

    await guestContext.close();
    await bobContext.close();
    await aliceContext.close();
  });
});
