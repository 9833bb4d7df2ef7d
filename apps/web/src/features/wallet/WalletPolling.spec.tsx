import { act, screen, waitFor, within } from '@testing-library/react';
import { delay } from 'msw';
import { toast as sonnerToast } from 'sonner';
import { renderApp } from '../../test/renderWithProviders';
import { buildTransaction, installFakeWallet } from '../../test/wallet';

// The real interval is a few seconds; the behaviour is the same at 50 ms.
jest.mock('./walletApi', () => ({ ...jest.requireActual<object>('./walletApi'), PENDING_POLL_INTERVAL_MS: 50 }));

const statusOf = (id: string) => {
  const row = screen
    .getAllByTestId('transaction-row')
    .find((element) => element.getAttribute('data-transaction-id') === id);
  if (!row) throw new Error(`no row ${id}`);
  return within(row).getByTestId('transaction-status');
};

describe('wallet: pending transactions are polled until they settle', () => {
  afterEach(() => sonnerToast.dismiss());

  it('History: a pending withdrawal turns completed, then polling stops', async () => {
    const wallet = installFakeWallet({
      user: { current_balance: 30, balance: 30 },
      transactions: [
        buildTransaction({ id: 'wd', type: 'withdrawal', amount: 20, status: 'pending', balance_after: 30 }),
        buildTransaction({ id: 'dep', amount: 50, balance_after: 50 }),
      ],
    });
    renderApp('/wallet?tab=history');
    await waitFor(() => expect(statusOf('wd')).toHaveTextContent('Pending'));
    expect(statusOf('wd')).toHaveClass('status-pending');
    expect(await screen.findByText('Pending transactions update automatically.')).toBeInTheDocument();

    const requestsWhilePending = wallet.historyRequests.length;
    await waitFor(() => expect(wallet.historyRequests.length).toBeGreaterThan(requestsWhilePending + 1));

    const userRequestsBefore = wallet.userRequests;
    wallet.transactions[0] = { ...wallet.transactions[0], status: 'completed' };
    await waitFor(() => expect(statusOf('wd')).toHaveTextContent('Completed'));
    expect(statusOf('wd')).toHaveClass('status-completed');
    // Settled: the balance and totals are reloaded once more.
    await waitFor(() => expect(wallet.userRequests).toBeGreaterThan(userRequestsBefore));

    const requestsAfterSettling = wallet.historyRequests.length;
    await delay(300);
    expect(wallet.historyRequests.length).toBe(requestsAfterSettling);
    expect(screen.queryByText('Pending transactions update automatically.')).not.toBeInTheDocument();
  });

  it('Overview: a withdrawal made here is polled; when it fails and is refunded the balance comes back', async () => {
    const wallet = installFakeWallet({
      user: { current_balance: 50, balance: 50 },
      transactions: [buildTransaction({ id: 'dep', amount: 50, balance_after: 50 })],
    });
    const { user } = renderApp('/wallet?tab=withdraw');
    await waitFor(() => expect(wallet.userRequests).toBeGreaterThan(0));
    await user.type(screen.getByLabelText('Amount (USD)'), '20');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Withdrawal of $20.00 is being processed!')).toBeInTheDocument();
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('$30.00');

    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    const withdrawalId = wallet.transactions[0].id;
    await waitFor(() => expect(statusOf(withdrawalId)).toHaveTextContent('Pending'));

    // The provider fails it: the withdrawal is marked failed and a refund returns the money.
    wallet.transactions[0] = { ...wallet.transactions[0], status: 'failed' };
    wallet.transactions.unshift(buildTransaction({ id: 'refund', type: 'refund', amount: 20, balance_after: 50 }));
    wallet.user = { ...wallet.user, current_balance: 50, balance: 50 };

    await waitFor(() => expect(statusOf(withdrawalId)).toHaveTextContent('Failed'));
    expect(statusOf(withdrawalId)).toHaveClass('status-failed');
    expect(statusOf('refund')).toHaveTextContent('Completed');
    await waitFor(() => expect(screen.getByTestId('wallet-balance')).toHaveTextContent('$50.00'));
    expect(screen.getByTestId('balance')).toHaveTextContent('$50.00');
    // Let the last reloads land before the test ends.
    await act(() => delay(150));
  });
});
