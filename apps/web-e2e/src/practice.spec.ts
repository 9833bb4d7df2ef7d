import { expect, Page, test } from '@playwright/test';
import { expectAccessible, snap } from './support';

/** Guest mode from the landing page, as a visitor would start it. */
async function startAsGuest(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Continue as Guest' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** From the catalogue, open a game's practice room. */
async function openPractice(page: Page, gameId: string, gameName: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Games' }).click();
  await page
    .locator(`[data-testid="game-card"][data-game-id="${gameId}"]`)
    .getByRole('link', { name: 'Practice' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/game/${gameId}$`));
  await expect(page.getByRole('heading', { level: 1, name: gameName })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ready to Play?' })).toBeVisible();
}

/** Start Practice, the full-screen 3-2-1, then play. */
async function startPractice(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Start Practice' }).click();
  const countdown = page.getByTestId('countdown');
  await expect(countdown).toBeVisible();
  await expect(countdown).toContainText('Game starting...');
  await expect(countdown).toBeHidden({ timeout: 5_000 });
  await expect(page.getByTestId('game-room')).toHaveAttribute('data-phase', 'playing');
  await expect(page.getByRole('timer', { name: 'Time left' })).toBeVisible();
}

const OPERATIONS: Record<string, (left: number, right: number) => number> = {
  '+': (left, right) => left + right,
  '−': (left, right) => left - right,
  '×': (left, right) => left * right,
  '÷': (left, right) => left / right,
};

/** Longer than any number-rush answer floor (decision 1801: 350-600 ms), as a quick player would take. */
const HUMAN_ANSWER_MS = 700;

async function solveShownQuestion(page: Page): Promise<number> {
  const text = (await page.getByTestId('number-rush-question').textContent()) ?? '';
  const match = /(\d+)\s*([+−×÷])\s*(\d+)/.exec(text);
  if (!match) throw new Error(`no question in "${text}"`);
  const operation = OPERATIONS[match[2]];
  if (!operation) throw new Error(`unknown operator in "${text}"`);
  return operation(Number(match[1]), Number(match[3]));
}

async function scoreOf(page: Page, testId: 'player-score' | 'opponent-score'): Promise<number> {
  const text = (await page.getByTestId(testId).textContent()) ?? '';
  const match = /(\d+)\/100/.exec(text);
  if (!match) throw new Error(`no score in "${text}"`);
  return Number(match[1]);
}

test.describe('practice against the computer in the game room', () => {
  test('a guest clicks Quick Click to the target and wins', async ({ page }) => {
    test.setTimeout(90_000);
    await startAsGuest(page);
    await openPractice(page, 'quick-click', 'Quick Click');
    await expect(page.getByTestId('room-subtitle')).toHaveText('Practice Mode');
    await expect(page.getByTestId('practice-banner').getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await expect(page.getByTestId('opponent')).toContainText('Computer');
    await expect(page.getByTestId('player-status')).toContainText('Practice');
    await snap(page, '10-practice-waiting');
    await expectAccessible(page);

    await startPractice(page);
    const target = page.getByTestId('quick-click-target');
    await expect(target).toBeFocused();
    const progressText = (await page.getByTestId('quick-click-progress').textContent()) ?? '';
    const targetClicks = Number(/0 \/ (\d+) clicks/.exec(progressText)?.[1]);
    expect(targetClicks).toBeGreaterThanOrEqual(50);
    expect(targetClicks).toBeLessThanOrEqual(149);

    // Real mouse clicks on the target's centre, at most one every 85 ms (about 12 a second): the engine refuses more
    // than 14 a second sustained, and a locator click's own checks would make each click slow enough to lose to time-up.
    const box = await target.boundingBox();
    if (!box) throw new Error('the target is not on screen');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    let lastClickAt = 0;
    for (let click = 1; click <= targetClicks; click++) {
      const waitMs = lastClickAt + 85 - Date.now();
      if (waitMs > 0) await page.waitForTimeout(waitMs);
      lastClickAt = Date.now();
      await page.mouse.click(x, y);
      if (click === 20) {
        await expect(page.getByTestId('quick-click-progress')).toContainText(`20 / ${targetClicks} clicks`);
        // Only a screenshot here: every second counts against the 30 s limit (axe runs on the number-rush game).
        await snap(page, '11-practice-quick-click-playing');
      }
    }

    await expect(page.getByRole('heading', { name: 'You Won!' })).toBeVisible();
    await expect(page.getByTestId('final-player-score')).toHaveText('100/100');
    await expect(page.getByText('You won!', { exact: true })).toBeVisible();
    await expect(page.getByText('Practice win!')).toBeVisible();
    await expect(page.getByTestId('winnings')).toHaveCount(0);
    await snap(page, '12-practice-quick-click-won');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Play Again' }).click();
    await expect(page.getByRole('heading', { name: 'Ready to Play?' })).toBeVisible();
    await expect(page.getByTestId('player-score')).toContainText('0/100');
    await page.getByRole('button', { name: 'Leave Room' }).click();
    await expect(page).toHaveURL(/\/games$/);
  });

  test('a guest answers Number Rush questions read from the page and sees the score rise', async ({ page }) => {
    test.setTimeout(90_000);
    await startAsGuest(page);
    await openPractice(page, 'number-rush', 'Number Rush');
    await startPractice(page);

    const answer = page.getByLabel('Your answer');
    await expect(answer).toBeFocused();
    await expect(answer).toHaveAttribute('inputmode', 'numeric');

    // An empty answer is not sent.
    await answer.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('Type an answer first.');
    expect(await scoreOf(page, 'player-score')).toBe(0);

    let expectedScore = 0;
    for (let question = 0; question < 10; question++) {
      // A quick person's time to work it out: an answer under the engine's floor (at most 0.6 s) counts as wrong.
      await page.waitForTimeout(HUMAN_ANSWER_MS);
      await answer.fill(String(await solveShownQuestion(page)));
      await answer.press('Enter');
      expectedScore += 10;
      await expect(page.getByTestId('player-score')).toContainText(`${expectedScore}/100`);
      if (question === 2) {
        await expect(page.getByTestId('game-feedback')).toHaveText('Correct! +10');
        await snap(page, '13-practice-number-rush-playing');
        await expectAccessible(page);
      }
    }

    // 100 points: the computer (at most +3 every 2 s) cannot catch up before time-up.
    await expect(page.getByRole('heading', { name: 'You Won!' })).toBeVisible({ timeout: 40_000 });
    await expect(page.getByTestId('final-player-score')).toHaveText('100/100');
    expect(await scoreOf(page, 'opponent-score')).toBeLessThan(100);
    await snap(page, '14-practice-number-rush-won');
    await expectAccessible(page);
  });

  test('a guest repeats the Memory Master sequence shown one colour per second', async ({ page }) => {
    await startAsGuest(page);
    await openPractice(page, 'memory-master', 'Memory Master');
    await startPractice(page);
    await expect(page.getByTestId('memory-round')).toHaveText('Round 1 of 5');

    const shown: string[] = [];
    for (let index = 1; index <= 3; index++) {
      await expect(page.getByText(`Watch: colour ${index} of 3`)).toBeVisible();
      shown.push((await page.getByTestId('memory-shown').getAttribute('data-color')) ?? '');
      if (index === 2) await snap(page, '15-practice-memory-master-showing');
    }
    await expect(page.getByTestId('memory-display')).toHaveAttribute('data-phase', 'input');
    // At a human pace: a press under the engine's floor would count as a wrong press.
    for (const color of shown) {
      await page.waitForTimeout(300);
      await page.getByTestId(`memory-color-${color}`).click();
    }

    await expect(page.getByTestId('game-feedback')).toHaveText('Round complete! +10');
    await expect(page.getByTestId('memory-round')).toHaveText('Round 2 of 5');
    await expect(page.getByTestId('player-score')).toContainText('20/100');
    await snap(page, '16-practice-memory-master-round-2');
    await expectAccessible(page);
    // The colours keep their contrast in the light theme too.
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveClass(/light/);
    await expectAccessible(page);
  });

  test('a guest clicks Reaction Time too early, the round restarts, then reacts to green', async ({ page }) => {
    await startAsGuest(page);
    await openPractice(page, 'reaction-time', 'Reaction Time');
    await startPractice(page);

    const target = page.getByTestId('reaction-target');
    await expect(target).toHaveText('Wait for green...');
    await target.click();
    await expect(page.getByTestId('game-feedback')).toHaveText('Too early! The round restarts.');
    await expect(page.getByTestId('reaction-round')).toHaveText('Round 1 of 5');
    await snap(page, '17-practice-reaction-time-too-early');

    // The restarted wait is 3-7 s. waitFor watches the DOM closely (expect polls up to a second apart, which would
    // make a slow reaction); then a human-like pause, as the engine refuses reactions under 100 ms.
    await page.locator('[data-testid="reaction-target"][data-phase="go"]').waitFor({ timeout: 8_000 });
    await expect(target).toHaveText('Click!');
    await page.waitForTimeout(200);
    await target.click();
    await expect(page.getByTestId('reaction-round')).toHaveText('Round 2 of 5');
    await expect(page.getByTestId('reaction-results')).toContainText(/Round 1: \d+ ms/);
    expect(await scoreOf(page, 'player-score')).toBeGreaterThan(0);
    await snap(page, '18-practice-reaction-time-round-1');
    await expectAccessible(page);
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveClass(/light/);
    await snap(page, '18b-practice-reaction-time-light');
    await expectAccessible(page);
  });

  test('on a 375 px phone a guest plays Pattern Pro from the keyboard, chat collapsed', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await startAsGuest(page);
    await page.goto('/game/pattern-pro');
    await expect(page.getByRole('heading', { name: 'Ready to Play?' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeHidden();
    await page.getByRole('button', { name: 'Show chat' }).click();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveAttribute('placeholder', 'Sign up to chat');
    await page.getByRole('button', { name: 'Send Party' }).click();
    await expect(page.getByText('Sign up to use emotes!')).toBeVisible();

    await startPractice(page);
    const options = page.getByRole('group', { name: 'Options' }).getByRole('button');
    await expect(options).toHaveCount(4);
    await expect(options.first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('game-feedback')).toHaveText(/Correct! \+10|Not quite\. Next one!/);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(375);
    await snap(page, '19-practice-pattern-pro-mobile');
    await expectAccessible(page);
  });

  test('an unknown game room shows Game Room Not Found', async ({ page }) => {
    await startAsGuest(page);
    await page.goto('/game/nope');
    await expect(page.getByRole('heading', { name: 'Game Room Not Found' })).toBeVisible();
    await expect(page.getByText("The game room you're looking for doesn't exist or has been closed.")).toBeVisible();
    await snap(page, '20-game-room-not-found');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Back to Games' }).click();
    await expect(page).toHaveURL(/\/games$/);
  });
});
