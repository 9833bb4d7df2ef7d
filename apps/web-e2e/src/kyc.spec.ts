import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { registerWithDeposit, signedInContext } from './players';

/** The e2e server's own PostgreSQL (its port from the cluster's postmaster.pid, as grantSupport finds it). */
async function withDatabase<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const port = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    .trim();
  const client = new Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/skillduel` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(__dirname, '..', 'screenshots', `${name}.png`), fullPage: true });

async function withdraw(page: Page, dollars: string): Promise<void> {
  await page.goto('/wallet?tab=withdraw');
  await page.getByLabel('Amount (USD)').fill(dollars);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
}

test.describe('identity verification before a large withdrawal (sandbox provider)', () => {
  test('told why, verified through the hosted sandbox page, then the withdrawal goes through', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    // $2 500 in; the default policy verifies identities before withdrawals add up to more than $2 000.
    const player = await registerWithDeposit(request, 'kycplayer', 2500);
    // The basic tier needs a verified email (the mail link is the accounts spec's subject).
    await withDatabase((client) =>
      client.query(`UPDATE users SET email_verified_at = now() WHERE username = $1`, [player.username]),
    );
    const context = await signedInContext(browser, player);
    const page = await context.newPage();

    await withdraw(page, '2100');
    const notice = page.getByTestId('verification-required');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Identity verification needed');
    await expect(notice).toContainText('Your withdrawals would add up to more than the amount allowed');
    await expect(notice).toContainText('Nothing was moved. Your balance is unchanged.');
    await expect(page.getByTestId('wallet-balance')).toContainText('$2500.00');
    await shot(page, 'kyc-withdrawal-needs-verification');

    // The button opens the provider's hosted flow: the sandbox's own page, where the tester picks the outcome.
    await notice.getByRole('button', { name: 'Verify your identity' }).click();
    await expect(page).toHaveURL(/\/kyc\/sandbox\/sbx_/);
    await expect(page.getByRole('heading', { name: 'Identity check (sandbox)' })).toBeVisible();
    await page.getByTestId('kyc-sandbox-approved').click();
    await expect(page.locator('#result')).toContainText('Sent');
    await shot(page, 'kyc-sandbox-approved');

    // Back on the profile: the sandbox delivers its signed webhook over HTTP; the status follows.
    await page.getByTestId('kyc-sandbox-back').click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('kyc-tier')).toHaveText('Verified', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId('kyc-status')).toHaveText('Approved');
    await expect(page.getByTestId('kyc-start')).toHaveCount(0);
    await shot(page, 'kyc-profile-verified');

    await withdraw(page, '2100');
    await expect(page.getByText(/Withdrawal of \$2,?100\.00 is being processed!/)).toBeVisible();
    await expect(page.getByTestId('verification-required')).toHaveCount(0);
    await expect(page.getByTestId('wallet-balance')).toContainText('$400.00');
    await shot(page, 'kyc-withdrawal-after-verification');
    await context.close();
  });
});
