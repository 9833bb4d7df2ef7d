import { expect, Page, test } from '@playwright/test';
import { authHeaders, Player, registerWithDeposit, signedInContext } from './players';
import { grantSupport } from './staff';
import { expectAccessible, snap } from './support';

const CONFLICT_OF_INTEREST =
  'Conflict of interest: this concerns your own account, a round you played, or an account that shares a device or network with yours. Another staff member must decide it.';
const AWAITING_LABEL = 'Awaiting second approval by another staff member';
const OWN_PROPOSAL = 'You proposed this decision: it is awaiting second approval by another staff member';

/**
 * Separation of duties in the console (docs/decisions/2310): a support member cannot approve their own withdrawal,
 * and a withdrawal above FOUR_EYES_ABOVE ($1 000 by default) waits for a second, different staff member.
 */
test.describe('operator console: separation of duties', () => {
  test('own withdrawal refused as a conflict of interest; a large one needs a second staff member', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const withdraw = async (player: Player, dollars: number) => {
      const response = await request.post('/api/transactions/withdraw', {
        data: { amount: dollars, payment_method: 'bank' },
        headers: { ...authHeaders(player), 'Idempotency-Key': `${player.username}-${dollars}` },
      });
      expect(response.status(), await response.text()).toBeLessThan(300);
      const body = (await response.json()) as { transaction: { review_status?: string } };
      expect(body.transaction.review_status).toBe('pending_review');
    };
    const player = await registerWithDeposit(request, 'bigwin', 3000);
    await withdraw(player, 1500);
    const first = await registerWithDeposit(request, 'sodfirst', 2000);
    await withdraw(first, 1200);
    const second = await registerWithDeposit(request, 'sodsecond', 0);
    grantSupport(`${first.username}@example.com`);
    grantSupport(`${second.username}@example.com`);

    const openQueue = async (staff: Player): Promise<Page> => {
      const context = await signedInContext(browser, staff);
      const page = await context.newPage();
      await page.goto('/admin');
      await page.getByTestId('admin-tab-withdrawals').click();
      return page;
    };
    const rowOf = (page: Page, username: string) =>
      page.getByTestId('admin-withdrawal-row').filter({ hasText: username });

    // The first support member's own withdrawal: refused, with the reason, and still waiting.
    const firstPage = await openQueue(first);
    const own = rowOf(firstPage, first.username);
    await own.getByTestId('admin-decision-reason').fill('paying myself');
    await own.getByRole('button', { name: 'Approve' }).click();
    await expect(own.getByRole('alert')).toHaveText(CONFLICT_OF_INTEREST);
    await snap(firstPage, 'staff-duties-01-conflict-of-interest');

    // The player's $1 500: the first approval is only a proposal.
    const large = rowOf(firstPage, player.username);
    await large.getByTestId('admin-decision-reason').fill('documents checked');
    await large.getByRole('button', { name: 'Approve' }).click();
    await expect(large.getByTestId('admin-pending-approval')).toContainText(AWAITING_LABEL);
    await expect(large.getByTestId('admin-pending-approval')).toContainText(first.username);
    await snap(firstPage, 'staff-duties-02-awaiting-second-approval');
    await expectAccessible(firstPage);
    // The proposer cannot confirm it.
    await large.getByRole('button', { name: 'Approve' }).click();
    await expect(large.getByRole('alert')).toHaveText(OWN_PROPOSAL);

    // The second support member sees the proposal and confirms it: the withdrawal leaves the held queue.
    const secondPage = await openQueue(second);
    const proposed = rowOf(secondPage, player.username);
    await expect(proposed.getByTestId('admin-pending-approval')).toContainText(first.username);
    await proposed.getByTestId('admin-decision-reason').fill('confirmed');
    await proposed.getByRole('button', { name: 'Approve' }).click();
    await expect(rowOf(secondPage, player.username)).toHaveCount(0);
    await expect(rowOf(secondPage, first.username)).toHaveCount(1);
    await snap(secondPage, 'staff-duties-03-confirmed');
  });
});
