import { screen, waitFor, within } from '@testing-library/react';
import { TOAST_MESSAGES, VALIDATION_MESSAGES } from '@skillduel/contracts';
import { http, HttpResponse } from 'msw';
import { STORAGE_KEYS } from '../../app/storage';
import { buildAuthResponse, buildConfig, buildUser } from '../../test/factories';
import { renderApp } from '../../test/renderWithProviders';
import { apiUrl, server } from '../../test/server';

describe('landing page', () => {
  it('advertises the claims and the six example games', () => {
    renderApp('/');
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    for (const text of ['50K+', '$2M+', '1M+', 'Instant Matches', 'Skill-Based', 'Real Money', 'Secure Transactions']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    const featured = screen.getAllByTestId('featured-game').map((item) => item.textContent);
    expect(featured).toEqual([
      'Quick Click',
      'Number Rush',
      'Memory Master',
      'Pattern Pro',
      'Word Speed',
      'Color Clash',
    ]);
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
