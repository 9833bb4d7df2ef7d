import { act, screen, waitFor, within } from '@testing-library/react';
import { TOAST_MESSAGES, VALIDATION_MESSAGES } from '@skillduel/contracts';
import { http, HttpResponse } from 'msw';
import { STORAGE_KEYS } from '../../app/storage';
import { buildAuthResponse, buildConfig, buildUser } from '../../test/factories';
import { renderApp } from '../../test/renderWithProviders';
import { apiUrl, server } from '../../test/server';

describe('landing page', () => {
  it('advertises the claims and every game of the catalogue by its catalogue name', () => {
    renderApp('/');
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    for (const text of ['50K+', '$2M+', '1M+', 'Instant Matches', 'Skill-Based', 'Real Money', 'Secure Transactions']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    const featured = screen.getAllByTestId('featured-game').map((item) => item.textContent);
    expect(featured).toEqual(
      ['Quick Click', 'Number Rush', 'Memory Master', 'Pattern Pro', 'Word Wizard', 'Reaction Time', 'Color Match'].map(
        (name) => `${name} — practice for free`,
      ),
    );
  });

  it('offers a skip link to the main content as the first stop of the keyboard', async () => {
    const { user } = renderApp('/');
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(document.getElementById('main-content')).toHaveAttribute('tabindex', '-1');
  });

  it('opens a featured game for free practice as a guest', async () => {
    const { user } = renderApp('/');
    await user.click(screen.getByRole('link', { name: 'Quick Click — practice for free' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/game/quick-click'));
  });

  it('says why a social provider is disabled', async () => {
    renderApp('/');
    expect(await screen.findByTestId('social-not-configured')).toHaveTextContent(
      'Google authentication is not configured',
    );
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toHaveAccessibleDescription(
      'Google authentication is not configured',
    );
  });
});

describe('sign in / sign up', () => {
  it('toggles between the sign-in and sign-up forms', async () => {
    const { user } = renderApp('/');
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('type', 'password');
  });

  it("blocks sign-up with 'Passwords do not match' and calls no server", async () => {
    let called = false;
    server.use(
      http.post(apiUrl('/auth/register'), () => {
        called = true;
        return HttpResponse.json(buildAuthResponse());
      }),
    );
    const { user } = renderApp('/?mode=signup');
    await user.type(screen.getByLabelText('Username'), 'newbie');
    await user.type(screen.getByLabelText('Email'), 'newbie@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-one');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret-two');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION_MESSAGES.passwordsDoNotMatch);
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    expect(called).toBe(false);
  });

  it('registers, stores the session and welcomes the new player', async () => {
    let body: unknown;
    server.use(
      http.post(apiUrl('/auth/register'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(buildAuthResponse(buildUser({ username: 'newbie' })), { status: 201 });
      }),
    );
    const { user, store } = renderApp('/?mode=signup');
    await user.type(screen.getByLabelText('Username'), 'newbie');
    await user.type(screen.getByLabelText('Email'), 'newbie@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-one');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret-one');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText(TOAST_MESSAGES.accountCreated)).toBeInTheDocument();
    expect(body).toEqual({
      username: 'newbie',
      email: 'newbie@example.com',
      password: 'secret-one',
      confirmPassword: 'secret-one',
    });
    expect(store.getState().session.kind).toBe('signedIn');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access-token-1');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-token-1');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
  });

  it("signs in and toasts 'Welcome back!'", async () => {
    server.use(http.post(apiUrl('/auth/login'), () => HttpResponse.json(buildAuthResponse())));
    const { user } = renderApp('/');
    await user.type(screen.getByLabelText('Email'), 'alice@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-one');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText(TOAST_MESSAGES.welcomeBack)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('user-chip')).toHaveTextContent('alice');
  });

  it("prefers the server's message when login fails, else 'Login failed'", async () => {
    server.use(
      http.post(apiUrl('/auth/login'), () =>
        HttpResponse.json({ detail: 'Invalid email or password' }, { status: 401 }),
      ),
    );
    const { user, store } = renderApp('/');
    await user.type(screen.getByLabelText('Email'), 'alice@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(store.getState().session.kind).toBe('anonymous');

    server.use(http.post(apiUrl('/auth/login'), () => new HttpResponse(null, { status: 400 })));
    const submit = screen.getByRole('button', { name: 'Sign In' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByText(TOAST_MESSAGES.loginFailed)).toBeInTheDocument();
  });

  it("toasts 'Registration failed' when the server gives no reason", async () => {
    server.use(http.post(apiUrl('/auth/register'), () => new HttpResponse(null, { status: 409 })));
    const { user } = renderApp('/?mode=signup');
    await user.type(screen.getByLabelText('Username'), 'newbie');
    await user.type(screen.getByLabelText('Email'), 'newbie@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-one');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret-one');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(TOAST_MESSAGES.registrationFailed)).toBeInTheDocument();
  });
});

describe('social login buttons', () => {
  it('enables only the providers the server has configured', async () => {
    server.use(http.get(apiUrl('/config'), () => HttpResponse.json(buildConfig({ oauth_providers: ['google'] }))));
    renderApp('/');
    const google = screen.getByRole('button', { name: 'Continue with Google' });
    await waitFor(() => expect(google).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Continue with Facebook' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Continue with Microsoft' })).toBeDisabled();
  });

  it('keeps them all disabled when the config cannot be loaded', async () => {
    server.use(http.get(apiUrl('/config'), () => HttpResponse.error()));
    renderApp('/');
    const panel = screen.getByRole('region', { name: 'Sign in or create an account' });
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Continue with Google' })).toBeDisabled());
    expect(within(panel).getByRole('button', { name: 'Continue with Facebook' })).toBeDisabled();
  });
});

describe('sign-up validation', () => {
  it('checks every field before calling the server and ties each message to its input', async () => {
    let called = false;
    server.use(
      http.post(apiUrl('/auth/register'), () => {
        called = true;
        return HttpResponse.json(buildAuthResponse());
      }),
    );
    const { user } = renderApp('/?mode=signup');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const username = screen.getByLabelText('Username');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription('Username is required');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(username).toHaveFocus();

    await user.type(username, 'ab');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(username).toHaveAccessibleDescription(VALIDATION_MESSAGES.usernameTooShort);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Password must be at least 8 characters long',
    );
    expect(called).toBe(false);

    // Editing a field clears its message.
    await user.type(username, 'c');
    expect(username).not.toHaveAttribute('aria-invalid');
  });
});

describe('two-factor sign-in step', () => {
  function serveTwoFactorLogin(bodies: Record<string, unknown>[]) {
    server.use(
      http.post(apiUrl('/auth/login'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (body['totp_code'] === undefined && body['recovery_code'] === undefined) {
          return HttpResponse.json(
            { detail: 'Two-factor authentication code required', code: 'TWO_FACTOR_REQUIRED' },
            { status: 401 },
          );
        }
        if (body['totp_code'] === '654321' || body['recovery_code'] === 'ABCD-EFGH') {
          return HttpResponse.json(buildAuthResponse());
        }
        return HttpResponse.json(
          { detail: 'Invalid two-factor authentication code', code: 'TWO_FACTOR_INVALID' },
          { status: 401 },
        );
      }),
    );
  }

  it('asks for the code, re-posts the credentials with it and signs in', async () => {
    const bodies: Record<string, unknown>[] = [];
    serveTwoFactorLogin(bodies);
    const { user, store } = renderApp('/');
    await user.type(screen.getByLabelText('Email'), 'alice@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-one');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const code = await screen.findByLabelText('Authentication code');
    expect(code).toHaveFocus();
    expect(screen.queryByText(TOAST_MESSAGES.loginFailed)).not.toBeInTheDocument();

    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(code).toHaveAccessibleDescription('The code must be the 6 digits shown in your authenticator app');

    await user.clear(code);
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Authentication code')).toHaveAccessibleDescription(
        'Invalid two-factor authentication code',
      ),
    );

    await user.type(screen.getByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(TOAST_MESSAGES.welcomeBack)).toBeInTheDocument();
    expect(store.getState().session.kind).toBe('signedIn');
    expect(bodies.at(-1)).toEqual({ email: 'alice@example.com', password: 'secret-one', totp_code: '654321' });
  });

  it('accepts a recovery code instead', async () => {
    const bodies: Record<string, unknown>[] = [];
    serveTwoFactorLogin(bodies);
    const { user } = renderApp('/');
    await user.type(screen.getByLabelText('Email'), 'alice@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-one');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    const recovery = screen.getByLabelText('Recovery code');
    expect(recovery).toHaveFocus();
    await user.type(recovery, 'ABCD-EFGH');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(TOAST_MESSAGES.welcomeBack)).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ email: 'alice@example.com', password: 'secret-one', recovery_code: 'ABCD-EFGH' });
  });
});

