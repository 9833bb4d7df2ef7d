import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_ERROR_CODES, ADMIN_MESSAGES, type AdminWithdrawalDto } from '@skillduel/contracts';
import { http, HttpResponse } from 'msw';
import { STORAGE_KEYS } from '../../app/storage';
import { buildUser } from '../../test/factories';
import { renderApp } from '../../test/renderWithProviders';
import { apiUrl, server } from '../../test/server';

function signIn() {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'access');
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(buildUser({ username: 'ops' })));
}

const held: AdminWithdrawalDto = {
  id: '11111111-1111-4111-8111-111111111111',
  user_id: '22222222-2222-4222-8222-222222222222',
  username: 'bigspender',
  amount: 1500,
  payment_method: 'bank',
  status: 'pending',
  review_state: 'held',
  review_reason: 'above_threshold',
  rolling_24h_total: 3500,
  created_at: '2026-11-24T10:00:00.000Z',
  pending_approval: null,
};

describe('operator console (/admin)', () => {
  it('tells a player the area is for the support team (the API answers 403) and shows no Console link', async () => {
    signIn();
    server.use(
      http.get(apiUrl('/admin/me'), () =>
        HttpResponse.json(
          { statusCode: 403, detail: 'Access forbidden', message: 'Access forbidden' },
          { status: 403 },
        ),
      ),
    );
    renderApp('/admin');
    expect(await screen.findByTestId('admin-forbidden')).toHaveTextContent(
      'This area is for the SkillDuel support team.',
    );
    expect(screen.queryByTestId('nav-admin')).not.toBeInTheDocument();
  });

  it('lets support approve a held withdrawal with a reason', async () => {
    signIn();
    const decisions: { url: string; body: unknown }[] = [];
    server.use(
      http.get(apiUrl('/admin/me'), () => HttpResponse.json({ user_id: 'x', username: 'ops', role: 'support' })),
      http.get(apiUrl('/admin/withdrawals'), () => HttpResponse.json(decisions.length ? [] : [held])),
      http.post(apiUrl(`/admin/withdrawals/${held.id}/approve`), async ({ request }) => {
        decisions.push({ url: request.url, body: await request.json() });
        return HttpResponse.json({ ...held, review_state: 'approved' });
      }),
    );
    const { user } = renderApp('/admin');
    expect(await screen.findByTestId('nav-admin')).toHaveAttribute('href', '/admin');
    await user.click(await screen.findByTestId('admin-tab-withdrawals'));
    const row = await screen.findByTestId('admin-withdrawal-row');
    expect(row).toHaveTextContent('bigspender');
    expect(row).toHaveTextContent('$1500.00');
    expect(row).toHaveTextContent('Above the threshold (24 h total)');
    // The 24-hour total the review rule saw, next to the amount (splitting a large withdrawal shows here).
    expect(within(row).getByTestId('admin-withdrawal-rolling-total')).toHaveTextContent('$3500.00');
    expect(screen.getByRole('columnheader', { name: '24 h total' })).toBeInTheDocument();
    await user.type(within(row).getByTestId('admin-decision-reason'), 'documents checked');
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(decisions).toEqual([{ url: expect.any(String), body: { reason: 'documents checked' } }]),
    );
    expect(await screen.findByText('No withdrawal is waiting for review.')).toBeInTheDocument();
  });

  it('shows a four-eyes proposal in the queue: awaiting a second staff member, and who proposed it', async () => {
    signIn();
    const proposal = {
      decision: 'approve',
      proposed_by: '33333333-3333-4333-8333-333333333333',
      proposed_by_username: 'alice_support',
      note: 'documents checked',
      amount: 1500,
      proposed_at: '2026-11-24T11:00:00.000Z',
    };
    const decisions: string[] = [];
    server.use(
      http.get(apiUrl('/admin/me'), () => HttpResponse.json({ user_id: 'x', username: 'ops', role: 'support' })),
      http.get(apiUrl('/admin/withdrawals'), () =>
        HttpResponse.json([{ ...held, pending_approval: decisions.length ? proposal : null }]),
      ),
      http.post(apiUrl(`/admin/withdrawals/${held.id}/approve`), () => {
        decisions.push('approve');
        return HttpResponse.json({ ...held, pending_approval: proposal });
      }),
    );
    const { user } = renderApp('/admin');
    await user.click(await screen.findByTestId('admin-tab-withdrawals'));
    const row = await screen.findByTestId('admin-withdrawal-row');
    expect(within(row).queryByTestId('admin-pending-approval')).not.toBeInTheDocument();
    await user.type(within(row).getByTestId('admin-decision-reason'), 'documents checked');
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    const pending = await within(await screen.findByTestId('admin-withdrawal-row')).findByTestId(
      'admin-pending-approval',
    );
    expect(pending).toHaveTextContent('Awaiting second approval by another staff member');
    expect(pending).toHaveTextContent('alice_support proposed “approve”');
  });

  it('shows a conflict-of-interest refusal as a clear message', async () => {
    signIn();
    server.use(
      http.get(apiUrl('/admin/me'), () => HttpResponse.json({ user_id: 'x', username: 'ops', role: 'support' })),
      http.get(apiUrl('/admin/withdrawals'), () => HttpResponse.json([held])),
      http.post(apiUrl(`/admin/withdrawals/${held.id}/approve`), () =>
        HttpResponse.json(
          {
            statusCode: 403,
            code: ADMIN_ERROR_CODES.conflictOfInterest,
            detail: ADMIN_MESSAGES.conflictOfInterest,
            message: ADMIN_MESSAGES.conflictOfInterest,
          },
          { status: 403 },
        ),
      ),
    );
    const { user } = renderApp('/admin');
    await user.click(await screen.findByTestId('admin-tab-withdrawals'));
    const row = await screen.findByTestId('admin-withdrawal-row');
    await user.type(within(row).getByTestId('admin-decision-reason'), 'my own money');
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent(
      'Conflict of interest: this concerns your own account, a round you played, or an account that shares a device or network with yours. Another staff member must decide it.',
    );
  });

  it('tells a frozen staff member why the console is closed (403 ACCOUNT_FROZEN)', async () => {
    signIn();
    server.use(
      http.get(apiUrl('/admin/me'), () =>
        HttpResponse.json(
          {
            statusCode: 403,
            code: ADMIN_ERROR_CODES.accountFrozen,
            detail: ADMIN_MESSAGES.staffFrozen,
            message: ADMIN_MESSAGES.staffFrozen,
          },
          { status: 403 },
        ),
      ),
    );
    renderApp('/admin');
    expect(await screen.findByTestId('admin-forbidden')).toHaveTextContent(
      'Your staff account is frozen: the console is closed to it until another staff member lifts the freeze',
    );
  });
});
