import { screen, waitFor, within } from '@testing-library/react';
import { TOAST_MESSAGES, VALIDATION_MESSAGES, type SecurityOverviewDto, type SessionDto } from '@skillduel/contracts';
import { http, HttpResponse } from 'msw';
import { STORAGE_KEYS } from '../../app/storage';
import { buildUser } from '../../test/factories';
import { renderApp } from '../../test/renderWithProviders';
import { apiUrl, server } from '../../test/server';
import { createGuestSession } from '../session/guestSession';

function storeSignedIn(overrides: Parameters<typeof buildUser>[0] = {}) {
  const user = buildUser(overrides);
  localStorage.setItem(STORAGE_KEYS.accessToken, 'a');
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'r');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  return user;
}

function buildSecurity(overrides: Partial<SecurityOverviewDto> = {}): SecurityOverviewDto {
  return {
    email_verified: true,
    pending_email: null,
    has_password: true,
    two_factor_enabled: false,
    recovery_codes_remaining: 0,
    linked_providers: [],
    ...overrides,
  };
}

function buildSession(overrides: Partial<SessionDto> = {}): SessionDto {
  return {
    id: 'session-current',
    user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
    ip: '203.0.113.7',
    auth_method: 'password',
    created_at: '2026-02-01T10:00:00.000Z',
    last_used_at: '2026-02-03T10:00:00.000Z',
    current: true,
    ...overrides,
  };
}

describe('profile header', () => {
  it('shows avatar initial, username, email, level, rank, country, member since and the XP bar', async () => {
    storeSignedIn({ username: 'alice', level: 4, xp: 120, xpToNext: 400, rank: 'Bronze', country: 'CO' });
    renderApp('/profile');
    const header = await screen.findByTestId('profile-header');
    expect(within(header).getByText('A')).toBeInTheDocument();
    expect(within(header).getByTestId('profile-username')).toHaveTextContent('alice');
    expect(header).toHaveTextContent('alice@example.com');
    expect(within(header).getByTestId('profile-level')).toHaveTextContent('Level 4');
    expect(within(header).getByTestId('profile-rank')).toHaveTextContent('Bronze');
    expect(within(header).getByTestId('profile-country')).toHaveTextContent('Colombia');
    expect(within(header).getByTestId('profile-member-since')).toHaveTextContent('15 January 2026');
    const bar = within(header).getByRole('progressbar', { name: 'Experience' });
    expect(bar).toHaveAttribute('aria-valuenow', '120');
    expect(bar).toHaveAttribute('aria-valuemax', '400');
    expect(header).toHaveTextContent('120 / 400 XP');
  });

  it('shows honest empty states, not sample figures, before any game', async () => {
    storeSignedIn({
      level: 1,
      xp: 0,
      stats: { total_wins: 0, total_earnings: 0, total_deposited: 0, total_withdrawn: 0 },
    });
    const { user } = renderApp('/profile');
    expect(await screen.findByTestId('profile-stats-empty')).toHaveTextContent('No games played yet');
    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByTestId('profile-history-empty')).toHaveTextContent('No games played yet');
  });

  it('gives a guest a sign-up prompt instead of the editable profile', async () => {
    localStorage.setItem(STORAGE_KEYS.guestSession, JSON.stringify(createGuestSession()));
    renderApp('/profile');
    const prompt = await screen.findByTestId('profile-guest-prompt');
    expect(within(prompt).getByRole('link', { name: 'Sign Up Now' })).toHaveAttribute('href', '/?mode=signup');
    expect(screen.queryByRole('tab', { name: 'Settings' })).not.toBeInTheDocument();
  });
});

