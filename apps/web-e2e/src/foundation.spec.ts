import { expect, test } from '@playwright/test';
import { expectAccessible, snap } from './support';

test.describe('foundation: landing, guest mode, games catalogue, theme, language', () => {
  test('a guest browses the catalogue, filters it, and keeps theme and language across reloads', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('50K+').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue as Guest' })).toBeVisible();
    // The landing page names every catalogue game as the games page does.
    await expect(page.getByTestId('featured-game')).toHaveCount(7);
    await expect(page.getByTestId('featured-game').filter({ hasText: 'Reaction Time' })).toBeVisible();
    await expect(page.getByTestId('featured-game').filter({ hasText: 'Word Wizard' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await snap(page, '01-landing');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Continue as Guest' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(
      page.getByText('Welcome to spectator mode! You can watch games and play practice matches.'),
    ).toBeVisible();
    await expect(page.getByText('Sign up to unlock betting and earn real money!')).toBeVisible();
    await expect(page.getByTestId('user-chip')).toContainText('Guest_');
    await snap(page, '02-dashboard-guest');

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Games' }).click();
    await expect(page).toHaveURL(/\/games$/);
    const cards = page.getByTestId('game-card');
    await expect(cards).toHaveCount(7);
    // Guests practise: no bet range, and the button says Practice.
    await expect(page.getByTestId('bet-range')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Practice' })).toHaveCount(7);
    await snap(page, '03-games-guest');
    await expectAccessible(page);

    await page.getByTestId('category-chip').filter({ hasText: 'Math' }).click();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toHaveAttribute('data-game-id', 'number-rush');
    await page.getByTestId('category-chip').filter({ hasText: 'Reaction' }).click();
    await expect(cards).toHaveCount(2);
    await page.getByTestId('category-chip').filter({ hasText: 'Strategy' }).click();
    await expect(cards).toHaveCount(0);
    await expect(page.getByText('No games found in this category')).toBeVisible();
    await expect(page.getByText('No Strategy games yet: coming soon.')).toBeVisible();
    await expect(page.getByTestId('category-chip').filter({ hasText: 'Puzzle' })).toContainText('coming soon');
    await page.getByTestId('category-chip').filter({ hasText: 'All' }).click();
    await expect(cards).toHaveCount(7);

    // Theme: dark by default, the toggle flips it, and a reload restores it from localStorage.
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveClass(/light/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/light/);
    await expect(cards).toHaveCount(7); // the guest session survived the reload too
    await snap(page, '04-games-light');
    await expectAccessible(page);

    // Spanish.
    await page.getByTestId('language-switch').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    const mainNav = page.getByRole('navigation', { name: 'Navegación principal' });
    await expect(mainNav.getByRole('link', { name: 'Juegos' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Practicar' })).toHaveCount(7);
    await expect(cards.filter({ hasText: 'Carrera de Números' })).toHaveCount(1);
    await page.reload();
    await expect(
      page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Juegos' }),
    ).toBeVisible();
    await snap(page, '05-games-es');
    await expectAccessible(page);
  });

  test('mobile layout uses the bottom navigation', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Continue as Guest' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const mobileNav = page.getByRole('navigation', { name: 'Mobile navigation' });
    await expect(mobileNav).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
    await mobileNav.getByRole('link', { name: 'Games' }).click();
    await expect(page.getByTestId('game-card')).toHaveCount(7);
    await snap(page, '06-games-mobile');
    await expectAccessible(page);
  });

  test('anonymous visitors are sent to the landing page from guarded routes, and deep links load the app', async ({
    page,
  }) => {
    await page.goto('/wallet');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Continue as Guest' })).toBeVisible();
  });

  test('the API answers unknown routes with the spec error body', async ({ request }) => {
    const response = await request.get('/api/nope');
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ detail: 'Resource not found' });
    const games = await request.get('/api/games/');
    expect(games.status()).toBe(200);
    expect(await games.json()).toHaveLength(7);
  });
});
