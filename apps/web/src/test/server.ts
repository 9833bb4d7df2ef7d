import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { STORAGE_KEYS } from '../app/storage';
import { buildConfig, buildEligibility, buildKycStatus, buildLimits, buildUser, GAMES } from './factories';

/** URL pattern for an API path on any origin, e.g. api('/games/'). */
export const apiUrl = (path: string) => `*/api${path}`;

/**
 * GET /users/me/ at session start answers the user the test stored in localStorage, so a test that
 * starts signed in keeps exactly the user it set up; without one, the factory's user.
 */
function storedUser(): unknown {
  const text = localStorage.getItem(STORAGE_KEYS.user);
  return text ? (JSON.parse(text) as unknown) : buildUser();
}

/** Default answers; a test overrides them with server.use(...), which resets after each test. */
const handlers = [
  http.get(apiUrl('/games/'), () => HttpResponse.json(GAMES)),
  http.get(apiUrl('/config'), () => HttpResponse.json(buildConfig())),
  http.get(apiUrl('/users/me/'), () => HttpResponse.json(storedUser() as Record<string, unknown>)),
  http.post(apiUrl('/auth/logout'), () => HttpResponse.json({ success: true, message: 'Logged out successfully' })),
  // The dashboard's rooms: none open, no featured duel (see test/rooms.ts to serve some).
  http.get(apiUrl('/rooms'), () => HttpResponse.json([])),
  http.get(apiUrl('/rooms/featured'), () => HttpResponse.json(null)),
  // The wallet's history: empty (see test/wallet.ts for a wallet with money).
  http.get(apiUrl('/transactions'), () => HttpResponse.json([])),
  // The leaderboard: nobody ranked yet.
  http.get(apiUrl('/users/leaderboard/'), () =>
    HttpResponse.json({
      metric: 'total_earnings',
      period: 'all',
      region: 'global',
      period_start: null,
      leaderboard: [],
      me: { ...(storedUser() as Record<string, unknown>), rank: null, total_earnings: 0, total_wins: 0 },
      highlights: { hot_streak: null, high_roller: null, speed_demon: null },
    }),
  ),
  // The profile's statistics and history: no games yet.
  http.get(apiUrl('/users/me/statistics'), () =>
    HttpResponse.json({
      games_played: 0,
      wins: 0,
      losses: 0,
      ties: 0,
      win_rate: 0,
      total_earnings: 0,
      best_game: null,
      per_game: [],
      earnings_over_time: [],
    }),
  ),
  http.get(apiUrl('/users/me/matches'), () => HttpResponse.json({ matches: [], page: 1, page_size: 10, total: 0 })),
  // Skill ratings: none yet.
  http.get(apiUrl('/users/:id/ratings'), ({ params }) =>
    HttpResponse.json({ user_id: String(params['id']), ratings: [] }),
  ),
  // Security settings: a verified password account without 2FA (a test serves others with server.use).
  http.get(apiUrl('/auth/security'), () =>
    HttpResponse.json({
      email_verified: true,
      pending_email: null,
      has_password: true,
      two_factor_enabled: false,
      recovery_codes_remaining: 0,
      linked_providers: [],
    }),
  ),
  // The bell's notifications: none.
  http.get(apiUrl('/notifications'), () => HttpResponse.json({ notifications: [], unread_count: 0 })),
  // The operator console: a player, not staff (the API answers 403).
  http.get(apiUrl('/admin/me'), () =>
    HttpResponse.json({ statusCode: 403, detail: 'Access forbidden', message: 'Access forbidden' }, { status: 403 }),
  ),
  // Responsible gaming: an eligible player, no reality check due (a test serves others with server.use).
  http.get(apiUrl('/users/me/eligibility'), () => HttpResponse.json(buildEligibility(true))),
  http.get(apiUrl('/kyc'), () => HttpResponse.json(buildKycStatus())),
  // No limits, no break, no freeze: money play is open.
  http.get(apiUrl('/users/me/limits'), () => HttpResponse.json(buildLimits())),
  http.get(apiUrl('/users/me/reality-check'), () =>
    HttpResponse.json({
      due: false,
      interval_minutes: 60,
      session_started_at: null,
      minutes_played: 0,
      matches_played: 0,
      net_amount: 0,
    }),
  ),
];

export const server = setupServer(...handlers);