describe('profile settings', () => {
  it("blocks a short username with 'Username must be at least 3 characters long'", async () => {
    storeSignedIn();
    let called = false;
    server.use(
      http.put(apiUrl('/users/me/'), () => {
        called = true;
        return HttpResponse.json(buildUser());
      }),
    );
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: 'Settings' }));
    const username = screen.getByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'al');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(username).toHaveAccessibleDescription(VALIDATION_MESSAGES.usernameTooShort);
    expect(username).toHaveFocus();
    expect(called).toBe(false);
  });

  it('PUTs the changed fields, updates the session and toasts success', async () => {
    storeSignedIn({ username: 'alice', country: 'MX' });
    let body: unknown;
    server.use(
      http.put(apiUrl('/users/me/'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(buildUser({ username: 'alicia', country: 'PE' }));
      }),
    );
    const { user, store } = renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: 'Settings' }));
    const country = screen.getByLabelText('Country');
    expect(
      within(country)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Select a country',
      'Mexico',
      'Colombia',
      'Dominican Republic',
      'Peru',
      'Venezuela',
      'Argentina',
      'Chile',
      'United States',
    ]);
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'alicia');
    await user.selectOptions(country, 'PE');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(TOAST_MESSAGES.profileUpdated)).toBeInTheDocument();
    expect(body).toEqual({ username: 'alicia', country: 'PE' });
    expect(store.getState().session).toMatchObject({ kind: 'signedIn', user: { username: 'alicia', country: 'PE' } });
    expect(screen.getByTestId('user-chip')).toHaveTextContent('alicia');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({ username: 'alicia' });
  });

  it('an email change asks for the current password (and the 2FA code), then waits for the new address', async () => {
    storeSignedIn({ email: 'alice@example.com' });
    let security = buildSecurity({ two_factor_enabled: true, recovery_codes_remaining: 10 });
    let body: unknown;
    server.use(
      http.get(apiUrl('/auth/security'), () => HttpResponse.json(security)),
      http.put(apiUrl('/users/me/'), async ({ request }) => {
        body = await request.json();
        security = { ...security, pending_email: 'new@example.com' };
        // The address itself stays until the link mailed to the new one is opened.
        return HttpResponse.json(buildUser({ email: 'alice@example.com' }));
      }),
    );
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: 'Settings' }));
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    const password = screen.getByLabelText('Current password');
    expect(password).toHaveAccessibleDescription('Needed to change your email address.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(password).toHaveFocus();
    expect(password).toHaveAccessibleDescription(/Current password is required/);
    expect(body).toBeUndefined();
    await user.type(password, 'my-password');
    await user.type(screen.getByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(/We sent a confirmation link to new@example.com/)).toBeInTheDocument();
    expect(body).toEqual({ email: 'new@example.com', current_password: 'my-password', two_factor_code: '654321' });
    expect(screen.getByLabelText('Email')).toHaveValue('alice@example.com');
    expect(await screen.findByTestId('pending-email')).toHaveTextContent('new@example.com');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
  });

  it("shows the server's reason when the save is refused", async () => {
    storeSignedIn();
    server.use(
      http.put(apiUrl('/users/me/'), () =>
        HttpResponse.json({ detail: 'Username is already taken', code: 'USERNAME_TAKEN' }, { status: 409 }),
      ),
    );
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: 'Settings' }));
    await user.type(screen.getByLabelText('Username'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Username is already taken')).toBeInTheDocument();
  });
});