describe('forgot password', () => {
  it('sends the email and shows the same neutral confirmation whatever the address', async () => {
    let body: unknown;
    server.use(
      http.post(apiUrl('/auth/forgot-password'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true, message: 'x' });
      }),
    );
    const { user } = renderApp('/');
    await user.type(screen.getByLabelText('Email'), 'who@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('who@example.com');
    expect(email).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText('If an account exists for that email, we sent a link to reset the password.'),
    ).toBeInTheDocument();
    expect(body).toEqual({ email: 'who@example.com' });

    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});

describe('social login popup', () => {
  interface FakePopup {
    closed: boolean;
    close: () => void;
    location: { href: string };
  }

  function fakePopup(): FakePopup {
    const popup: FakePopup = {
      closed: false,
      close: () => {
        popup.closed = true;
      },
      location: { href: '' },
    };
    return popup;
  }

  afterEach(() => jest.restoreAllMocks());

  it('opens a 500×600 popup at the authorization URL and signs in on OAUTH_SUCCESS from its own origin', async () => {
    const popup = fakePopup();
    const open = jest.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    let authorizeUrl = '';
    server.use(
      http.get(apiUrl('/config'), () => HttpResponse.json(buildConfig({ oauth_providers: ['google'] }))),
      http.get(apiUrl('/auth/oauth/google'), ({ request }) => {
        authorizeUrl = request.url;
        return HttpResponse.json({
          provider: 'google',
          authorization_url: 'https://accounts.example/authorize?state=s',
          redirect_uri: 'http://localhost/auth/google/callback',
          expires_at: new Date().toISOString(),
        });
      }),
      http.get(apiUrl('/users/me/'), () => HttpResponse.json(buildUser({ username: 'gina' }))),
    );
    const { user, store } = renderApp('/');
    const google = screen.getByRole('button', { name: 'Continue with Google' });
    await waitFor(() => expect(google).toBeEnabled());
    await user.click(google);

    expect(open).toHaveBeenCalledWith('', 'skillduel-oauth-google', expect.stringContaining('width=500,height=600'));
    await waitFor(() => expect(popup.location.href).toBe('https://accounts.example/authorize?state=s'));
    expect(new URL(authorizeUrl).searchParams.get('redirect_uri')).toBe('http://localhost/auth/google/callback');
    expect(google).toHaveAttribute('aria-busy', 'true');

    // A message from another origin is ignored.
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: 'https://evil.example',
          data: { type: 'OAUTH_SUCCESS', user: buildUser(), access_token: 'evil', refresh_token: 'evil' },
        }),
      );
    });
    expect(store.getState().session.kind).toBe('anonymous');

    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: 'http://localhost',
          data: {
            type: 'OAUTH_SUCCESS',
            user: buildUser({ username: 'gina' }),
            access_token: 'oauth-access',
            refresh_token: 'oauth-refresh',
          },
        }),
      );
    });
    expect(await screen.findByText(TOAST_MESSAGES.welcomeBack)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('oauth-access');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('oauth-refresh');
    expect(store.getState().session).toMatchObject({ kind: 'signedIn', user: { username: 'gina' } });
  });

  it('shows OAUTH_ERROR and clears the loading state when the popup is closed', async () => {
    const popup = fakePopup();
    jest.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    server.use(
      http.get(apiUrl('/config'), () => HttpResponse.json(buildConfig({ oauth_providers: ['google'] }))),
      http.get(apiUrl('/auth/oauth/google'), () =>
        HttpResponse.json({
          provider: 'google',
          authorization_url: 'https://accounts.example/authorize',
          redirect_uri: 'http://localhost/auth/google/callback',
          expires_at: new Date().toISOString(),
        }),
      ),
    );
    const { user } = renderApp('/');
    const google = screen.getByRole('button', { name: 'Continue with Google' });
    await waitFor(() => expect(google).toBeEnabled());
    await user.click(google);
    await waitFor(() => expect(google).toHaveAttribute('aria-busy', 'true'));

    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: 'http://localhost',
          data: { type: 'OAUTH_ERROR', message: 'google login failed: access_denied' },
        }),
      );
    });
    expect(await screen.findByText('google login failed: access_denied')).toBeInTheDocument();
    await waitFor(() => expect(google).toBeEnabled());

    await user.click(google);
    await waitFor(() => expect(google).toHaveAttribute('aria-busy', 'true'));
    popup.closed = true;
    await waitFor(() => expect(google).not.toHaveAttribute('aria-busy'), { timeout: 2000 });
    expect(google).toBeEnabled();
  });
});
