import { screen, waitFor, within } from '@testing-library/react';
import type { RgLimitsDto } from '@skillduel/contracts';
import { http, HttpResponse } from 'msw';
import { toast as sonnerToast } from 'sonner';
import { buildEligibility } from '../../test/factories';
import { renderApp } from '../../test/renderWithProviders';
import { apiUrl, server } from '../../test/server';
import { installFakeWallet } from '../../test/wallet';

type User = ReturnType<typeof renderApp>['user'];

async function reachDepositConfirm(user: User, amount: string) {
  await user.type(screen.getByLabelText('Amount (USD)'), amount);
  await user.click(screen.getByRole('radio', { name: 'Card' }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.click(await screen.findByRole('button', { name: 'Confirm' }));
}

function limitsAnswer(overrides: Partial<RgLimitsDto['limits']> = {}): RgLimitsDto {
  const none = { amount: null, pending: null };
  return {
    limits: {
      deposit_day: none,
      deposit_week: none,
      deposit_month: none,
      loss_day: none,
      loss_week: none,
      loss_month: none,
      max_bet: none,
      ...overrides,
    },
    usage: { deposit_day: 15, deposit_week: 15, deposit_month: 15, loss_day: 0, loss_week: 0, loss_month: 0 },
    raise_delay_hours: 168,
    exclusion: null,
    frozen: false,
  };
}

describe('responsible gaming in the web app', () => {
  afterEach(() => sonnerToast.dismiss());

  it('asks a player who has not confirmed eligibility before the first deposit; Not now moves nothing', async () => {
    const wallet = installFakeWallet();
    server.use(http.get(apiUrl('/users/me/eligibility'), () => HttpResponse.json(buildEligibility(false))));
    const { user } = renderApp('/wallet?tab=deposit');
    await reachDepositConfirm(user, '50');

    const dialog = await screen.findByRole('dialog', { name: 'Before you play for money' });
    expect(within(dialog).getByRole('link', { name: 'terms of play' })).toHaveAttribute('href', '/terms');
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(wallet.moves).toEqual([]);
  });

  it('sends the declaration, then goes on with the deposit', async () => {
    const wallet = installFakeWallet();
    let confirmed = false;
    const declarations: unknown[] = [];
    server.use(
      http.get(apiUrl('/users/me/eligibility'), () => HttpResponse.json(buildEligibility(confirmed))),
      http.put(apiUrl('/users/me/eligibility'), async ({ request }) => {
        declarations.push(await request.json());
        confirmed = true;
        return HttpResponse.json(buildEligibility(true));
      }),
    );
    const { user } = renderApp('/wallet?tab=deposit');
    await reachDepositConfirm(user, '50');
    const dialog = await screen.findByRole('dialog', { name: 'Before you play for money' });

    // Incomplete: told what is missing, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and continue' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please fill in your date of birth and country, and accept the terms.',
    );
    expect(declarations).toEqual([]);

    await user.type(within(dialog).getByLabelText('Date of birth'), '1990-05-17');
    await user.selectOptions(within(dialog).getByLabelText('Country of residence'), 'MX');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and continue' }));
    // Nothing is final before the player reads the date back.
    expect(within(dialog).getByTestId('eligibility-check')).toHaveTextContent(
      'You were born on 17 May 1990 and live in Mexico — is that right?',
    );
    expect(declarations).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, that is right' }));

    expect(await screen.findByText('Successfully deposited $50.00!')).toBeInTheDocument();
    expect(declarations).toEqual([{ date_of_birth: '1990-05-17', country: 'MX', accept_terms: true }]);
    expect(wallet.moves).toHaveLength(1);
  });

  it('lets a typo be fixed before the declaration is final', async () => {
    installFakeWallet();
    const declarations: unknown[] = [];
    server.use(
      http.get(apiUrl('/users/me/eligibility'), () => HttpResponse.json(buildEligibility(false))),
      http.put(apiUrl('/users/me/eligibility'), async ({ request }) => {
        declarations.push(await request.json());
        return HttpResponse.json(buildEligibility(true));
      }),
    );
    const { user } = renderApp('/wallet?tab=deposit');
    await reachDepositConfirm(user, '50');
    const dialog = await screen.findByRole('dialog', { name: 'Before you play for money' });
    await user.type(within(dialog).getByLabelText('Date of birth'), '2010-05-17');
    await user.selectOptions(within(dialog).getByLabelText('Country of residence'), 'MX');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and continue' }));
    expect(within(dialog).getByTestId('eligibility-check')).toHaveTextContent('You were born on 17 May 2010');
    await user.click(within(dialog).getByRole('button', { name: 'No, let me fix it' }));
    // Back on the form with what was typed, nothing sent.
    expect(within(dialog).getByLabelText('Date of birth')).toHaveValue('2010-05-17');
    expect(declarations).toEqual([]);
  });

  it('explains an under-age refusal in plain words with the way to support, in Spanish too, and moves no money', async () => {
    const wallet = installFakeWallet();
    const detail = 'You must be at least 21 years old to play for money in US.';
    server.use(
      http.get(apiUrl('/users/me/eligibility'), () => HttpResponse.json(buildEligibility(false))),
      http.put(apiUrl('/users/me/eligibility'), () =>
        HttpResponse.json(
          {
            statusCode: 403,
            detail,
            message: detail,
            code: 'AGE_NOT_ELIGIBLE',
            params: { min_age: 21, country: 'US', date_of_birth: '2006-01-01' },
          },
          { status: 403 },
        ),
      ),
    );
    const { user } = renderApp('/wallet?tab=deposit', { language: 'es' });
    await user.type(screen.getByLabelText('Monto (USD)'), '50');
    await user.click(screen.getByRole('radio', { name: 'Tarjeta' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Antes de jugar con dinero' });
    await user.type(within(dialog).getByLabelText('Fecha de nacimiento'), '2006-01-01');
    await user.selectOptions(within(dialog).getByLabelText('País de residencia'), 'US');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar y continuar' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sí, es correcto' }));
    const refused = await screen.findByRole('alertdialog', {
      name: 'El juego con dinero real está cerrado en esta cuenta',
    });
    expect(within(refused).getByTestId('eligibility-refused')).toHaveTextContent(
      'Declaraste que naciste el 1 de enero de 2006. En Estados Unidos el juego con dinero real empieza a los 21 años',
    );
    expect(within(refused).getByRole('link', { name: 'support@skillduel.example' })).toHaveAttribute(
      'href',
      'mailto:support@skillduel.example',
    );
    expect(wallet.moves).toEqual([]);
  });

  it('explains a refusal made before instead of offering the form again', async () => {
    const wallet = installFakeWallet();
    server.use(
      http.get(apiUrl('/users/me/eligibility'), () =>
        HttpResponse.json({
          ...buildEligibility(false),
          status: 'refused',
          date_of_birth: '2010-05-17',
          country: 'MX',
        }),
      ),
    );
    const { user } = renderApp('/wallet?tab=deposit');
    await reachDepositConfirm(user, '50');
    const refused = await screen.findByRole('alertdialog', { name: 'Real-money play is closed on this account' });
    expect(within(refused).getByTestId('eligibility-refused')).toHaveTextContent(
      'The date of birth you declared (17 May 2010) is under the minimum age for real-money play in Mexico',
    );
    expect(within(refused).queryByLabelText('Date of birth')).not.toBeInTheDocument();
    await user.click(within(refused).getByRole('button', { name: 'Close' }));
    expect(wallet.moves).toEqual([]);
  });

  it('Limits & safety shows the limits in force, usage and a pending raise, and saves a new limit', async () => {
    installFakeWallet();
    const saved: unknown[] = [];
    server.use(
      http.get(apiUrl('/users/me/limits'), () =>
        HttpResponse.json(
          limitsAnswer({
            deposit_day: { amount: 20, pending: { amount: 100, applies_at: '2026-12-01T10:00:00.000Z' } },
          }),
        ),
      ),
      http.put(apiUrl('/users/me/limits'), async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json(limitsAnswer({ loss_week: { amount: 40, pending: null } }));
      }),
    );
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: 'Limits & safety' }));
    expect(await screen.findByTestId('limit-deposit_day-value')).toHaveTextContent('$20.00');
    expect(screen.getByTestId('limit-deposit_day')).toHaveTextContent('$15.00 used');
    expect(screen.getByTestId('limit-deposit_day-pending')).toHaveTextContent('Changes to $100.00');
    expect(screen.getByTestId('limit-max_bet-value')).toHaveTextContent('No limit');

    await user.type(screen.getByTestId('limit-loss_week-input'), '40');
    await user.type(screen.getByTestId('limit-max_bet-input'), '0');
    await user.click(screen.getByTestId('limits-save'));
    await waitFor(() => expect(saved).toEqual([{ loss_week: 40, max_bet: null }]));
  });

  it('a break is asked twice before it starts', async () => {
    installFakeWallet();
    const breaks: unknown[] = [];
    server.use(
      http.get(apiUrl('/users/me/limits'), () => HttpResponse.json(limitsAnswer())),
      http.post(apiUrl('/users/me/self-exclusion'), async ({ request }) => {
        breaks.push(await request.json());
        return HttpResponse.json(
          { kind: 'cool_off', started_at: '2026-11-24T10:00:00.000Z', ends_at: '2026-12-01T10:00:00.000Z' },
          { status: 201 },
        );
      }),
    );
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: 'Limits & safety' }));
    await user.selectOptions(await screen.findByTestId('break-period'), '1w');
    await user.click(screen.getByTestId('break-start'));
    expect(breaks).toEqual([]);
    await user.click(screen.getByTestId('break-confirm'));
    await waitFor(() => expect(breaks).toEqual([{ kind: 'cool_off', period: '1w' }]));
  });
});