describe('security tab', () => {
  it('lists the sessions, marks this one and revokes another after confirming', async () => {
    storeSignedIn();
    let sessions = [
      buildSession(),
      buildSession({
        id: 'session-phone',
        current: false,
        user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile Safari/604.1',
        ip: '198.51.100.4',
        auth_method: 'oauth:google',
      }),
    ];
    const revoked: string[] = [];
    server.use(
      http.get(apiUrl('/auth/security'), () => HttpResponse.json(buildSecurity())),
      http.get(apiUrl('/auth/sessions'), () => HttpResponse.json(sessions)),
      http.post(apiUrl('/auth/sessions/:id/revoke'), ({ params }) => {
        revoked.push(String(params['id']));
        sessions = sessions.filter((session) => session.id !== params['id']);
        return HttpResponse.json({ success: true, message: 'Session revoked' });
      }),
    );
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: 'Security' }));

    const items = await screen.findAllByTestId('session-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Chrome · Windows');
    expect(items[0]).toHaveTextContent('This device');
    expect(items[0]).toHaveTextContent('203.0.113.7');
    expect(within(items[0]).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Safari · iOS');
    expect(items[1]).toHaveTextContent('Google');

    await user.click(within(items[1]).getByRole('button', { name: 'Revoke session on Safari · iOS' }));
    const confirm = within(items[1]).getByRole('button', { name: 'Confirm' });
    expect(confirm).toHaveFocus();
    expect(revoked).toEqual([]);
    await user.click(confirm);

    expect(await screen.findByText('Session revoked')).toBeInTheDocument();
    expect(revoked).toEqual(['session-phone']);
    await waitFor(() => expect(screen.getAllByTestId('session-item')).toHaveLength(1));
    expect(screen.getByText('No other devices are signed in.')).toBeInTheDocument();
  });

  it('revokes all other sessions only after confirming', async () => {
    storeSignedIn();
    let calls = 0;
    server.use(
      http.get(apiUrl('/auth/security'), () => HttpResponse.json(buildSecurity())),
      http.get(apiUrl('/auth/sessions'), () =>
        HttpResponse.json(calls > 0 ? [buildSession()] : [buildSession(), buildSession({ id: 's2', current: false })]),
      ),
      http.post(apiUrl('/auth/sessions/revoke-all'), () => {
        calls += 1;
        return HttpResponse.json({ success: true, message: 'All other sessions revoked', revoked: 1 });
      }),
    );
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: 'Security' }));
    await screen.findAllByTestId('session-item');
    await user.click(screen.getByTestId('revoke-all-sessions'));
    expect(calls).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('revoke-all-sessions')).toHaveFocus();
    await user.click(screen.getByTestId('revoke-all-sessions'));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('All other sessions revoked')).toBeInTheDocument();
    expect(calls).toBe(1);
    await waitFor(() => expect(screen.getAllByTestId('session-item')).toHaveLength(1));
  });

  it('sets up 2FA: QR code and secret, verify with a code, then the recovery codes once', async () => {
    storeSignedIn();
    let enabled = false;
    let verifyBody: unknown;
    let setupBody: unknown;
    const codes = Array.from({ length: 10 }, (_, index) => `CODE-${index}`);
    server.use(
      http.get(apiUrl('/auth/security'), () =>
        HttpResponse.json(buildSecurity({ two_factor_enabled: enabled, recovery_codes_remaining: enabled ? 10 : 0 })),
      ),
      http.get(apiUrl('/auth/sessions'), () => HttpResponse.json([buildSession()])),
      http.post(apiUrl('/auth/setup-2fa'), async ({ request }) => {
        setupBody = await request.json();
        return HttpResponse.json({
          secret: 'JBSWY3DPEHPK3PXP',
          otpauth_url: 'otpauth://totp/SkillDuel:alice?secret=JBSWY3DPEHPK3PXP',
          qr_code: 'data:image/png;base64,iVBORw0KGgo=',
        });
      }),
      http.post(apiUrl('/auth/verify-2fa'), async ({ request }) => {
        verifyBody = await request.json();
        enabled = true;
        return HttpResponse.json({
          success: true,
          message: 'Two-factor authentication enabled',
          recovery_codes: codes,
        });
      }),
    );
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: 'Security' }));
    // The current password first (decision 1001): without it nothing is asked of the server.
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }));
    expect(screen.getByLabelText('Confirm with your password')).toHaveAccessibleDescription(
      'Current password is required',
    );
    expect(setupBody).toBeUndefined();
    await user.type(screen.getByLabelText('Confirm with your password'), 'my-password');
    await user.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    expect(setupBody).toEqual({ current_password: 'my-password' });

    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    const code = screen.getByLabelText('Authentication code');
    expect(code).toHaveFocus();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and enable' }));

    const list = await screen.findByTestId('recovery-codes');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(verifyBody).toEqual({ token: '123456', current_password: 'my-password' });
    expect(screen.getByRole('button', { name: 'Copy codes' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: "I've saved my codes" }));
    expect(screen.queryByTestId('recovery-codes')).not.toBeInTheDocument();
    expect(await screen.findByTestId('two-factor-on')).toBeInTheDocument();
    expect(screen.getByText('10 recovery codes left.')).toBeInTheDocument();
  });

  it('with 2FA on, changing the password and disabling 2FA also need the code and the password', async () => {
    storeSignedIn();
    let changeBody: unknown;
    let disableBody: unknown;
    server.use(
      http.get(apiUrl('/auth/security'), () =>
        HttpResponse.json(buildSecurity({ two_factor_enabled: true, recovery_codes_remaining: 10 })),
      ),
      http.get(apiUrl('/auth/sessions'), () => HttpResponse.json([buildSession()])),
      http.post(apiUrl('/auth/change-password'), async ({ request }) => {
        changeBody = await request.json();
        return HttpResponse.json({ success: true, message: 'Password changed successfully' });
      }),
      http.post(apiUrl('/auth/disable-2fa'), async ({ request }) => {
        disableBody = await request.json();
        return HttpResponse.json({ success: true, message: 'Two-factor authentication disabled' });
      }),
    );
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: 'Security' }));
    const passwordSection = await screen.findByTestId('security-password');
    await user.type(within(passwordSection).getByLabelText('Current password'), 'old-secret');
    await user.type(within(passwordSection).getByLabelText('New password'), 'a-new-password');
    await user.click(within(passwordSection).getByRole('button', { name: 'Change password' }));
    expect(within(passwordSection).getByLabelText('Authentication code')).toHaveFocus();
    expect(changeBody).toBeUndefined();
    await user.type(within(passwordSection).getByLabelText('Authentication code'), '111222');
    await user.click(within(passwordSection).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(changeBody).toEqual({
      current_password: 'old-secret',
      new_password: 'a-new-password',
      two_factor_code: '111222',
    });

    const twoFactor = screen.getByTestId('security-2fa');
    await user.type(within(twoFactor).getByLabelText('Code or recovery code'), '333444');
    await user.click(within(twoFactor).getByRole('button', { name: 'Disable two-factor authentication' }));
    expect(within(twoFactor).getByLabelText('Confirm with your password')).toHaveFocus();
    expect(disableBody).toBeUndefined();
    await user.type(within(twoFactor).getByLabelText('Confirm with your password'), 'a-new-password');
    await user.click(within(twoFactor).getByRole('button', { name: 'Disable two-factor authentication' }));
    expect(await screen.findByText('Two-factor authentication disabled')).toBeInTheDocument();
    expect(disableBody).toEqual({ token: '333444', current_password: 'a-new-password' });
  });

  it('changes the password with the current one', async () => {
    storeSignedIn();
    let body: unknown;
    server.use(
      http.get(apiUrl('/auth/security'), () => HttpResponse.json(buildSecurity())),
      http.get(apiUrl('/auth/sessions'), () => HttpResponse.json([buildSession()])),
      http.post(apiUrl('/auth/change-password'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true, message: 'Password changed successfully' });
      }),
    );
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: 'Security' }));
    await user.type(await screen.findByLabelText('Current password'), 'old-secret');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'Password must be at least 8 characters long',
    );
    await user.type(screen.getByLabelText('New password'), '-but-longer');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(body).toEqual({ current_password: 'old-secret', new_password: 'short-but-longer' });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });
});
