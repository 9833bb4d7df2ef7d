/**
 * Types the web shell needs that the spec defines but the API work has not published yet.
 * Dollar amounts are JSON numbers on the wire (SPEC §3); the client never does arithmetic on them.
 */

import type { AuthResponse, UserDto } from './auth-types';
import type { LoginDto, RegisterDto } from './dto/auth.dto';

/*
 * The User, its stats (UserStatsDto) and the auth payloads are defined once in auth-types.ts and dto/auth.dto.ts
 * (shared with the API); the names the web uses are aliases of those definitions.
 */

/** The spec's User entity (SPEC §3); see UserDto. */
export type User = UserDto;

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

/** POST /auth/login payload (SPEC §7); optional totp_code / recovery_code when 2FA is on. */
export type LoginRequestDto = LoginDto;

/** POST /auth/register payload (SPEC §7). */
export type RegisterRequestDto = RegisterDto;

/** Answer of POST /auth/login and POST /auth/register (SPEC §7). */
export type AuthResponseDto = AuthResponse;
