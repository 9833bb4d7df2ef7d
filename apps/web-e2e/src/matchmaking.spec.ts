import { expect, test } from '@playwright/test';
import { balanceOf, registerWithDeposit, signedInContext } from './players';
import { expectAccessible, snap } from './support';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
const GAME = '/game/number-rush';

test.describe('Find opponent: the matchmaking queue', () => {
  test('two players at the same stake are paired into one room; a third at another stake cancels and is refunded', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const ana = await registerWithDeposit(request, 'mmana');
    const ben = await registerWithDeposit(request, 'mmben');
    const cleo = await registerWithDeposit(request, 'mmcleo');

    // Ana (desktop, English) confirms $3 and searches: the elapsed time ticks and the rating window is shown.
    const anaContext = await signedInContext(browser, ana);
    const a = await anaContext.newPage();
    await a.goto(GAME);
    await a.getByTestId('find-opponent').click();
    await a.getByTestId('stake-amount').fill('3');
    await a.getByRole('button', { name: 'Stake $3.00 and find opponent' }).click();
    const searching = a.getByTestId('matchmaking-searching');
    await expect(searching).toBeVisible();
    await expect(a.getByRole('status').filter({ hasText: 'Searching for an opponent…' })).toBeVisible();
    await expect(searching).toContainText('Your stake: $3.00');
    await expect(a.getByTestId('matchmaking-window')).toHaveText(/^±\d+$/);
    await expect(a.getByTestId('matchmaking-elapsed')).toHaveText(/^0:0[2-9]$/, { timeout: 5_000 });
    await expect(a.getByTestId('balance')).toHaveText(/\$47\.00/);
    expect(await balanceOf(request, ana)).toBe(47);
    await expect(a.getByRole('button', { name: 'Cancel search' })).toBeFocused();
    // A reload restores the search (GET /matchmaking/queue), with the time already waited.
    await a.reload();
    await expect(a.getByTestId('matchmaking-searching')).toBeVisible();
    await expect(a.getByTestId('matchmaking-elapsed')).not.toHaveText('0:00');
    await expectAccessible(a);
    await snap(a, 'matchmaking-01-searching-desktop-en');

    // Ben (a phone, Spanish) confirms the same game and stake: both are told, both open the same room.
    const benContext = await signedInContext(browser, ben, { ...PHONE, language: 'es' });
    const b = await benContext.newPage();
    await b.goto(GAME);
    await b.getByTestId('find-opponent').click();
    await b.getByTestId('stake-amount').fill('3');
    await b.getByRole('button', { name: 'Apostar $3.00 y buscar oponente' }).click();
    // The matcher runs every 500 ms: Ben's search may last only a moment before the pair is found.
    await expect(b.getByTestId('matchmaking-searching').or(b.getByTestId('matchmaking-found'))).toBeVisible();
    await expect(a.getByTestId('matchmaking-found')).toHaveText(/Opponent found!/);
    await expect(b.getByTestId('matchmaking-found')).toContainText('¡Oponente encontrado!');
    await expect(a).toHaveURL(/\/game\/room_/);
    await expect(b).toHaveURL(a.url());
    await expect(a.getByTestId('room-subtitle')).toHaveText('Bet: $3.00');
    await expect(a.getByTestId('opponent')).toContainText(ben.username);
    await expect(b.getByTestId('opponent')).toContainText(ana.username);
    expect(await balanceOf(request, ana)).toBe(47);
    expect(await balanceOf(request, ben)).toBe(47);
    // And they play.
    await a.getByTestId('start-game').click();
    await b.getByTestId('start-game').click();
    await expect(a.getByTestId('game-room')).toHaveAttribute('data-phase', 'playing', { timeout: 15_000 });
    await expect(b.getByTestId('game-room')).toHaveAttribute('data-phase', 'playing', { timeout: 15_000 });
    await anaContext.close();
    await benContext.close();

    // Cleo (a phone, Spanish) searches at $4, nobody else does: she cancels and her stake comes back.
    const cleoContext = await signedInContext(browser, cleo, { ...PHONE, language: 'es' });
    const c = await cleoContext.newPage();
    await c.goto(GAME);
    await c.getByTestId('find-opponent').click();
    await c.getByTestId('stake-amount').fill('4');
    await c.getByRole('button', { name: 'Apostar $4.00 y buscar oponente' }).click();
    await expect(c.getByTestId('matchmaking-searching')).toContainText('Buscando un oponente…');
    await expect(c.getByTestId('matchmaking-elapsed')).toHaveText(/^0:0[1-9]$/, { timeout: 5_000 });
    expect(await balanceOf(request, cleo)).toBe(46);
    await snap(c, 'matchmaking-02-searching-phone-es');
    await c.getByRole('button', { name: 'Cancelar búsqueda' }).click();
    await expect(c.getByText('Búsqueda cancelada. Se te devolvió tu apuesta de $4.00.')).toBeVisible();
    await expect(c.getByTestId('find-opponent')).toBeFocused();
    await expect(c.getByTestId('matchmaking-searching')).toHaveCount(0);
    expect(await balanceOf(request, cleo)).toBe(50);
    await expect(c.getByTestId('balance')).toHaveText(/\$50\.00/);
    await cleoContext.close();
  });
});
