import {
  GUEST_ID_PREFIX,
  GUEST_USERNAME_PREFIX,
  GUEST_USERNAME_RANDOM_LENGTH,
  type GuestUser,
} from '@skillduel/contracts';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const GUEST_ID_RANDOM_LENGTH = 16;
/** A guest never earns XP; the value only fills the progress bar's denominator. */
const GUEST_XP_TO_NEXT = 100;

function randomCharacters(length: number): string {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  // 256 % 36 leaves a tiny bias, which is harmless for a display name.
  return Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/**
 * The guest session the client makes for itself (docs/product/app-and-api.md#guest-sessions): practice and spectating
 * only, no money.
 */
export function createGuestSession(now: Date = new Date()): GuestUser {
  return {
    id: GUEST_ID_PREFIX + randomCharacters(GUEST_ID_RANDOM_LENGTH),
    username: GUEST_USERNAME_PREFIX + randomCharacters(GUEST_USERNAME_RANDOM_LENGTH),
    email: null,
    level: 1,
    xp: 0,
    xpToNext: GUEST_XP_TO_NEXT,
    rank: 'Guest',
    country: null,
    avatar: null,
    joinDate: now.toISOString(),
    wins: 0,
    losses: 0,
    current_balance: 0,
    balance: 0,
    stats: { total_wins: 0, total_earnings: 0, total_deposited: 0, total_withdrawn: 0 },
    isGuest: true,
    canPlay: true,
    canBet: false,
    canDeposit: false,
    canWithdraw: false,
    spectatorMode: true,
  };
}
