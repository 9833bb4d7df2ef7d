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

/**
 * Fails on serious or critical accessibility violations of the current page at rest. A toast can start fading out
 * while axe runs (its auto-dismiss timer fires mid-analysis), and axe then measures a half-transparent toast as a
 * contrast failure no person reads. So a page with findings is analysed a second time once its animations are done,
 * and only the findings present both times are reported: a real violation is in the markup and shows up twice.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const first = await blockingViolations(page);
  const report =
    first.length === 0 ? [] : (await blockingViolations(page)).filter((finding) => first.includes(finding));
  expect(report, 'axe-core serious/critical violations').toEqual([]);
}

/** One line per element with a serious or critical violation (rule, help, target) once animations have settled. */
async function blockingViolations(page: Page): Promise<string[]> {
  await waitForFiniteAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id} (${violation.impact}): ${violation.help} — ${node.target.join(' ')}`,
      ),
    );
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
