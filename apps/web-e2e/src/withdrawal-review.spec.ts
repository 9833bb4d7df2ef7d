import { expect, test } from '@playwright/test';
import { authHeaders, registerWithDeposit, signedInContext } from './players';
import { grantSupport } from './staff';

test.describe('operator console: withdrawal review on the 24-hour total', () => {
  test('two $1 000 withdrawals: the second is held, and support sees the $2 000 total of the day', async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const player = await registerWithDeposit(request, 'splitter', 3000);
    const withdraw = (key: string) =>
      request.post('/api/transactions/withdraw', {
        data: { amount: 1000, payment_method: 'bank' },
        headers: { ...authHeaders(player), 'Idempotency-Key': `${player.username}-${key}` },
      });
    const first = (await (await withdraw('first')).json()) as { transaction: { review_status?: string } };
    expect(first.transaction.review_status).toBeUndefined();
    const second = (await (await withdraw('second')).json()) as { transaction: { review_status?: string } };
    expect(second.transaction.review_status).toBe('pending_review');

    const staff = await registerWithDeposit(request, 'wdsupport', 0);
    grantSupport(`${staff.username}@example.com`);
    const staffContext = await signedInContext(browser, staff);
    const staffPage = await staffContext.newPage();
    await staffPage.goto('/admin');
    await staffPage.getByTestId('admin-tab-withdrawals').click();
    const row = staffPage.getByTestId('admin-withdrawal-row').filter({ hasText: player.username });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('$1000.00');
    await expect(row).toContainText('Above the threshold (24 h total)');
    await expect(row.getByTestId('admin-withdrawal-rolling-total')).toHaveText('$2000.00');
    await staffContext.close();
  });
});
