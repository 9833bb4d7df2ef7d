import {
  APIRequestContext,
  Browser,
  BrowserContext,
  BrowserContextOptions,
  expect,
  request as playwrightRequest,
} from '@playwright/test';

export interface Player {
  username: string;
  accessToken: string;
  refreshToken: string;
}

/**
 * A fresh account through the API (POST /auth/register), eligible for money play, with `dollars` (default
 * $50) deposited (POST /transactions/deposit; none when 0). Each account registers from its own request context, as
 * from its own browser: the server's device cookie would otherwise link every account of a test to one device
 * (a `shared_device` flag between opponents, a conflict of interest between a player and the staff member deciding).
 */
export async function registerWithDeposit(shared: APIRequestContext, prefix: string, dollars = 50): Promise<Player> {
  const origin = new URL((await shared.get('/api/health')).url()).origin;
  const request = await playwrightRequest.newContext({ baseURL: origin });
  try {
    return await registerFrom(request, prefix, dollars);
  } finally {
    await request.dispose();
  }
}

async function registerFrom(request: APIRequestContext, prefix: string, dollars: number): Promise<Player> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const username = `${prefix}_${suffix}`;
  const password = 'correct-horse-9';
  const registered = await request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password, confirmPassword: password },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  const auth = (await registered.json()) as { access_token: string; refresh_token: string };
  // Every player confirms eligibility before their first money move (docs/product/player-protection.md#eligibility).
  const eligibility = await request.put('/api/users/me/eligibility', {
    data: { date_of_birth: '1990-05-17', country: 'MX', accept_terms: true },
    headers: { Authorization: `Bearer ${auth.access_token}` },
  });
  expect(eligibility.status(), await eligibility.text()).toBe(200);
  if (dollars > 0) {
    const deposit = await request.post('/api/transactions/deposit', {
      data: { amount: dollars, payment_method: 'card' },
      headers: { Authorization: `Bearer ${auth.access_token}`, 'Idempotency-Key': `deposit-${username}` },
    });
    expect(deposit.status(), await deposit.text()).toBeLessThan(300);
  }
  return { username, accessToken: auth.access_token, refreshToken: auth.refresh_token };
}

export function authHeaders(player: Player): Record<string, string> {
  return { Authorization: `Bearer ${player.accessToken}` };
}

/** GET /users/me/ — the server's word on the balance. */
export async function balanceOf(request: APIRequestContext, player: Player): Promise<number> {
  const response = await request.get('/api/users/me/', { headers: authHeaders(player) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { current_balance: number }).current_balance;
}

/**
 * A browser context signed in as `player`: the tokens are in localStorage before the app starts. `options` are the
 * context's (e.g. a phone viewport); `language` picks the app's language the same way the switch does.
 */
export async function signedInContext(
  browser: Browser,
  player: Player,
  options: BrowserContextOptions & { language?: 'en' | 'es' } = {},
): Promise<BrowserContext> {
  const { language, ...contextOptions } = options;
  const context = await browser.newContext(contextOptions);
  await context.addInitScript(
    ({ access, refresh, lang }) => {
      // Only once: the app may rotate the pair later, and a reload must keep the rotated one.
      if (window.localStorage.getItem('access_token') === null) {
        window.localStorage.setItem('access_token', access);
        window.localStorage.setItem('refresh_token', refresh);
        if (lang) window.localStorage.setItem('lang', lang);
      }
    },
    { access: player.accessToken, refresh: player.refreshToken, lang: language ?? null },
  );
  return context;
}
