/**
 * Types the web shell needs that the spec defines but the API work has not published yet.
 * Dollar amounts are JSON numbers on the wire (SPEC §3); the client never does arithmetic on them.
 */

/** Per-user counters; derived by the server from the ledger and match results (PRODUCT.md §3). */
export interface UserStatsDto {
  total_wins: number;
  total_earnings: number;
  total_deposited: number;
  total_withdrawn: number;
}

/** The spec's User entity (SPEC §3). */
export interface User {
  id: string;
  username: string;
  email: string | null;
  level: number;
  xp: number;
  xpToNext: number;
  /** Guest, Bronze, Silver, Gold, Diamond or Legendary (see RANKS). */
  rank: string;
  /** ISO 3166-1 alpha-2 code, when known. */
  country: string | null;
  avatar: string | null;
  /** ISO 8601 date-time. */
  joinDate: string;
  /** Dollars. */
  current_balance: number;
  /** Dollars; some screens read this camelCase copy of current_balance (SPEC §3). */
  balance: number;
  stats: UserStatsDto;
  isGuest: boolean;
  canPlay: boolean;
  canBet: boolean;
  canWithdraw: boolean;
  canDeposit: boolean;
  spectatorMode: boolean;
}

/** The client-made guest session (SPEC §3): practice and spectating only, no money. */
export interface GuestUser extends User {
  email: null;
  isGuest: true;
  wins: number;
  losses: number;
}

/** Prefixes of a guest session's id and username (SPEC §3). */
export const GUEST_ID_PREFIX = 'guest_';
export const GUEST_USERNAME_PREFIX = 'Guest_';
export const GUEST_USERNAME_RANDOM_LENGTH = 6;

/** POST /auth/login payload (SPEC §7). */
export interface LoginRequestDto {
  email: string;
  password: string;
}

/** POST /auth/register payload (SPEC §7). */
export interface RegisterRequestDto {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** Answer of POST /auth/login and POST /auth/register (SPEC §7). */
export interface AuthResponseDto {
  user: User;
  access_token: string;
  refresh_token: string;
}
