import { screen, waitFor, within } from '@testing-library/react';
import type { AdminKycReviewDto, AdminWithdrawalDto } from '@skillduel/contracts';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { STORAGE_KEYS } from '../../app/storage';
import { buildUser } from '../../test/factories';
import { renderApp } from '../../test/renderWithProviders';
import { apiUrl, server } from '../../test/server';

function signInAsSupport() {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'access');
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(buildUser({ username: 'ops' })));
  server.use(
    http.get(apiUrl('/admin/me'), () => HttpResponse.json({ user_id: 'x', username: 'ops', role: 'support' })),
  );
}

const inReview: AdminKycReviewDto = {
  kind: 'identity',
  user_id: '22222222-2222-4222-8222-222222222222',
  username: 'typo_dob',
  tier: 'basic',
  status: 'needs_review',
  reference: 'sbx_abc',
  declared_date_of_birth: '1990-05-17',
  verified_name: 'Test Player',
  verified_date_of_birth: '1991-01-01',
  reasons: ['date_of_birth_mismatch'],
  source_of_funds: null,
  held_withdrawals: 20,
  since: '2026-11-24T10:00:00.000Z',
};

describe('console verification queue', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows what the document said and the held withdrawals, and approves with a reason', async () => {
    signInAsSupport();
    const decisions: { url: string; body: unknown }[] = [];
    server.use(
      http.get(apiUrl('/admin/kyc'), () => HttpResponse.json(decisions.length ? [] : [inReview])),
      http.post(apiUrl(`/admin/kyc/${inReview.user_id}/identity`), async ({ request }) => {
        decisions.push({ url: request.url, body: await request.json() });
        return HttpResponse.json({
          user_id: inReview.user_id,
          kind: 'identity',
          decision: 'approve',
          tier: 'verified',
          status: 'approved',
        });
      }),
    );
    const { user, container } = renderApp('/admin');
    await user.click(await screen.findByTestId('admin-tab-verification'));
    const row = await screen.findByTestId('admin-kyc-row');
    expect(row).toHaveTextContent('typo_dob');
    expect(row).toHaveTextContent('Identity in review');
    expect(row).toHaveTextContent('1990-05-17');
    expect(row).toHaveTextContent('Test Player, 1991-01-01');
    expect(row).toHaveTextContent('date_of_birth_mismatch');
    expect(row).toHaveTextContent('$20.00');
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);

    expect(within(row).getByRole('button', { name: 'Approve' })).toBeDisabled();
    await user.type(within(row).getByTestId('kyc-reason'), 'Passport shows a typo in the declaration');
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(decisions).toEqual([
        {
          url: expect.any(String),
          body: { decision: 'approve', reason: 'Passport shows a typo in the declaration' },
        },
      ]),
    );
    expect(await screen.findByText('No verification waiting.')).toBeInTheDocument();
  });

  it('labels a withdrawal held because identity verification is required', async () => {
    signInAsSupport();
    const held: AdminWithdrawalDto = {
      id: '11111111-1111-4111-8111-111111111111',
      user_id: inReview.user_id,
      username: 'typo_dob',
      amount: 20,
      payment_method: 'bank',
      status: 'pending',
      review_state: 'held',
      review_reason: 'verification_required',
      rolling_24h_total: null,
      created_at: '2026-11-24T10:00:00.000Z',
      pending_approval: null,
    };
    server.use(http.get(apiUrl('/admin/withdrawals'), () => HttpResponse.json([held])));
    const { user } = renderApp('/admin');
    await user.click(await screen.findByTestId('admin-tab-withdrawals'));
    expect(await screen.findByTestId('admin-withdrawal-row')).toHaveTextContent(
      'Identity verification required (see Verification)',
    );
  });
});
