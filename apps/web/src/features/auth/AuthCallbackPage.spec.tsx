import { screen, waitFor } from '@testing-library/react';
import { TOAST_MESSAGES, VALIDATION_MESSAGES } from '@skillduel/contracts';
import { delay, http, HttpResponse } from 'msw';
import { STORAGE_KEYS } from '../../app/storage';
import { buildUser } from '../../test/factories';
import { renderApp } from '../../test/renderWithProviders';
import { apiUrl, server } from '../../test/server';

interface FakeOpener {
  closed: boolean;
  postMessage: jest.Mock;
}

function withOpener(): FakeOpener {
  const opener: FakeOpener = { closed: false, postMessage: jest.fn() };
  Object.defineProperty(window, 'opener', { value: opener, configurable: true, writable: true });
  return opener;
}

describe('sign-in completion screen', () => {
  let closeSpy: jest.SpyInstance;

  beforeEach(() => {
    closeSpy = jest.spyOn(window, 'close').mockImplementation(() => undefined);
  });

  afterEach(() => {
    closeSpy.mockRestore();
    Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
  });

  it('shows the completion screen while the code is exchanged', async () => {
    server.use(
      http.post(apiUrl('/auth/oauth/callback'), async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    renderApp('/auth/google/callback?code=abc&state=xyz');
    expect(await screen.findByRole('heading', { name: 'Completing sign in...' })).toBeInTheDocument();
    expect(screen.getByText('Please wait while we process your authentication')).toBeInTheDocument();
  });

  it('posts {provider, code, state, redirect_uri}; on success tells the opener OAUTH_SUCCESS and closes', async () => {
    const opener = withOpener();
    const user = buildUser({ username: 'gina' });
    let body: unknown;
    server.use(
      http.post(apiUrl('/auth/oauth/callback'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          success: true,
          message: 'Signed in with google',
          user,
          access_token: 'oauth-access',
          refresh_token: 'oauth-refresh',
        });
      }),
    );
    renderApp('/auth/google/callback?code=the-code&state=the-state');

    await waitFor(() => expect(opener.postMessage).toHaveBeenCalledTimes(1));
    expect(body).toEqual({
      provider: 'google',
      code: 'the-code',
      state: 'the-state',
      redirect_uri: 'http://localhost/auth/google/callback',
    });
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: 'OAUTH_SUCCESS', user, access_token: 'oauth-access', refresh_token: 'oauth-refresh' },
      'http://localhost',
    );
    expect(closeSpy).toHaveBeenCalled();
    expect(
      await screen.findByText('Signed in successfully', { selector: '[data-sonner-toast] *' }),
    ).toBeInTheDocument();
  });

  it('without an opener stores the tokens and opens the dashboard', async () => {
    server.use(
      http.post(apiUrl('/auth/oauth/callback'), () =>
        HttpResponse.json({
          success: true,
          message: 'Signed in with microsoft',
          user: buildUser({ username: 'mia' }),
          access_token: 'oauth-access',
          refresh_token: 'oauth-refresh',
        }),
      ),
    );
    const { store } = renderApp('/auth/microsoft/callback?code=c&state=s');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
    expect(store.getState().session).toMatchObject({ kind: 'signedIn', user: { username: 'mia' } });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('oauth-access');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('oauth-refresh');
    expect(closeSpy).not.toHaveBeenCalled();
  });

  it("says 'No authorization code received' without a code, and reports OAUTH_ERROR to the opener", async () => {
    const opener = withOpener();
    let called = false;
    server.use(
      http.post(apiUrl('/auth/oauth/callback'), () => {
        called = true;
        return HttpResponse.json({});
      }),
    );
    renderApp('/auth/google/callback?state=xyz');
    await waitFor(() =>
      expect(opener.postMessage).toHaveBeenCalledWith(
        { type: 'OAUTH_ERROR', message: VALIDATION_MESSAGES.noAuthorizationCode },
        'http://localhost',
      ),
    );
    expect(closeSpy).toHaveBeenCalled();
    expect(called).toBe(false);
  });

  it("raises an error query parameter as '{provider} login failed: {reason}' and goes to / without an opener", async () => {
    renderApp('/auth/facebook/callback?error=access_denied');
    expect(
      await screen.findByText('facebook login failed: access_denied', { selector: '[data-sonner-toast] *' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it("reports the server's message when the exchange fails, else 'OAuth login failed'", async () => {
    const opener = withOpener();
    server.use(
      http.post(apiUrl('/auth/oauth/callback'), () =>
        HttpResponse.json(
          { detail: 'google login failed: the sign-in could not be verified', code: 'OAUTH_VERIFICATION_FAILED' },
          { status: 400 },
        ),
      ),
    );
    const first = renderApp('/auth/google/callback?code=c&state=s');
    await waitFor(() =>
      expect(opener.postMessage).toHaveBeenCalledWith(
        { type: 'OAUTH_ERROR', message: 'google login failed: the sign-in could not be verified' },
        'http://localhost',
      ),
    );
    first.unmount();

    opener.postMessage.mockClear();
    server.use(http.post(apiUrl('/auth/oauth/callback'), () => new HttpResponse(null, { status: 400 })));
    renderApp('/auth/google/callback?code=c&state=s');
    await waitFor(() =>
      expect(opener.postMessage).toHaveBeenCalledWith(
        { type: 'OAUTH_ERROR', message: TOAST_MESSAGES.oauthLoginFailed },
        'http://localhost',
      ),
    );
  });

  it('asks for the 2FA code when the account has one and posts the callback again with it', async () => {
    const opener = withOpener();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post(apiUrl('/auth/oauth/callback'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (body['totp_code'] !== '123456') {
          return HttpResponse.json(
            { detail: 'Two-factor authentication code required', code: 'TWO_FACTOR_REQUIRED' },
            { status: 401 },
          );
        }
        return HttpResponse.json({
          success: true,
          message: 'Signed in with google',
          user: buildUser(),
          access_token: 'a2',
          refresh_token: 'r2',
        });
      }),
    );
    const { user } = renderApp('/auth/google/callback?code=c&state=s');
    const code = await screen.findByLabelText('Authentication code');
    await waitFor(() => expect(code).toHaveFocus());
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(opener.postMessage).toHaveBeenCalledTimes(1));
    expect(opener.postMessage.mock.calls[0][0]).toMatchObject({ type: 'OAUTH_SUCCESS', access_token: 'a2' });
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toMatchObject({ code: 'c', state: 's', totp_code: '123456' });
  });
});
