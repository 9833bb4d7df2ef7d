import { screen, waitFor, within } from '@testing-library/react';
import { TOAST_MESSAGES, VALIDATION_MESSAGES, WALLET_MESSAGES } from '@skillduel/contracts';
import axe from 'axe-core';
import { delay, http, HttpResponse } from 'msw';
import { toast as sonnerToast } from 'sonner';
import { STORAGE_KEYS } from '../../app/storage';
import { renderApp } from '../../test/renderWithProviders';
import { apiUrl, server } from '../../test/server';
import { buildTransaction, installFakeWallet } from '../../test/wallet';
import { createGuestSession } from '../session/guestSession';

type User = ReturnType<typeof renderApp>['user'];

async function openTab(user: User, name: string) {
  await user.click(screen.getByRole('tab', { name }));
}

/** Types an amount, picks a method and presses Continue. */
async function fillMoveForm(user: User, amount: string, method?: string) {
  const input = screen.getByLabelText('Amount (USD)');
  await user.clear(input);
  if (amount !== '') await user.type(input, amount);
  if (method) await user.click(screen.getByRole('radio', { name: method }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

const stat = (testId: string) => screen.getByTestId(testId);

describe('wallet page', () => {
  // Sonner keeps its toasts in module state: without this, a toast of one test would show in the next.
  afterEach(() => {
    sonnerToast.dismiss();
    jest.restoreAllMocks();
  });

  describe('guests', () => {
    it('see a sign-up wall and nothing is loaded', async () => {
      const requests: string[] = [];
      const listener = ({ request }: { request: Request }) => requests.push(new URL(request.url).pathname);
      server.events.on('request:start', listener);
      localStorage.setItem(STORAGE_KEYS.guestSession, JSON.stringify(createGuestSession()));
      renderApp('/wallet');

      const wall = await screen.findByTestId('wallet-guest-wall');
      expect(wall).toHaveTextContent(VALIDATION_MESSAGES.guestDeposit);
      expect(wall).toHaveTextContent(VALIDATION_MESSAGES.guestWithdraw);
      expect(within(wall).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/?mode=signup');
      expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
      expect(screen.queryByTestId('wallet-balance')).not.toBeInTheDocument();
      await delay(20);
      server.events.removeListener('request:start', listener);
      expect(requests.filter((path) => path.includes('/transactions') || path.includes('/users/me'))).toEqual([]);
    });
  });

  describe('overview', () => {
    it('shows balance, total earnings, total deposited and total withdrawn with 2 decimals', async () => {
      installFakeWallet({
        user: {
          current_balance: 12.5,
          balance: 12.5,
          stats: { total_wins: 3, total_earnings: 20, total_deposited: 1234.5, total_withdrawn: 10 },
        },
      });
      renderApp('/wallet');
      await waitFor(() => expect(stat('total-deposited')).toHaveTextContent('$1234.50'));
      expect(stat('wallet-balance')).toHaveTextContent('$12.50');
      expect(stat('total-earnings')).toHaveTextContent('$20.00');
      expect(stat('total-withdrawn')).toHaveTextContent('$10.00');
      expect(screen.getByText('Total Earnings (net)')).toBeInTheDocument();
      expect(screen.getByText('Total Deposited')).toBeInTheDocument();
      expect(screen.getByText('Total Withdrawn')).toBeInTheDocument();
    });

    it('shows the figures from GET /users/me/, fresher than the stored session, and updates the top bar', async () => {
      const wallet = installFakeWallet({ user: { current_balance: 12.5, balance: 12.5 } });
      wallet.user = { ...wallet.user, current_balance: 80, balance: 80 };
      renderApp('/wallet');
      await waitFor(() => expect(stat('wallet-balance')).toHaveTextContent('$80.00'));
      expect(screen.getByTestId('balance')).toHaveTextContent('$80.00');
    });

    it('has four tabs, Overview first and selected, and lists the five most recent transactions', async () => {
      const transactions = Array.from({ length: 7 }, (_, index) =>
        buildTransaction({ id: `recent-${index}`, amount: index + 5 }),
      );
      installFakeWallet({ transactions });
      renderApp('/wallet');

      const tabs = screen.getAllByRole('tab');
      expect(tabs.map((tab) => tab.textContent)).toEqual(['Overview', 'Deposit', 'Withdraw', 'History']);
      expect(tabs[0]).toHaveAttribute('aria-selected', 'true');

      const recent = await screen.findByRole('list', { name: 'Recent Transactions' });
      const rows = within(recent).getAllByTestId('transaction-row');
      expect(rows).toHaveLength(5);
      expect(rows.map((row) => row.getAttribute('data-transaction-id'))).toEqual([
        'recent-0',
        'recent-1',
        'recent-2',
        'recent-3',
        'recent-4',
      ]);
      expect(within(rows[0]).getByText('Deposit')).toBeInTheDocument();
      expect(within(rows[0]).getByTestId('transaction-amount')).toHaveTextContent('+$5.00');
      expect(within(rows[0]).getByTestId('transaction-method')).toHaveTextContent('Card');
      expect(within(rows[0]).getByTestId('transaction-status')).toHaveTextContent('Completed');
      // Seven balances after, and the balance before the oldest one.
      expect(screen.getByTestId('balance-chart')).toHaveAttribute('data-points', '8');
    });

    it('draws the balance chart from the first deposit on (from the balance before it)', async () => {
      installFakeWallet({ transactions: [buildTransaction({ id: 'first', amount: 50, balance_after: 50 })] });
      renderApp('/wallet');
      expect(await screen.findByTestId('balance-chart')).toHaveAttribute('data-points', '2');
      expect(screen.queryByTestId('balance-chart-empty')).not.toBeInTheDocument();
      expect(screen.getByRole('img', { name: /\$0\.00.*\$50\.00/ })).toBeInTheDocument();
    });

    it('signs and colours amounts by direction and statuses completed green, pending yellow, failed red', async () => {
      installFakeWallet({
        transactions: [
          buildTransaction({ id: 'w', type: 'withdrawal', amount: 20, status: 'pending' }),
          buildTransaction({ id: 'd', type: 'deposit', amount: 50, status: 'failed', balance_after: null }),
          buildTransaction({ id: 'b', type: 'bet', amount: 5, status: 'completed', payment_method: null }),
          buildTransaction({ id: 'x', type: 'win', amount: 9.5, status: 'completed', payment_method: null }),
          buildTransaction({ id: 'r', type: 'refund', amount: 20, status: 'completed', payment_method: null }),
        ],
      });
      renderApp('/wallet');
      const rows = await screen.findAllByTestId('transaction-row');
      const row = (id: string) => rows.find((element) => element.getAttribute('data-transaction-id') === id);
      const parts = (id: string) => {
        const element = row(id);
        if (!element) throw new Error(`no row ${id}`);
        return {
          amount: within(element).getByTestId('transaction-amount'),
          status: within(element).getByTestId('transaction-status'),
        };
      };
      expect(parts('w').amount).toHaveTextContent('\u2212$20.00');
      expect(parts('w').amount).toHaveClass('tx-debit');
      expect(parts('w').status).toHaveTextContent('Pending');
      expect(parts('w').status).toHaveClass('status-pending');
      expect(parts('d').status).toHaveTextContent('Failed');
      expect(parts('d').status).toHaveClass('status-failed');
      expect(parts('b').amount).toHaveTextContent('\u2212$5.00');
      expect(parts('x').amount).toHaveTextContent('+$9.50');
      expect(parts('x').amount).toHaveClass('tx-credit');
      expect(parts('x').status).toHaveClass('status-completed');
      expect(parts('r').amount).toHaveTextContent('+$20.00');
      expect(within(row('b') as HTMLElement).queryByTestId('transaction-method')).not.toBeInTheDocument();
    });

    it('says when there are no transactions yet', async () => {
      installFakeWallet();
      renderApp('/wallet');
      expect(await screen.findByTestId('transactions-empty')).toHaveTextContent('No transactions yet.');
      expect(screen.queryByTestId('balance-chart')).not.toBeInTheDocument();
    });

    it('quick actions open the Deposit and Withdraw tabs', async () => {
      installFakeWallet({ user: { current_balance: 50, balance: 50 } });
      const { user } = renderApp('/wallet');
      await user.click(await screen.findByTestId('quick-deposit'));
      expect(screen.getByRole('tab', { name: 'Deposit' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByTestId('location')).toHaveTextContent('/wallet?tab=deposit');
      await openTab(user, 'Overview');
      await user.click(await screen.findByTestId('quick-withdraw'));
      expect(screen.getByRole('tab', { name: 'Withdraw' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByTestId('withdrawal-note')).toBeInTheDocument();
    });

    it('the tabs work from the keyboard: arrows (wrapping), Home and End', async () => {
      installFakeWallet();
      const { user } = renderApp('/wallet');
      await screen.findByTestId('transactions-empty');
      const tab = (name: string) => screen.getByRole('tab', { name });
      await user.tab();
      while (document.activeElement !== tab('Overview')) await user.tab();
      expect(tab('Deposit')).toHaveAttribute('tabindex', '-1');

      await user.keyboard('{ArrowRight}');
      expect(tab('Deposit')).toHaveAttribute('aria-selected', 'true');
      expect(tab('Deposit')).toHaveFocus();
      expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Deposit');
      await user.keyboard('{End}');
      expect(tab('History')).toHaveFocus();
      expect(tab('History')).toHaveAttribute('aria-selected', 'true');
      await user.keyboard('{ArrowRight}');
      expect(tab('Overview')).toHaveFocus();
      await user.keyboard('{ArrowLeft}');
      expect(tab('History')).toHaveFocus();
      await user.keyboard('{Home}');
      expect(tab('Overview')).toHaveAttribute('aria-selected', 'true');
    });
  });

  describe('deposit', () => {
    it.each([
      ['', VALIDATION_MESSAGES.invalidDeposit],
      ['0', VALIDATION_MESSAGES.invalidDeposit],
      ['-5', VALIDATION_MESSAGES.invalidDeposit],
      ['1.001', VALIDATION_MESSAGES.invalidDeposit],
      ['4.99', VALIDATION_MESSAGES.depositMin],
      ['10000.01', VALIDATION_MESSAGES.depositMax],
    ])('amount %p → %p, and nothing is sent', async (amount, message) => {
      const wallet = installFakeWallet();
      const { user } = renderApp('/wallet?tab=deposit');
      await fillMoveForm(user, amount);
      expect(await screen.findByTestId('amount-error')).toHaveTextContent(message);
      expect(screen.getByLabelText('Amount (USD)')).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText('Amount (USD)')).toHaveFocus();
      expect(screen.queryByTestId('confirm-step')).not.toBeInTheDocument();
      expect(wallet.moves).toEqual([]);
    });

    it('has an amount input with step 0.01, min 5 and max 10000, and the four payment methods', async () => {
      installFakeWallet();
      renderApp('/wallet?tab=deposit');
      const input = await screen.findByLabelText('Amount (USD)');
      expect(input).toHaveAttribute('type', 'number');
      expect(input).toHaveAttribute('step', '0.01');
      expect(input).toHaveAttribute('min', '5');
      expect(input).toHaveAttribute('max', '10000');
      const methods = within(screen.getByRole('group', { name: 'Payment method' })).getAllByRole('radio');
      expect(methods.map((radio) => radio.getAttribute('value'))).toEqual(['card', 'paypal', 'crypto', 'bank']);
      expect(screen.getByRole('radio', { name: 'Card' })).toBeChecked();
    });

    it('shows a confirmation with amount and method before any money moves; Cancel goes back', async () => {
      const wallet = installFakeWallet();
      const { user } = renderApp('/wallet?tab=deposit');
      await fillMoveForm(user, '50', 'PayPal');

      const confirmStep = await screen.findByTestId('confirm-step');
      expect(within(confirmStep).getByRole('heading', { name: 'Confirm deposit' })).toHaveFocus();
      expect(within(confirmStep).getByTestId('confirm-amount')).toHaveTextContent('$50.00');
      expect(within(confirmStep).getByTestId('confirm-method')).toHaveTextContent('PayPal');
      expect(wallet.moves).toEqual([]);

      await user.click(within(confirmStep).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByTestId('confirm-step')).not.toBeInTheDocument();
      expect(screen.getByLabelText('Amount (USD)')).toHaveValue(50);
      expect(screen.getByLabelText('Amount (USD)')).toHaveFocus();
      expect(screen.getByRole('radio', { name: 'PayPal' })).toBeChecked();
      expect(wallet.moves).toEqual([]);
    });

    it('on success toasts, adjusts balance and totals (top bar too) and reloads the history', async () => {
      const wallet = installFakeWallet({
        user: { current_balance: 12.5, balance: 12.5 },
        transactions: [buildTransaction({ id: 'old', amount: 12.5, balance_after: 12.5 })],
      });
      const { user } = renderApp('/wallet');
      await screen.findAllByTestId('transaction-row');
      await openTab(user, 'Deposit');
      await fillMoveForm(user, '50', 'Card');
      await user.click(screen.getByRole('button', { name: 'Confirm' }));

      expect(await screen.findByText('Successfully deposited $50.00!')).toBeInTheDocument();
      expect(wallet.moves).toHaveLength(1);
      expect(wallet.moves[0].body).toEqual({ amount: 50, payment_method: 'card' });
      expect(stat('wallet-balance')).toHaveTextContent('$62.50');
      expect(screen.getByTestId('balance')).toHaveTextContent('$62.50');
      await waitFor(() => expect(stat('total-deposited')).toHaveTextContent('$100.00'));
      // The form is ready for another deposit.
      expect(screen.queryByTestId('confirm-step')).not.toBeInTheDocument();
      expect(screen.getByLabelText('Amount (USD)')).toHaveValue(null);

      const requestsBefore = wallet.historyRequests.length;
      await openTab(user, 'History');
      const history = await screen.findByTestId('wallet-history');
      await waitFor(() => expect(within(history).getAllByTestId('transaction-row')).toHaveLength(2));
      expect(wallet.historyRequests.length).toBeGreaterThan(requestsBefore);
      const [newest] = within(history).getAllByTestId('transaction-row');
      expect(newest).toHaveAttribute('data-type', 'deposit');
      expect(within(newest).getByTestId('transaction-status')).toHaveTextContent('Completed');
      expect(within(newest).getByTestId('transaction-amount')).toHaveTextContent('+$50.00');
    });

    it('reuses the same Idempotency-Key when retrying after a network error, so the money moves once', async () => {
      const wallet = installFakeWallet({ user: { current_balance: 0, balance: 0 } });
      let failNext = true;
      server.use(
        http.post(apiUrl('/transactions/deposit'), ({ request }) => {
          if (!failNext) return undefined;
          failNext = false;
          wallet.moves.push({
            path: 'deposit',
            idempotencyKey: request.headers.get('Idempotency-Key'),
            body: { amount: 0, payment_method: 'card' },
          });
          return HttpResponse.error();
        }),
      );
      const { user } = renderApp('/wallet?tab=deposit');
      await fillMoveForm(user, '25');
      await user.click(screen.getByRole('button', { name: 'Confirm' }));

      const error = await screen.findByTestId('confirm-error');
      expect(error).toHaveTextContent(TOAST_MESSAGES.depositFailed);
      expect(await screen.findByText(TOAST_MESSAGES.depositFailed, { selector: '[data-title]' })).toBeInTheDocument();
      // Still on the confirmation, ready to retry the very same request.
      expect(screen.getByTestId('confirm-amount')).toHaveTextContent('$25.00');
      await user.click(screen.getByRole('button', { name: 'Confirm' }));
      expect(await screen.findByText('Successfully deposited $25.00!')).toBeInTheDocument();

      expect(wallet.moves).toHaveLength(2);
      const [first, retry] = wallet.moves;
      expect(first.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
      expect(retry.idempotencyKey).toBe(first.idempotencyKey);
      expect(wallet.user.current_balance).toBe(25);

      // A new confirmation is a new operation with a new key.
      await fillMoveForm(user, '10');
      await user.click(screen.getByRole('button', { name: 'Confirm' }));
      expect(await screen.findByText('Successfully deposited $10.00!')).toBeInTheDocument();
      expect(wallet.moves[2].idempotencyKey).not.toBe(first.idempotencyKey);
    });

    it('sends one request however fast Confirm is clicked, and is busy meanwhile', async () => {
      const wallet = installFakeWallet();
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      server.use(
        http.post(apiUrl('/transactions/deposit'), async () => {
          await gate;
          return undefined;
        }),
      );
      const { user } = renderApp('/wallet?tab=deposit');
      await fillMoveForm(user, '20');
      const confirm = screen.getByRole('button', { name: 'Confirm' });
      await user.dblClick(confirm);
      await user.click(confirm);
      expect(confirm).toBeDisabled();
      expect(confirm).toHaveAttribute('aria-busy', 'true');
      expect(confirm).toHaveTextContent('Processing...');
      expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
      release();
      expect(await screen.findByText('Successfully deposited $20.00!')).toBeInTheDocument();
      expect(wallet.moves).toHaveLength(1);
    });

    it.each([
      [402, TOAST_MESSAGES.depositFailed],
      [403, WALLET_MESSAGES.depositNotAllowed],
      [400, VALIDATION_MESSAGES.depositMax],
    ])('shows the server refusal %p with its detail and opens the form again', async (status, detail) => {
      installFakeWallet();
      server.use(
        http.post(apiUrl('/transactions/deposit'), () =>
          HttpResponse.json({ statusCode: status, detail, message: detail }, { status }),
        ),
      );
      const { user } = renderApp('/wallet?tab=deposit');
      await fillMoveForm(user, '60.13');
      await user.click(screen.getByRole('button', { name: 'Confirm' }));
      expect(await screen.findByTestId('amount-error')).toHaveTextContent(detail);
      expect(screen.queryByTestId('confirm-step')).not.toBeInTheDocument();
      expect(await screen.findByText(detail, { selector: '[data-title]' })).toBeInTheDocument();
    });

    it("says 'Deposit failed. Please try again.' on a server fault and keeps the confirmation", async () => {
      installFakeWallet();
      server.use(
        http.post(apiUrl('/transactions/deposit'), () =>
          HttpResponse.json({ statusCode: 500, detail: 'boom' }, { status: 500 }),
        ),
      );
      const { user } = renderApp('/wallet?tab=deposit');
      await fillMoveForm(user, '30');
      await user.click(screen.getByRole('button', { name: 'Confirm' }));
      expect(await screen.findByTestId('confirm-error')).toHaveTextContent(TOAST_MESSAGES.depositFailed);
      expect(screen.queryByText('boom')).not.toBeInTheDocument();
    });

    it('is disabled with the reason when deposits are not allowed for the account', async () => {
      installFakeWallet({ user: { canDeposit: false } });
      renderApp('/wallet?tab=deposit');
      expect(await screen.findByTestId('move-blocked')).toHaveTextContent(WALLET_MESSAGES.depositNotAllowed);
      expect(screen.getByLabelText('Amount (USD)')).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    });
  });

  describe('withdraw', () => {
    it.each([
      [{ canWithdraw: false, current_balance: 500, balance: 500 }, WALLET_MESSAGES.withdrawalNotAllowed],
      [
        { canWithdraw: true, current_balance: 9.99, balance: 9.99 },
        'You need a balance of at least $10.00 to withdraw.',
      ],
    ])('the quick action is disabled for %p', async (overrides, reason) => {
      installFakeWallet({ user: overrides });
      renderApp('/wallet');
      const withdraw = await screen.findByTestId('quick-withdraw');
      await waitFor(() => expect(withdraw).toBeDisabled());
      expect(withdraw).toHaveAccessibleDescription(reason);
      expect(screen.getByTestId('quick-deposit')).toBeEnabled();
    });

    it('the quick action is enabled from a balance of $10.00', async () => {
      installFakeWallet({ user: { current_balance: 10, balance: 10 } });
      renderApp('/wallet');
      await waitFor(() => expect(screen.getByTestId('quick-withdraw')).toBeEnabled());
      expect(screen.queryByTestId('withdraw-blocked-reason')).not.toBeInTheDocument();
    });

    it('is disabled with the reason when withdrawals are not allowed', async () => {
      installFakeWallet({ user: { canWithdraw: false } });
      renderApp('/wallet?tab=withdraw');
      expect(await screen.findByTestId('move-blocked')).toHaveTextContent(WALLET_MESSAGES.withdrawalNotAllowed);
      expect(screen.getByLabelText('Amount (USD)')).toBeDisabled();
    });

    it.each([
      ['', VALIDATION_MESSAGES.invalidWithdrawal],
      ['-10', VALIDATION_MESSAGES.invalidWithdrawal],
      ['9.99', VALIDATION_MESSAGES.withdrawalMin],
      ['12.51', VALIDATION_MESSAGES.insufficientBalance],
    ])('amount %p → %p', async (amount, message) => {
      const wallet = installFakeWallet({ user: { current_balance: 12.5, balance: 12.5 } });
      const { user } = renderApp('/wallet?tab=withdraw');
      await waitFor(() => expect(wallet.userRequests).toBeGreaterThan(0));
      await fillMoveForm(user, amount);
      expect(await screen.findByTestId('amount-error')).toHaveTextContent(message);
      expect(wallet.moves).toEqual([]);
    });

    it('states that withdrawals are processed within 24 hours and fees may apply, with min 10', async () => {
      installFakeWallet({ user: { current_balance: 40, balance: 40 } });
      renderApp('/wallet?tab=withdraw');
      expect(await screen.findByTestId('withdrawal-note')).toHaveTextContent(
        'Withdrawals are processed within 24 hours. Processing fees may apply.',
      );
      expect(screen.getByLabelText('Amount (USD)')).toHaveAttribute('min', '10');
      expect(screen.getByLabelText('Amount (USD)')).toHaveAttribute('step', '0.01');
      await waitFor(() => expect(screen.getByText('Minimum $10.00. Available: $40.00.')).toBeInTheDocument());
    });

    it("shows the server's 'Insufficient balance' when the balance changed meanwhile", async () => {
      const wallet = installFakeWallet({ user: { current_balance: 50, balance: 50 } });
      const { user } = renderApp('/wallet?tab=withdraw');
      await waitFor(() => expect(wallet.userRequests).toBeGreaterThan(0));
      await fillMoveForm(user, '40');
      wallet.user = { ...wallet.user, current_balance: 30, balance: 30 };
      await user.click(screen.getByRole('button', { name: 'Confirm' }));
      expect(await screen.findByTestId('amount-error')).toHaveTextContent(VALIDATION_MESSAGES.insufficientBalance);
      await waitFor(() => expect(stat('wallet-balance')).toHaveTextContent('$30.00'));
    });

    it('on success toasts that it is being processed, lowers the balance and shows it pending', async () => {
      const wallet = installFakeWallet({ user: { current_balance: 50, balance: 50 } });
      const { user } = renderApp('/wallet?tab=withdraw');
      await waitFor(() => expect(wallet.userRequests).toBeGreaterThan(0));
      await fillMoveForm(user, '20', 'Bank transfer');
      expect(screen.getByTestId('confirm-step')).toHaveTextContent('Confirm withdrawal');
      expect(screen.getByTestId('confirm-step')).toHaveTextContent('processed within 24 hours');
      await user.click(screen.getByRole('button', { name: 'Confirm' }));

      expect(await screen.findByText('Withdrawal of $20.00 is being processed!')).toBeInTheDocument();
      expect(wallet.moves[0]).toMatchObject({ path: 'withdraw', body: { amount: 20, payment_method: 'bank' } });
      expect(stat('wallet-balance')).toHaveTextContent('$30.00');
      expect(screen.getByTestId('balance')).toHaveTextContent('$30.00');
      await waitFor(() => expect(stat('total-withdrawn')).toHaveTextContent('$20.00'));

      await openTab(user, 'History');
      const [row] = await screen.findAllByTestId('transaction-row');
      expect(row).toHaveAttribute('data-type', 'withdrawal');
      expect(within(row).getByTestId('transaction-status')).toHaveTextContent('Pending');
      expect(within(row).getByTestId('transaction-status')).toHaveClass('status-pending');
      expect(within(row).getByTestId('transaction-method')).toHaveTextContent('Bank transfer');
    });
  });

  describe('withdraw with two-factor authentication on (decision 1001)', () => {
    it('asks for the current code on the confirm step and sends it as two_factor_code', async () => {
      const wallet = installFakeWallet({ user: { current_balance: 50, balance: 50 } });
      server.use(
        http.get(apiUrl('/auth/security'), () =>
          HttpResponse.json({
            email_verified: true,
            pending_email: null,
            has_password: true,
            two_factor_enabled: true,
            recovery_codes_remaining: 10,
            linked_providers: [],
          }),
        ),
      );
      const { user } = renderApp('/wallet?tab=withdraw');
      await waitFor(() => expect(wallet.userRequests).toBeGreaterThan(0));
      await fillMoveForm(user, '20');
      const code = await screen.findByLabelText('Authentication code');
      await user.click(screen.getByRole('button', { name: 'Confirm' }));
      expect(code).toHaveAccessibleDescription(/6 digits/);
      expect(wallet.moves).toHaveLength(0);
      await user.type(code, '123 456');
      await user.click(screen.getByRole('button', { name: 'Confirm' }));
      expect(await screen.findByText('Withdrawal of $20.00 is being processed!')).toBeInTheDocument();
      expect(wallet.moves[0]).toMatchObject({
        path: 'withdraw',
        body: { amount: 20, payment_method: 'card', two_factor_code: '123456' },
      });
    });

    it('asks no code when 2FA is off', async () => {
      const wallet = installFakeWallet({ user: { current_balance: 50, balance: 50 } });
      const { user } = renderApp('/wallet?tab=withdraw');
      await waitFor(() => expect(wallet.userRequests).toBeGreaterThan(0));
      await fillMoveForm(user, '20');
      expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Confirm' }));
      expect(await screen.findByText('Withdrawal of $20.00 is being processed!')).toBeInTheDocument();
      expect(wallet.moves[0]?.body).toEqual({ amount: 20, payment_method: 'card' });
    });
  });

  describe('history', () => {
    it('loads a page at a time with Load more, newest first, until the end', async () => {
      const transactions = Array.from({ length: 25 }, (_, index) => buildTransaction({ id: `h-${index}` }));
      const wallet = installFakeWallet({ transactions });
      const { user } = renderApp('/wallet?tab=history');
      const history = await screen.findByTestId('wallet-history');
      expect(within(history).getAllByTestId('transaction-row')).toHaveLength(20);
      expect(wallet.historyRequests).toEqual([{ limit: 20, offset: 0 }]);

      await user.click(within(history).getByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(within(history).getAllByTestId('transaction-row')).toHaveLength(25));
      expect(wallet.historyRequests).toEqual([
        { limit: 20, offset: 0 },
        { limit: 20, offset: 20 },
      ]);
      const ids = within(history)
        .getAllByTestId('transaction-row')
        .map((row) => row.getAttribute('data-transaction-id'));
      expect(ids).toEqual(transactions.map((transaction) => transaction.id));
      expect(within(history).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
      expect(history).toHaveTextContent('That is all of your transactions.');
    });

    it('shows a spinner, then an error with Retry that reloads the list', async () => {
      const wallet = installFakeWallet({ transactions: [buildTransaction({ id: 'only' })] });
      let fail = true;
      server.use(
        http.get(apiUrl('/transactions'), async () => {
          await delay(20);
          if (!fail) return undefined;
          return HttpResponse.json({ statusCode: 500, detail: 'down' }, { status: 500 });
        }),
      );
      const { user } = renderApp('/wallet?tab=history');
      expect(await screen.findByRole('status')).toHaveTextContent('Loading transactions...');
      const error = await screen.findByTestId('transactions-error');
      expect(error).toHaveTextContent('Transactions could not be loaded.');
      expect(error).toHaveTextContent('Server error. Please try again later.');
      fail = false;
      await user.click(within(error).getByRole('button', { name: 'Retry' }));
      expect(await screen.findByTestId('wallet-history')).toBeInTheDocument();
      expect(screen.getAllByTestId('transaction-row')).toHaveLength(1);
      expect(wallet.historyRequests.length).toBeGreaterThan(0);
    });

    it('says when there are no transactions', async () => {
      installFakeWallet();
      renderApp('/wallet?tab=history');
      expect(await screen.findByTestId('transactions-empty')).toHaveTextContent('No transactions yet.');
    });
  });

  describe('language and accessibility', () => {
    it('speaks Spanish', async () => {
      installFakeWallet();
      const { user } = renderApp('/wallet?tab=deposit', { language: 'es' });
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
        'Resumen',
        'Depositar',
        'Retirar',
        'Historial',
      ]);
      const input = screen.getByLabelText('Monto (USD)');
      await user.type(input, '3');
      await user.click(screen.getByRole('button', { name: 'Continuar' }));
      expect(await screen.findByTestId('amount-error')).toHaveTextContent('El depósito mínimo es de $5.00');
    });

    it.each(['dark', 'light'])(
      'has no axe violations in the %s theme (structure; contrast is checked in e2e)',
      async (theme) => {
        // axe measures icon ligatures on a canvas, which jsdom does not have.
        jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
        localStorage.setItem(STORAGE_KEYS.theme, theme);
        installFakeWallet({
          user: { current_balance: 50, balance: 50 },
          transactions: [
            buildTransaction({ type: 'withdrawal', status: 'pending', balance_after: 30 }),
            buildTransaction({ balance_after: 50 }),
          ],
        });
        const { container, user } = renderApp('/wallet');
        await screen.findByTestId('balance-chart');
        const check = async () => {
          const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
          return results.violations.map((violation) => `${violation.id}: ${violation.help}`);
        };
        expect(await check()).toEqual([]);
        await openTab(user, 'Withdraw');
        await fillMoveForm(user, '5');
        expect(await check()).toEqual([]);
        await fillMoveForm(user, '20');
        await screen.findByTestId('confirm-step');
        expect(await check()).toEqual([]);
      },
    );
  });
});
