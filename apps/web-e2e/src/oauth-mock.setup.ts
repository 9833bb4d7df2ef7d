import { OAuth2Server } from 'oauth2-mock-server';

/**
 * Playwright globalSetup: a local OpenID provider (oauth2-mock-server) that the API knows as "google"
 * (OAUTH_GOOGLE_ISSUER in playwright.config.ts), so social login runs end to end in a real popup.
 * Its /authorize answers at once with a redirect to the callback, like a provider where the user is signed in.
 */
export default async function startOAuthMock(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_OAUTH_PORT);
  if (!Number.isInteger(port) || port <= 0) throw new Error('E2E_OAUTH_PORT is not set (see playwright.config.ts)');
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  // The ID token (the one without a scope claim) describes one social user per run, with a verified address.
  const runId = Date.now().toString(36);
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    if ('scope' in token.payload) return;
    Object.assign(token.payload, {
      sub: `e2e-google-${runId}`,
      name: `Social ${runId}`,
      preferred_username: `social_${runId}`,
      email: `social_${runId}@example.test`,
      email_verified: true,
    });
  });
  await server.start(port, '127.0.0.1');
  // It would call itself http://localhost:{port}; the API expects exactly the issuer it was configured with.
  server.issuer.url = `http://127.0.0.1:${port}`;
  return async () => {
    await server.stop();
  };
}
