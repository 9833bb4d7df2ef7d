/**
 * Types the web shell needs that the spec defines but the API work has not published yet. Dollar amounts are JSON
 * numbers on the wire (docs/product/wallet.md#amounts); the client never does arithmetic on them.
 */

import type { AuthResponse, UserDto } from './auth-types';
import type { LoginDto, RegisterDto } from './dto/auth.dto';

/*
 * The User, its stats (UserStatsDto) and the auth payloads are defined once in auth-types.ts and dto/auth.dto.ts
 * (shared with the API); the names the web uses are aliases of those definitions.
 */

/** The user answer (docs/product/accounts.md#user-answer); see UserDto. */
export type User = UserDto;

/**
 * The client-made guest session: practice and spectating only, no money (docs/product/app-and-api.md#guest-sessions).
 */
export interface GuestUser extends User {
  email: null;
  isGuest: true;
  wins: number;
  losses: number;
}

/** Prefixes of a guest session's id and username (docs/product/app-and-api.md#guest-sessions). */
export const GUEST_ID_PREFIX = 'guest_';
export const GUEST_USERNAME_PREFIX = 'Guest_';
export const GUEST_USERNAME_RANDOM_LENGTH = 6;

/** POST /auth/login payload (docs/product/accounts.md#login); optional totp_code / recovery_code when 2FA is on. */
export type LoginRequestDto = LoginDto;

/** POST /auth/register payload (docs/product/accounts.md#registration). */
export type RegisterRequestDto = RegisterDto;

/** Answer of POST /auth/login and POST /auth/register (docs/product/accounts.md). */
export type AuthResponseDto = AuthResponse;
