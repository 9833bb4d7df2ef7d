import {
  OAuthAuthorizationResponse,
  OAuthCallbackResponse,
  SecurityOverviewDto,
  TwoFactorSetupResponse,
} from '@skillduel/contracts';
import { OAuth2Server } from 'oauth2-mock-server';
import { generate } from 'otplib';
import { bearer, randomIp, registerUser } from '../../../test/auth-helpers';
import { rowCounts, sql } from '../../../test/db';
import { createTestApp, TestApp } from '../../../test/test-app';
import { Clock } from '../../common/clock';

const GOOGLE_CLIENT_ID = 'google-client-id';
const WEB_DEV_ORIGIN = 'http://localhost:4200';
const NOW_SECONDS = 63_333_340 * 30 + 15;

describe('social sign-in (OpenID Connect against a local oauth2-mock-server)', () => {
  let testApp: TestApp;
  let provider: OAuth2Server;
  /** Claims merged into the next ID tokens the mock provider signs (and nothing else). */
  let idTokenClaims: Record<string, unknown> = {};
  const inject = (...args: Parameters<TestApp['app']['inject']>) => testApp.app.inject(...args);
  const tables = ['users', 'oauth_identities', 'auth_sessions', 'auth_refresh_tokens'];

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, 'localhost');
    provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
      // The ID token is the one without a scope claim.
      if (!('scope' in token.payload)) Object.assign(token.payload, idTokenClaims);
    });
    testApp = await createTestApp({
      OAUTH_GOOGLE_CLIENT_ID: GOOGLE_CLIENT_ID,
      OAUTH_GOOGLE_CLIENT_SECRET: 'google-client-secret',
      OAUTH_GOOGLE_ISSUER: provider.issuer.url ?? '',
      OAUTH_MICROSOFT_CLIENT_ID: 'microsoft-client-id',
      OAUTH_MICROSOFT_CLIENT_SECRET: 'microsoft-client-secret',
      OAUTH_MICROSOFT_ISSUER: provider.issuer.url ?? '',
      OAUTH_ALLOW_INSECURE_HTTP: 'true',
      CORS_ORIGINS: WEB_DEV_ORIGIN,
      AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
    });
    jest.spyOn(testApp.app.get(Clock), 'now').mockImplementation(() => new Date(NOW_SECONDS * 1000));
  });
  afterAll(async () => {
    await testApp.close();
    await provider.stop();
  });
  beforeEach(() => {
    idTokenClaims = {};
  });

  async function authorize(name = 'google', query = '', accessToken?: string): Promise<OAuthAuthorizationResponse> {
    const response = await inject({
      method: 'GET',
      url: `/api/auth/oauth/${name}${query}`,
      headers: accessToken ? bearer(accessToken) : {},
      remoteAddress: randomIp(),
    });
    expect(response.statusCode).toBe(200);
    return response.json<OAuthAuthorizationResponse>();
  }

  /** Plays the browser at the provider: follow the authorization URL, read the code and state it sends back. */
  async function consent(authorization: OAuthAuthorizationResponse): Promise<{ code: string; state: string }> {
    const response = await fetch(authorization.authorization_url, { redirect: 'manual' });
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(authorization.redirect_uri);
    return { code: location.searchParams.get('code') ?? '', state: location.searchParams.get('state') ?? '' };
  }

  const callback = (payload: Record<string, unknown>) =>
    inject({ method: 'POST', url: '/api/auth/oauth/callback', payload, remoteAddress: randomIp() });

  async function signIn(claims: Record<string, unknown>, name = 'google') {
    idTokenClaims = claims;
    const authorization = await authorize(name);
    const { code, state } = await consent(authorization);
    return callback({ provider: name, code, state, redirect_uri: authorization.redirect_uri });
  }

  describe('providers and configuration', () => {
    it('lists only the configured providers, here and in GET /api/config', async () => {
      const response = await inject({ method: 'GET', url: '/api/auth/oauth/providers' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ providers: ['google', 'microsoft'] });
      expect((await inject({ method: 'GET', url: '/api/config' })).json().oauth_providers).toEqual([
        'google',
        'microsoft',
      ]);
    });

    it('a provider without credentials answers 400 "{provider} authentication is not configured"', async () => {
      const authorization = await inject({ method: 'GET', url: '/api/auth/oauth/facebook' });
      expect(authorization.statusCode).toBe(400);
      expect(authorization.json()).toMatchObject({
        code: 'PROVIDER_NOT_CONFIGURED',
        detail: 'facebook authentication is not configured',
      });
      const cb = await callback({
        provider: 'facebook',
        code: 'c',
        state: 's',
        redirect_uri: 'http://localhost:3000/auth/facebook/callback',
      });
      expect(cb.statusCode).toBe(400);
      expect(cb.json().detail).toBe('facebook authentication is not configured');
      expect((await inject({ method: 'GET', url: '/api/auth/oauth/twitter' })).statusCode).toBe(404);
    });

    it('the authorization URL carries state, nonce and a PKCE S256 challenge; only a hash of the state is stored', async () => {
      const authorization = await authorize('google');
      const url = new URL(authorization.authorization_url);
      expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer.url}/authorize`);
      const params = Object.fromEntries(url.searchParams);
      expect(params).toMatchObject({
        client_id: GOOGLE_CLIENT_ID,
        response_type: 'code',
        redirect_uri: 'http://localhost:3000/auth/google/callback',
        code_challenge_method: 'S256',
        scope: 'openid email profile',
      });
      expect(params['state']).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(params['nonce']).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(params['code_challenge']).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const rows = await sql<{ state_hash: string; code_verifier: string; expires_in: number }>(
        testApp.databaseUrl,
        `SELECT state_hash, code_verifier, extract(epoch FROM expires_at - created_at)::int AS expires_in FROM oauth_states`,
      );
      expect(rows.map((row) => row.state_hash)).not.toContain(params['state']);
      expect(rows.every((row) => row.expires_in === 600)).toBe(true);
      expect(rows.map((row) => row.code_verifier)).not.toContain(params['code_challenge']);
    });

    it('accepts redirect_uri only on the web origins, at /auth/{provider}/callback', async () => {
      const dev = await authorize(
        'google',
        `?redirect_uri=${encodeURIComponent(`${WEB_DEV_ORIGIN}/auth/google/callback`)}`,
      );
      expect(dev.redirect_uri).toBe(`${WEB_DEV_ORIGIN}/auth/google/callback`);
      for (const redirect of [
        'https://evil.example/auth/google/callback',
        `${WEB_DEV_ORIGIN}/auth/microsoft/callback`,
        `${WEB_DEV_ORIGIN}/auth/google/callback?next=/x`,
        'javascript:alert(1)',
      ]) {
        const response = await inject({
          method: 'GET',
          url: `/api/auth/oauth/google?redirect_uri=${encodeURIComponent(redirect)}`,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().detail).toBe('Invalid redirect_uri');
      }
      const extra = await inject({ method: 'GET', url: '/api/auth/oauth/google?foo=bar' });
      expect(extra.statusCode).toBe(400);
    });
  });

  describe('sign-in', () => {
    it('creates an account keyed on (provider, subject) and signs in; the same subject signs in again', async () => {
      const first = await signIn({
        sub: 'google-sub-alice',
        email: 'alice.social@example.test',
        email_verified: true,
        name: 'Alice Social',
      });
      expect(first.statusCode).toBe(200);
      const body = first.json<OAuthCallbackResponse>();
      expect(body).toMatchObject({ success: true, message: 'Signed in with google' });
      expect(body.user).toMatchObject({ username: 'AliceSocial', email: 'alice.social@example.test', isGuest: false });
      expect(typeof body.access_token).toBe('string');
      expect(typeof body.refresh_token).toBe('string');
      const me = await inject({ method: 'GET', url: '/api/users/me/', headers: bearer(body.access_token ?? '') });
      expect(me.json().id).toBe(body.user.id);
      const sessions = await inject({
        method: 'GET',
        url: '/api/auth/sessions',
        headers: bearer(body.access_token ?? ''),
      });
      expect(sessions.json()[0].auth_method).toBe('oauth:google');
      const [identity] = await sql(
        testApp.databaseUrl,
        `SELECT provider, subject FROM oauth_identities WHERE user_id = $1`,
        [body.user.id],
      );
      expect(identity).toEqual({ provider: 'google', subject: 'google-sub-alice' });

      const before = await rowCounts(testApp.databaseUrl, ['users', 'oauth_identities']);
      const second = await signIn({
        sub: 'google-sub-alice',
        email: 'alice.social@example.test',
        email_verified: true,
        name: 'Alice Social',
      });
      expect(second.statusCode).toBe(200);
      expect(second.json<OAuthCallbackResponse>().user.id).toBe(body.user.id);
      expect(await rowCounts(testApp.databaseUrl, ['users', 'oauth_identities'])).toEqual(before);
    });

    it('an unverified provider email is not stored; a name that collides gets a suffix', async () => {
      const response = await signIn({
        sub: 'google-sub-unverified',
        email: 'someone@example.test',
        email_verified: false,
        name: 'Alice Social',
      });
      expect(response.statusCode).toBe(200);
      const user = response.json<OAuthCallbackResponse>().user;
      expect(user.email).toBeNull();
      expect(user.username).toMatch(/^AliceSocial_\d{4}$/);
    });

    it('never joins an existing account on email alone (409, nothing created)', async () => {
      const { user } = await registerUser(testApp.app);
      const before = await rowCounts(testApp.databaseUrl, tables);
      const response = await signIn({
        sub: 'google-sub-mallory',
        email: user.email,
        email_verified: true,
        name: 'Mallory',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'OAUTH_EMAIL_IN_USE',
        detail:
          'An account with this email already exists. Sign in with your password, then link google in Security settings.',
      });
      expect(await rowCounts(testApp.databaseUrl, tables)).toEqual(before);
    });

    it('a state works once', async () => {
      idTokenClaims = { sub: 'google-sub-once' };
      const authorization = await authorize('google');
      const { code, state } = await consent(authorization);
      const payload = { provider: 'google', code, state, redirect_uri: authorization.redirect_uri };
      expect((await callback(payload)).statusCode).toBe(200);
      const replay = await callback(payload);
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toMatchObject({
        code: 'OAUTH_STATE_INVALID',
        detail: 'Sign-in request expired or is invalid; please try again',
      });
    });

    it.each([
      ['tampered state', (p: Record<string, string>) => ({ ...p, state: `${p['state'].slice(0, -2)}xx` })],
      [
        'state of another provider',
        (p: Record<string, string>) => ({
          ...p,
          provider: 'microsoft',
          redirect_uri: 'http://localhost:3000/auth/microsoft/callback',
        }),
      ],
      [
        'different redirect_uri',
        (p: Record<string, string>) => ({ ...p, redirect_uri: `${WEB_DEV_ORIGIN}/auth/google/callback` }),
      ],
    ])('refuses a %s (400, no account, no tokens)', async (_case, tamper) => {
      idTokenClaims = { sub: 'google-sub-tamper' };
      const authorization = await authorize('google');
      const { code, state } = await consent(authorization);
      const before = await rowCounts(testApp.databaseUrl, tables);
      const response = await callback(
        tamper({ provider: 'google', code, state, redirect_uri: authorization.redirect_uri }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('OAUTH_STATE_INVALID');
      expect(response.json()).not.toHaveProperty('access_token');
      expect(await rowCounts(testApp.databaseUrl, tables)).toEqual(before);
    });

    it('refuses an expired state', async () => {
      const authorization = await authorize('google');
      const { code, state } = await consent(authorization);
      await sql(testApp.databaseUrl, `UPDATE oauth_states SET expires_at = now() - interval '1 second'`);
      const response = await callback({ provider: 'google', code, state, redirect_uri: authorization.redirect_uri });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('OAUTH_STATE_INVALID');
    });

    it.each([
      ['a wrong nonce', { nonce: 'not-the-nonce-we-sent' }],
      ['a wrong audience', { aud: 'someone-elses-client' }],
      ['a wrong issuer', { iss: 'https://evil.example' }],
      ['an expired ID token', { exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 7200 }],
      ['no subject', { sub: undefined }],
    ])('refuses an ID token with %s (400, nothing created)', async (_case, claims) => {
      const before = await rowCounts(testApp.databaseUrl, tables);
      const response = await signIn({ sub: 'google-sub-evil', ...claims });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'OAUTH_VERIFICATION_FAILED',
        detail: 'google login failed: the sign-in could not be verified',
      });
      expect(await rowCounts(testApp.databaseUrl, tables)).toEqual(before);
    });

    it('refuses a code the provider never issued (PKCE exchange fails)', async () => {
      const authorization = await authorize('google');
      const { state } = await consent(authorization);
      const response = await callback({
        provider: 'google',
        code: 'forged-code',
        state,
        redirect_uri: authorization.redirect_uri,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('OAUTH_VERIFICATION_FAILED');
    });

    const cb = 'http://localhost:3000/auth/google/callback';
    it.each([
      ['missing code', { provider: 'google', state: 's', redirect_uri: cb }, 'No authorization code received'],
      [
        'missing state',
        { provider: 'google', code: 'c', redirect_uri: cb },
        'Sign-in request expired or is invalid; please try again',
      ],
      [
        'unknown provider',
        { provider: 'myspace', code: 'c', state: 's', redirect_uri: cb },
        'Unknown sign-in provider',
      ],
      [
        'redirect_uri not a URL',
        { provider: 'google', code: 'c', state: 's', redirect_uri: 'not a url' },
        'Invalid redirect_uri',
      ],
      [
        'extra field',
        { provider: 'google', code: 'c', state: 's', redirect_uri: cb, role: 'admin' },
        'property role should not exist',
      ],
      [
        'code too long',
        { provider: 'google', code: 'c'.repeat(2049), state: 's', redirect_uri: cb },
        'No authorization code received',
      ],
      [
        'code not a string',
        { provider: 'google', code: 42, state: 's', redirect_uri: cb },
        'No authorization code received',
      ],
    ])('callback with %s → 400', async (_case, payload, message) => {
      const response = await callback(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(message);
    });
  });

  describe('linking and unlinking', () => {
    it('links a provider to the signed-in account (mode=link), which then signs in with it', async () => {
      const alice = await registerUser(testApp.app);
      idTokenClaims = { sub: 'google-sub-link-alice', email: 'other@example.test', email_verified: true };
      const authorization = await authorize('google', '?mode=link', alice.accessToken);
      const { code, state } = await consent(authorization);
      const linked = await callback({ provider: 'google', code, state, redirect_uri: authorization.redirect_uri });
      expect(linked.statusCode).toBe(200);
      expect(linked.json()).toMatchObject({
        success: true,
        message: 'google account linked',
        user: { id: alice.user.id },
      });
      expect(linked.json()).not.toHaveProperty('access_token');
      const security = (
        await inject({ method: 'GET', url: '/api/auth/security', headers: bearer(alice.accessToken) })
      ).json<SecurityOverviewDto>();
      expect(security.linked_providers).toEqual([expect.objectContaining({ provider: 'google' })]);

      const viaGoogle = await signIn({ sub: 'google-sub-link-alice' });
      expect(viaGoogle.statusCode).toBe(200);
      expect(viaGoogle.json<OAuthCallbackResponse>().user.id).toBe(alice.user.id);
    });

    it('link mode needs a signed-in caller; a subject linked to someone else is refused', async () => {
      expect((await inject({ method: 'GET', url: '/api/auth/oauth/google?mode=link' })).statusCode).toBe(401);
      const owner = await signIn({ sub: 'google-sub-owned' });
      expect(owner.statusCode).toBe(200);
      const bob = await registerUser(testApp.app);
      idTokenClaims = { sub: 'google-sub-owned' };
      const authorization = await authorize('google', '?mode=link', bob.accessToken);
      const { code, state } = await consent(authorization);
      const response = await callback({ provider: 'google', code, state, redirect_uri: authorization.redirect_uri });
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toBe('This google account is already linked to another user');
    });

    it('unlink removes a provider, but never the last way to sign in', async () => {
      const socialOnly = (await signIn({ sub: 'google-sub-only' })).json<OAuthCallbackResponse>();
      const refused = await inject({
        method: 'POST',
        url: '/api/auth/oauth/google/unlink',
        headers: bearer(socialOnly.access_token ?? ''),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'LAST_SIGN_IN_METHOD',
        detail: 'You cannot unlink your only way to sign in. Set a password first.',
      });
      expect(
        (await sql(testApp.databaseUrl, `SELECT 1 FROM oauth_identities WHERE subject = 'google-sub-only'`)).length,
      ).toBe(1);

      const alice = await registerUser(testApp.app);
      idTokenClaims = { sub: 'google-sub-unlink' };
      const authorization = await authorize('google', '?mode=link', alice.accessToken);
      const { code, state } = await consent(authorization);
      expect(
        (await callback({ provider: 'google', code, state, redirect_uri: authorization.redirect_uri })).statusCode,
      ).toBe(200);
      const unlink = await inject({
        method: 'POST',
        url: '/api/auth/oauth/google/unlink',
        headers: bearer(alice.accessToken),
      });
      expect(unlink.statusCode).toBe(200);
      expect(unlink.json()).toEqual({ success: true, message: 'google account unlinked' });
      const again = await inject({
        method: 'POST',
        url: '/api/auth/oauth/google/unlink',
        headers: bearer(alice.accessToken),
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().detail).toBe('No google account is linked');
      expect((await inject({ method: 'POST', url: '/api/auth/oauth/google/unlink' })).statusCode).toBe(401);
      expect(
        (await inject({ method: 'POST', url: '/api/auth/oauth/nope/unlink', headers: bearer(alice.accessToken) }))
          .statusCode,
      ).toBe(404);
    });
  });

  it('an account with 2FA needs the code: the same callback is posted again with it', async () => {
    const alice = await registerUser(testApp.app);
    const setup = (
      await inject({
        method: 'POST',
        url: '/api/auth/setup-2fa',
        headers: bearer(alice.accessToken),
        payload: { current_password: alice.password },
      })
    ).json<TwoFactorSetupResponse>();
    const enable = await inject({
      method: 'POST',
      url: '/api/auth/verify-2fa',
      headers: bearer(alice.accessToken),
      payload: {
        token: await generate({ secret: setup.secret, epoch: NOW_SECONDS - 30 }),
        current_password: alice.password,
      },
    });
    expect(enable.statusCode).toBe(200);
    idTokenClaims = { sub: 'google-sub-2fa' };
    let authorization = await authorize('google', '?mode=link', alice.accessToken);
    let consented = await consent(authorization);
    expect(
      (await callback({ provider: 'google', ...consented, redirect_uri: authorization.redirect_uri })).statusCode,
    ).toBe(200);

    authorization = await authorize('google');
    consented = await consent(authorization);
    const payload = { provider: 'google', ...consented, redirect_uri: authorization.redirect_uri };
    const first = await callback(payload);
    expect(first.statusCode).toBe(401);
    expect(first.json()).toMatchObject({
      code: 'TWO_FACTOR_REQUIRED',
      detail: 'Two-factor authentication code required',
    });
    expect(first.json()).not.toHaveProperty('access_token');
    const wrongCode = await callback({
      ...payload,
      code: 'another-code',
      totp_code: await generate({ secret: setup.secret, epoch: NOW_SECONDS }),
    });
    expect(wrongCode.statusCode).toBe(400);
    const second = await callback({
      ...payload,
      totp_code: await generate({ secret: setup.secret, epoch: NOW_SECONDS }),
    });
    expect(second.statusCode).toBe(200);
    expect(second.json<OAuthCallbackResponse>().user.id).toBe(alice.user.id);
    expect(
      (await callback({ ...payload, totp_code: await generate({ secret: setup.secret, epoch: NOW_SECONDS + 30 }) }))
        .statusCode,
    ).toBe(400);
  });
});
