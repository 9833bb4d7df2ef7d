import { APIRequestContext, expect as baseExpect, Page, request as playwrightRequest, test } from '@playwright/test';
import type { Player } from './players';
import { signedInContext } from './players';
import { expectAccessible, snap } from './support';

// The machine running these is loaded: screens may take a while to appear.
const expect = baseExpect.configure({ timeout: 30_000 });

/** A fresh account that has not declared its date of birth yet (and has no money). */
async function undeclaredPlayer(shared: APIRequestContext, prefix: string): Promise<Player> {
  const origin = new URL((await shared.get('/api/health')).url()).origin;
  const request = await playwrightRequest.newContext({ baseURL: origin });
  try {
    const username = `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const password = 'correct-horse-9';
    const registered = await request.post('/api/auth/register', {
      data: { username, email: `${username}@example.com`, password, confirmPassword: password },
    });
    expect(registered.status(), await registered.text()).toBeLessThan(300);
    const auth = (await registered.json()) as { access_token: string; refresh_token: string };
    return { username, accessToken: auth.access_token, refreshToken: auth.refresh_token };
  } finally {
    await request.dispose();
  }
}

/** Wallet → Deposit → $20 by card → Continue → Confirm: the first money action opens the declaration. */
async function startFirstDeposit(
  page: Page,
  words: { deposit: string; amount: string; continue: string; confirm: string },
) {
  await page.goto('/wallet');
  await page.getByRole('tab', { name: words.deposit }).click();
  await page.getByLabel(words.amount).fill('20');
  await page.getByRole('button', { name: words.continue }).click();
  await page.getByTestId('confirm-step').getByRole('button', { name: words.confirm }).click();
}

test.describe('date of birth: read back before it is final, a refusal explained with the way to support', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a typo is caught at the read-back, then an adult date goes through', async ({ browser, request }) => {
    const player = await undeclaredPlayer(request, 'dob');
    const context = await signedInContext(browser, player);
    const page = await context.newPage();
    await startFirstDeposit(page, {
      deposit: 'Deposit',
      amount: 'Amount (USD)',
      continue: 'Continue',
      confirm: 'Confirm',
    });
    const dialog = page.getByTestId('eligibility-dialog');
    await dialog.getByTestId('eligibility-dob').fill('2010-05-17');
    await dialog.getByTestId('eligibility-country').selectOption('MX');
    await dialog.getByTestId('eligibility-terms').check();
    await dialog.getByRole('button', { name: 'Confirm and continue' }).click();
    await expect(dialog.getByTestId('eligibility-check')).toHaveText(
      'You were born on 17 May 2010 and live in Mexico — is that right?',
    );
    await snap(page, 'dob-01-read-back');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'No, let me fix it' }).click();
    await dialog.getByTestId('eligibility-dob').fill('1990-05-17');
    await dialog.getByRole('button', { name: 'Confirm and continue' }).click();
    await expect(dialog.getByTestId('eligibility-check')).toContainText('17 May 1990');
    await dialog.getByRole('button', { name: 'Yes, that is right' }).click();
    await expect(page.getByText('Successfully deposited $20.00!')).toBeVisible();
    await context.close();
  });

  test('an under-age declaration, once confirmed, is explained in Spanish with the support address (phone)', async ({
    browser,
    request,
  }) => {
    const player = await undeclaredPlayer(request, 'menor');
    const context = await signedInContext(browser, player, { language: 'es', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await startFirstDeposit(page, {
      deposit: 'Depositar',
      amount: 'Monto (USD)',
      continue: 'Continuar',
      confirm: 'Confirmar',
    });
    const dialog = page.getByTestId('eligibility-dialog');
    await dialog.getByTestId('eligibility-dob').fill('2010-05-17');
    await dialog.getByTestId('eligibility-country').selectOption('MX');
    await dialog.getByTestId('eligibility-terms').check();
    await dialog.getByRole('button', { name: 'Confirmar y continuar' }).click();
    await expect(dialog.getByTestId('eligibility-check')).toHaveText(
      'Naciste el 17 de mayo de 2010 y vives en México: ¿es correcto?',
    );
    await dialog.getByRole('button', { name: 'Sí, es correcto' }).click();
    await expect(dialog.getByTestId('eligibility-refused')).toContainText(
      'Declaraste que naciste el 17 de mayo de 2010. En México el juego con dinero real empieza a los 18 años',
    );
    await expect(dialog.getByRole('link', { name: 'support@skillduel.example' })).toHaveAttribute(
      'href',
      'mailto:support@skillduel.example',
    );
    await snap(page, 'dob-02-refused-es-phone');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();

    // The next money action explains the same thing; the form is not offered again.
    await startFirstDeposit(page, {
      deposit: 'Depositar',
      amount: 'Monto (USD)',
      continue: 'Continuar',
      confirm: 'Confirmar',
    });
    await expect(dialog.getByTestId('eligibility-refused')).toContainText('17 de mayo de 2010');
    await expect(dialog.getByTestId('eligibility-dob')).toHaveCount(0);
    await context.close();
  });
});
