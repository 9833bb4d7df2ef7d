import { screen, waitFor } from '@testing-library/react';
import type { SelfExclusionDto } from '@skillduel/contracts';
import { http, HttpResponse } from 'msw';
import { toast as sonnerToast } from 'sonner';
import { formatDateTime } from '../../app/dates';
import { buildLimits } from '../../test/factories';
import { installFakeSocket } from '../../test/realtime';
import { renderApp } from '../../test/renderWithProviders';
import { serveRooms } from '../../test/rooms';
import { apiUrl, server } from '../../test/server';
import { installFakeWallet } from '../../test/wallet';

const IN_TWO_DAYS = new Date(Date.now() + 2 * 24 * 3600_000).toISOString();
const coolOff: SelfExclusionDto = { kind: 'cool_off', started_at: new Date().toISOString(), ends_at: IN_TWO_DAYS };

function serveLimits(overrides: Parameters<typeof buildLimits>[0]): void {
  server.use(http.get(apiUrl('/users/me/limits'), () => HttpResponse.json(buildLimits(overrides))));
}

describe('money play paused by a break or a freeze', () => {
  beforeEach(() => {
    installFakeSocket();
    serveRooms([]);
  });
  afterEach(() => sonnerToast.dismiss());

  it('says a cool-off in a lasting banner with the app date format, and disables Create Room with the reason', async () => {
    installFakeWallet();
    serveLimits({ exclusion: coolOff });
    renderApp('/dashboard');
    const date = formatDateTime(IN_TWO_DAYS, 'en');
    expect(date).toMatch(/^\d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2}$/);
    const banner = await screen.findByTestId('money-paused-banner');
    expect(banner).toHaveTextContent(`Money play paused On a break until ${date} — withdrawals still work.`);
    const submit = screen.getByTestId('create-room-submit');
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription(`Paused during your break, until ${date}.`);
  });

  it('says it in Spanish on a Spanish screen', async () => {
    installFakeWallet();
    serveLimits({ exclusion: coolOff });
    renderApp('/dashboard', { language: 'es' });
    const date = formatDateTime(IN_TWO_DAYS, 'es');
    expect(await screen.findByTestId('money-paused-banner')).toHaveTextContent(
      `En pausa hasta el ${date}: los retiros siguen funcionando.`,
    );
    expect(screen.getByTestId('create-room-submit')).toHaveAccessibleDescription(
      `En pausa durante tu descanso, hasta el ${date}.`,
    );
  });

  it('keeps withdrawals open during a break but closes deposits with the reason', async () => {
    installFakeWallet({ user: { current_balance: 30, balance: 30 } });
    serveLimits({ exclusion: { ...coolOff, ends_at: null, kind: 'self_exclusion' } });
    const { user } = renderApp('/wallet?tab=deposit');
    expect(await screen.findByTestId('move-blocked')).toHaveTextContent('Paused: you are self-excluded.');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await user.click(screen.getByRole('tab', { name: 'Withdraw' }));
    expect(screen.queryByTestId('move-blocked')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('tells a frozen player at once, before any action, and closes deposits and withdrawals', async () => {
    installFakeWallet({ user: { current_balance: 30, balance: 30 } });
    serveLimits({ frozen: true });
    const { user } = renderApp('/wallet?tab=deposit');
    expect(await screen.findByTestId('money-paused-banner')).toHaveTextContent(
      'Your account is frozen while our team reviews it',
    );
    expect(screen.getByTestId('move-blocked')).toHaveTextContent('Paused while your account is frozen.');
    await user.click(screen.getByRole('tab', { name: 'Withdraw' }));
    expect(screen.getByTestId('move-blocked')).toHaveTextContent('Paused while your account is frozen.');
  });

  it('shows no banner and keeps money play open without a break or a freeze', async () => {
    installFakeWallet();
    renderApp('/dashboard');
    expect(await screen.findByTestId('create-room-submit')).toBeEnabled();
    await waitFor(() => expect(screen.queryByTestId('money-paused-banner')).not.toBeInTheDocument());
  });

  it('brings the top-bar balance up to date when a break refunds a waiting room', async () => {
    const wallet = installFakeWallet({ user: { current_balance: 25, balance: 25 } });
    let onBreak = false;
    server.use(
      http.get(apiUrl('/users/me/limits'), () => HttpResponse.json(buildLimits(onBreak ? { exclusion: coolOff } : {}))),
      http.post(apiUrl('/users/me/self-exclusion'), () => {
        // The server refunds the $5 room as the break starts.
        onBreak = true;
        wallet.user = { ...wallet.user, current_balance: 30, balance: 30 };
        return HttpResponse.json(coolOff, { status: 201 });
      }),
    );
    const { user } = renderApp('/profile');
    expect(await screen.findByTestId('balance')).toHaveTextContent('$25.00');
    await user.click(await screen.findByRole('tab', { name: 'Limits & safety' }));
    await user.click(await screen.findByTestId('break-start'));
    await user.click(screen.getByTestId('break-confirm'));
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('$30.00'));
    expect(await screen.findByTestId('money-paused-banner')).toHaveTextContent('On a break until');
  });
});
