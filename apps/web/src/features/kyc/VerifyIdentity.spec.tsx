import { screen, waitFor, within } from '@testing-library/react';
import { KYC_ERROR_CODES, KYC_MESSAGES, type KycStatusDto } from '@skillduel/contracts';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { toast as sonnerToast } from 'sonner';
import { STORAGE_KEYS } from '../../app/storage';
import { buildKycStatus } from '../../test/factories';
import { renderApp } from '../../test/renderWithProviders';
import { apiUrl, server } from '../../test/server';
import { installFakeWallet, storeSignedInUser } from '../../test/wallet';
import { hostedFlow } from './hostedFlow';

type User = ReturnType<typeof renderApp>['user'];

function serveKycStatus(status: KycStatusDto) {
  server.use(http.get(apiUrl('/kyc'), () => HttpResponse.json(status)));
}

/** POST /kyc/inquiries answers a sandbox inquiry; resolves with how many were started. */
function serveInquiries(): { started: number } {
  const calls = { started: 0 };
  server.use(
    http.post(apiUrl('/kyc/inquiries'), () => {
      calls.started += 1;
      return HttpResponse.json(
        {
          reference: 'sbx_ref',
          hosted_url: 'http://localhost/kyc/sandbox/sbx_ref',
          expires_at: '2026-12-01T00:00:00.000Z',
        },
        { status: 201 },
      );
    }),
  );
  return calls;
}

async function axeViolations(container: HTMLElement): Promise<string[]> {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((violation) => `${violation.id}: ${violation.help}`);
}

describe('Verify your identity', () => {
  afterEach(() => {
    sonnerToast.dismiss();
    jest.restoreAllMocks();
  });

  it('on the profile: the tier, what will be asked and when, and a button that opens the hosted check', async () => {
    storeSignedInUser();
    serveKycStatus(buildKycStatus());
    const inquiries = serveInquiries();
    const open = jest.spyOn(hostedFlow, 'open').mockImplementation(() => undefined);
    const { user, container } = renderApp('/profile');

    const card = await screen.findByTestId('kyc-card');
    expect(within(card).getByRole('heading', { name: 'Verify your identity' })).toBeInTheDocument();
    expect(within(card).getByTestId('kyc-tier')).toHaveTextContent('Basic');
    expect(within(card).getByTestId('kyc-status')).toHaveTextContent('Not started');
    expect(card).toHaveTextContent('You will be asked when your withdrawals add up to more than $2,000.');
    expect(card).toHaveTextContent('a photo of an ID document');
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    expect(await axeViolations(container)).toEqual([]);

    await user.click(within(card).getByRole('button', { name: 'Verify your identity' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('http://localhost/kyc/sandbox/sbx_ref'));
    expect(inquiries.started).toBe(1);
  });

  it('after the hosted check: the verified tier and no button', async () => {
    storeSignedInUser();
    serveKycStatus(
      buildKycStatus({
        tier: 'verified',
        status: 'approved',
        next: { tier: 'enhanced', step: 'source_of_funds' },
        withdrawable_before_verification: null,
      }),
    );
    renderApp('/profile');
    const card = await screen.findByTestId('kyc-card');
    expect(within(card).getByTestId('kyc-tier')).toHaveTextContent('Verified');
    expect(within(card).getByTestId('kyc-status')).toHaveTextContent('Approved');
    expect(within(card).queryByTestId('kyc-start')).not.toBeInTheDocument();
  });

  it('in Spanish, while the provider decides', async () => {
    localStorage.setItem(STORAGE_KEYS.language, 'es');
    storeSignedInUser();
    serveKycStatus(buildKycStatus({ status: 'pending', next: { tier: 'verified', step: 'wait_for_provider' } }));
    renderApp('/profile');
    const card = await screen.findByTestId('kyc-card');
    expect(within(card).getByRole('heading', { name: 'Verifica tu identidad' })).toBeInTheDocument();
    expect(within(card).getByTestId('kyc-status')).toHaveTextContent('En curso');
    expect(within(card).getByTestId('kyc-next')).toHaveTextContent('Tu comprobación está en curso.');
    expect(within(card).getByRole('button', { name: 'Consultar el estado' })).toBeInTheDocument();
  });

  describe('a withdrawal answered 403 VERIFICATION_REQUIRED', () => {
    async function refusedWithdrawal(user: User) {
      const input = screen.getByLabelText(/Amount|Monto/);
      await user.type(input, '60');
      await user.click(screen.getByRole('button', { name: /Continue|Continuar/ }));
      await user.click(screen.getByRole('button', { name: /Confirm|Confirmar/ }));
    }

    beforeEach(() => {
      installFakeWallet({ user: { current_balance: 100, balance: 100 } });
      server.use(
        http.post(apiUrl('/transactions/withdraw'), () =>
          HttpResponse.json(
            {
              code: KYC_ERROR_CODES.verificationRequired,
              detail: KYC_MESSAGES.verificationRequired('verified'),
              params: { tier: 'verified', action: 'withdrawal', reason: 'cumulative_withdrawals' },
            },
            { status: 403 },
          ),
        ),
      );
      serveKycStatus(buildKycStatus({ withdrawable_before_verification: 50 }));
    });

    it('explains why, says nothing moved and offers the check instead of a bare toast', async () => {
      const inquiries = serveInquiries();
      const open = jest.spyOn(hostedFlow, 'open').mockImplementation(() => undefined);
      const { user, container } = renderApp('/wallet?tab=withdraw');
      await screen.findByLabelText('Amount (USD)');
      await refusedWithdrawal(user);

      const notice = await screen.findByTestId('verification-required');
      expect(notice).toHaveTextContent('Identity verification needed');
      expect(notice).toHaveTextContent('Your withdrawals would add up to more than the amount allowed');
      expect(notice).toHaveTextContent('Nothing was moved. Your balance is unchanged.');
      expect(screen.queryByText(KYC_MESSAGES.verificationRequired('verified'))).not.toBeInTheDocument();
      jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
      expect(await axeViolations(container)).toEqual([]);

      // The button waits for the player's verification status (GET /api/kyc), which loads after the refusal.
      await user.click(await within(notice).findByRole('button', { name: 'Verify your identity' }));
      await waitFor(() => expect(open).toHaveBeenCalledWith('http://localhost/kyc/sandbox/sbx_ref'));
      expect(inquiries.started).toBe(1);
    });

    it('in Spanish', async () => {
      localStorage.setItem(STORAGE_KEYS.language, 'es');
      const { user } = renderApp('/wallet?tab=withdraw');
      await screen.findByLabelText(/Monto/);
      await refusedWithdrawal(user);
      const notice = await screen.findByTestId('verification-required');
      expect(notice).toHaveTextContent('Se necesita verificar tu identidad');
      expect(notice).toHaveTextContent('No se movió nada.');
      expect(await within(notice).findByRole('button', { name: 'Verifica tu identidad' })).toBeInTheDocument();
    });
  });
});
