import { expect, Locator, Page } from '@playwright/test';
import { join } from 'node:path';

/*
 * Layout checks of the chrome: what toasts may not cover, what the phone's chat drawer must leave in sight,
 * figures that must not wrap. Positions are read from the page as drawn (getBoundingClientRect, elementFromPoint).
 */

/** Two boxes share some area. */
function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(page: Page, selector: string): Promise<Box[]> {
  const boxes = await page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const rect = element.getBoundingClientRect();
      return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    }),
  );
  return boxes.filter((box) => box.width > 0 && box.height > 0);
}

/**
 * Every toast on screen keeps clear of the top bar and the bottom nav, of every other toast and of the controls that
 * `alsoClearOf` selects: a toast never hides a control.
 */
export async function expectToastsClearOfControls(page: Page, alsoClearOf: readonly string[] = []): Promise<void> {
  // Toasts slide in: judge where they settle.
  await expect(async () => {
    // Not one sliding out, nor one sonner keeps hidden beyond its visible few.
    const toasts = await boxOf(page, "[data-sonner-toast]:not([data-removed='true']):not([data-visible='false'])");
    expect(toasts.length).toBeGreaterThan(0);
    const controls = [
      ...(await boxOf(page, '.top-bar')),
      ...(await boxOf(page, '.bottom-nav')),
      ...(await boxOf(page, '.gr-chat-toggle')),
      ...(await boxOf(page, '.landing-header a, .landing-header button')),
      ...(await Promise.all(alsoClearOf.map((selector) => boxOf(page, selector)))).flat(),
    ];
    for (const [index, toast] of toasts.entries()) {
      for (const bar of controls) expect(overlaps(toast, bar), 'a toast covers a control').toBe(false);
      for (const other of toasts.slice(index + 1)) expect(overlaps(toast, other), 'two toasts overlap').toBe(false);
    }
  }).toPass({ timeout: 2_500 });
}

/** What the phone shows right now (a full-page capture would scroll back to the top). */
export async function snapViewport(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(__dirname, '..', 'screenshots', `${name}.png`) });
}

/** Scrolled to the end of the page (under a phone's open chat drawer), `target` is visible and not covered. */
export async function expectReachableWithDrawerOpen(page: Page, target: Locator): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const covered = await target.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return !(hit && (hit === element || element.contains(hit)));
  });
  expect(covered, 'the game is covered by the chat drawer').toBe(false);
}

/** `target` is inside the viewport below the top bar and nothing (the open chat drawer) is drawn over its middle. */
export async function expectInSightAndUncovered(page: Page, target: Locator): Promise<void> {
  await expect(async () => {
    const where = await target.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      const topBar = document.querySelector('.top-bar')?.getBoundingClientRect().bottom ?? 0;
      const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
      return {
        inSight: rect.top >= topBar && rect.bottom <= window.innerHeight,
        covered: !(hit && (hit === element || element.contains(hit))),
      };
    });
    expect(where, 'the game under the open chat drawer').toEqual({ inSight: true, covered: false });
  }).toPass({ timeout: 3_000 });
}

/** `figure` ("0 victorias") is on one line and inside `card`. */
export async function expectOneLineInside(figure: Locator, card: Locator): Promise<void> {
  const cardRight = await card.evaluate((element) => element.getBoundingClientRect().right);
  const layout = await figure.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
    return { lines: lines.size, right: range.getBoundingClientRect().right };
  });
  expect(layout.lines, 'the figure and its unit on one line').toBe(1);
  expect(layout.right, 'the figure inside its card').toBeLessThanOrEqual(cardRight);
}
