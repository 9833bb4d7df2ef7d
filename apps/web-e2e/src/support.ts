import AxeBuilder from '@axe-core/playwright';
import { expect, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const screenshotDir = join(__dirname, '..', 'screenshots');

/** Saves a full-page screenshot under apps/web-e2e/screenshots/ for people to look at. */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  // A full-page capture of a scrolled page draws the fixed top and bottom bars where the viewport was, mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Fails on serious or critical accessibility violations of the current page. */
export async function expectAccessible(page: Page): Promise<void> {
  await waitForFiniteAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const report = blocking.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .map((node) => node.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  expect(report, 'axe-core serious/critical violations').toEqual([]);
}

/**
 * Waits until no finite CSS animation or transition is running (a toast fading in or out, a dialog opening). Axe
 * measures colours as they are drawn at that instant, so a half-transparent toast mid-fade reads as a contrast failure
 * that no person ever sees. Endless animations (spinners) are left alone.
 */
async function waitForFiniteAnimations(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 5000 },
  );
}
