import type { SocialProvider } from './constants';

/**
 * Answers of the /auth/* and /users/me/* calls (docs/product/accounts.md). One definition, imported by API and web.
 * Dollar amounts are JSON numbers on the wire; the server keeps integer cents.
 */

/**
 * Per-user counters, derived by the server from the ledger and match results (docs/product/wallet.md#player-totals).
 * Dollars.
 */
export interface UserStatsDto {
  total_wins: number;
  total_earnings: number;
  total_deposited: number;
  total_withdrawn: number;
}

/** The user answer (docs/product/accounts.md#user-answer), exactly its fields. */
export interface UserDto {
  id: string;
  username: string;
  /** Null for a social account whose provider gave no verified email, and for guests. */
  email: string | null;
  level: number;
  /** Points into the current level (see libs/contracts progression.ts). */
  xp: number;
  /** Points the current level needs in total; the XP bar is xp / xpToNext. */
  xpToNext: number;
  /** Guest, Bronze, Silver, Gold, Diamond or Legendary (see RANKS). */
  rank: string;
  /** ISO 3166-1 alpha-2 code, when known. */
  country: string | null;
  avatar: string | null;
  /** ISO 8601 date-time of registration. */
  joinDate: string;
  /** Dollars. */
  current_balance: number;
  /** Dollars; the camelCase copy of current_balance that some screens read. */
  balance: number;
  stats: UserStatsDto;
  isGuest: boolean;
  canPlay: boolean;
  canBet: boolean;
  canWithdraw: boolean;
  canDeposit: boolean;
  spectatorMode: boolean;
}

/** POST /auth/login and POST /auth/register. */
export interface AuthResponse {
  user: UserDto;
  access_token: string;
  refresh_token: string;
}

/** POST /auth/refresh: a new access token and the rotated refresh token (the old one is spent). */
export interface RefreshResponse {
  access_token: string;
  refresh_token: string;
}

/** Answer of calls whose result the client does not use. */
export interface MessageResponse {
  success: true;
  message: string;
}

/** One signed-in device (GET /auth/sessions). */
export interface SessionDto {
  id: string;
  user_agent: string | null;
  ip: string | null;
  /** 'password' or 'oauth:{provider}'. */
  auth_method: string;
  created_at: string;
  last_used_at: string;
  /** The session the request was made with. */
  current: boolean;
}

export interface RevokedSessionsResponse extends MessageResponse {
  revoked: number;
}

/** POST /auth/setup-2fa: scan `qr_code` (a PNG data URL) or type `secret` into an authenticator app. */
export interface TwoFactorSetupResponse {
  secret: string;
  otpauth_url: string;
  qr_code: string;
}

/** POST /auth/verify-2fa: 2FA is on; the recovery codes are shown once and each works once. */
export interface TwoFactorEnabledResponse extends MessageResponse {
  recovery_codes: string[];
}

/** GET /auth/security: what the profile's Security tab shows besides the session list. */
export interface SecurityOverviewDto {
  email_verified: boolean;
  /** A new address waiting for its confirmation link; `email` stays the old one until then. */
  pending_email: string | null;
  has_password: boolean;
  two_factor_enabled: boolean;
  recovery_codes_remaining: number;
  linked_providers: Array<{ provider: SocialProvider; email: string | null; linked_at: string }>;
}

/** GET /auth/oauth/providers. */
export interface OAuthProvidersResponse {
  providers: SocialProvider[];
}

/** GET /auth/oauth/{provider}: open `authorization_url` in the 500×600 popup. */
export interface OAuthAuthorizationResponse {
  provider: SocialProvider;
  authorization_url: string;
  redirect_uri: string;
  /** ISO 8601; the state (and its PKCE verifier and nonce) is forgotten after this. */
  expires_at: string;
}

/**
 * POST /auth/oauth/callback. A sign-in carries new tokens; linking a provider to the signed-in account
 * (`mode=link`) carries only the user.
 */
export interface OAuthCallbackResponse {
  success: true;
  message: string;
  user: UserDto;
  access_token?: string;
  refresh_token?: string;
}

/** POST /users/me/add-xp/. */
export interface AddXpResponse {
  success: true;
  /** XP actually granted after the server-side caps (may be 0). */
  xp_added: number;
  level: number;
  xp: number;
  xpToNext: number;
  rank: string;
  leveled_up: boolean;
}

/** POST /users/me/update-online-status/. */
export interface OnlineStatusResponse {
  success: true;
  is_online: boolean;
}

/**
 * Machine-readable `code` of auth error answers. `detail` carries the human message.
 * TWO_FACTOR_REQUIRED (401): the password was right, send it again with `totp_code` or `recovery_code`.
 */
export const AUTH_ERROR_CODES = {
  invalidCredentials: 'INVALID_CREDENTIALS',
  twoFactorRequired: 'TWO_FACTOR_REQUIRED',
  twoFactorInvalid: 'TWO_FACTOR_INVALID',
  twoFactorAlreadyEnabled: 'TWO_FACTOR_ALREADY_ENABLED',
  twoFactorNotEnabled: 'TWO_FACTOR_NOT_ENABLED',
  twoFactorSetupMissing: 'TWO_FACTOR_SETUP_MISSING',
  invalidRefreshToken: 'INVALID_REFRESH_TOKEN',
  invalidToken: 'INVALID_TOKEN',
  usernameTaken: 'USERNAME_TAKEN',
  emailTaken: 'EMAIL_TAKEN',
  usernameReserved: 'USERNAME_RESERVED',
  wrongPassword: 'WRONG_PASSWORD',
  currentPasswordRequired: 'CURRENT_PASSWORD_REQUIRED',
  noPassword: 'NO_PASSWORD',
  providerNotConfigured: 'PROVIDER_NOT_CONFIGURED',
  providerUnavailable: 'PROVIDER_UNAVAILABLE',
  oauthStateInvalid: 'OAUTH_STATE_INVALID',
  oauthVerificationFailed: 'OAUTH_VERIFICATION_FAILED',
  oauthEmailInUse: 'OAUTH_EMAIL_IN_USE',
  oauthAccountLinkedElsewhere: 'OAUTH_ACCOUNT_LINKED_ELSEWHERE',
  oauthNotLinked: 'OAUTH_NOT_LINKED',
  lastSignInMethod: 'LAST_SIGN_IN_METHOD',
  invalidRedirectUri: 'INVALID_REDIRECT_URI',
} as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[keyof typeof AUTH_ERROR_CODES];

/**
 * One account mail in the local outbox (GET /api/dev/mail, newest first), kept only when the server runs without a
 * mail server and DEV_MAIL is on (`npm start`'s embedded default).
 */
export interface DevMailDto {
  to: string;
  subject: string;
  text: string;
  /** Every http(s) link of the text, in order (the verification or reset link among them). */
  links: string[];
  sent_at: string;
}
