import {
  type MatchmakingEntryDto,
  TERMS_VERSION,
  type AuthResponseDto,
  type EligibilityDto,
  type KycStatusDto,
  type GameDto,
  type PublicConfigDto,
  type RgLimitsDto,
  type User,
} from '@skillduel/contracts';

export function buildGame(overrides: Partial<GameDto> = {}): GameDto {
  return {
    id: 'quick-click',
    name: 'Quick Click',
    icon: '⚡',
    description: 'Click the target as fast as you can.',
    category: 'reaction',
    difficulty: 'easy',
    players_online: 12,
    avg_game_time: 30,
    min_bet: 1,
    max_bet: 100,
    default_bet: 10,
    featured: true,
    ...overrides,
  };
}

/** The seven built-in games, two of them in the reaction category. */
export const GAMES: readonly GameDto[] = [
  buildGame(),
  buildGame({ id: 'number-rush', name: 'Number Rush', icon: '🔢', category: 'math', difficulty: 'medium' }),
  buildGame({ id: 'memory-master', name: 'Memory Master', icon: '🧠', category: 'memory', difficulty: 'hard' }),
  buildGame({ id: 'pattern-pro', name: 'Pattern Pro', icon: '🧩', category: 'logic', difficulty: 'expert' }),
  buildGame({ id: 'word-wizard', name: 'Word Wizard', icon: '📝', category: 'typing', difficulty: 'medium' }),
  buildGame({ id: 'reaction-time', name: 'Reaction Time', icon: '⏱️', category: 'reaction', difficulty: 'hard' }),
  buildGame({ id: 'color-match', name: 'Color Match', icon: '🎨', category: 'visual', difficulty: 'easy' }),
];

export function buildConfig(overrides: Partial<PublicConfigDto> = {}): PublicConfigDto {
  return {
    features: { tournaments: true, chat: true, referrals: true },
    limits: {
      deposit_min: 5,
      deposit_max: 10000,
      withdrawal_min: 10,
      room_max_players: 2,
      request_timeout_ms: 30000,
      chat_message_max_length: 200,
    },
    payment_methods: ['card', 'paypal', 'crypto', 'bank'],
    oauth_providers: [],
    support_email: 'support@skillduel.example',
    ...overrides,
  };
}

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    username: 'alice',
    email: 'alice@example.com',
    level: 4,
    xp: 120,
    xpToNext: 400,
    rank: 'Bronze',
    country: 'MX',
    avatar: null,
    joinDate: '2026-01-15T10:00:00.000Z',
    current_balance: 12.5,
    balance: 12.5,
    stats: { total_wins: 3, total_earnings: 20, total_deposited: 50, total_withdrawn: 0 },
    isGuest: false,
    canPlay: true,
    canBet: true,
    canWithdraw: true,
    canDeposit: true,
    spectatorMode: false,
    ...overrides,
  };
}

export function buildAuthResponse(user: User = buildUser()): AuthResponseDto {
  return { user, access_token: 'access-token-1', refresh_token: 'refresh-token-1' };
}

/** GET /users/me/eligibility: confirmed (an adult in Mexico) or not yet. */
export function buildEligibility(confirmed: boolean): EligibilityDto {
  return {
    confirmed,
    status: confirmed ? 'eligible' : 'none',
    date_of_birth: confirmed ? '1990-05-17' : null,
    country: confirmed ? 'MX' : null,
    terms_version: confirmed ? TERMS_VERSION : null,
    current_terms_version: TERMS_VERSION,
    confirmed_at: confirmed ? '2026-11-24T10:00:00.000Z' : null,
  };
}

/** GET /api/kyc: a basic player with the default policy (verification above $2 000 of withdrawals). */
export function buildKycStatus(overrides: Partial<KycStatusDto> = {}): KycStatusDto {
  return {
    tier: 'basic',
    status: 'none',
    reference: null,
    next: { tier: 'verified', step: 'start_verification' },
    required_now: [],
    withdrawable_before_verification: 2000,
    policy: {
      required_for: 'withdrawal',
      verify_above_cumulative_withdrawals: 2000,
      enhanced_above_deposits_30d: 10000,
    },
    cumulative_withdrawals: 0,
    ...overrides,
  };
}

/** GET /users/me/limits: no limit set, nothing used, no break and no freeze unless overridden. */
export function buildLimits(overrides: Partial<RgLimitsDto> = {}): RgLimitsDto {
  const none = { amount: null, pending: null };
  return {
    limits: {
      deposit_day: none,
      deposit_week: none,
      deposit_month: none,
      loss_day: none,
      loss_week: none,
      loss_month: none,
      max_bet: none,
    },
    usage: { deposit_day: 0, deposit_week: 0, deposit_month: 0, loss_day: 0, loss_week: 0, loss_month: 0 },
    raise_delay_hours: 168,
    exclusion: null,
    frozen: false,
    ...overrides,
  };
}

/** A waiting matchmaking entry (GET/POST /matchmaking/queue), 1500 with the starting ±100 window. */
export function buildMatchmakingEntry(overrides: Partial<MatchmakingEntryDto> = {}): MatchmakingEntryDto {
  return {
    id: 'mm_entry_0001',
    game_id: 'number-rush',
    bet_amount: 10,
    status: 'waiting',
    since: new Date().toISOString(),
    waited_ms: 0,
    rating: 1500,
    rating_window: { min: 1400, max: 1600 },
    room_id: null,
    ...overrides,
  };
}
