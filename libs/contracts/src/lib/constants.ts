/** Business constants and limits of the product (docs/product/). One definition, imported by API and web. */

export const GAME_IDS = [
  'quick-click',
  'number-rush',
  'memory-master',
  'pattern-pro',
  'word-wizard',
  'reaction-time',
  'color-match',
] as const;
export type GameId = (typeof GAME_IDS)[number];

export const GAME_CATEGORIES = [
  'reaction',
  'math',
  'memory',
  'logic',
  'typing',
  'visual',
  'strategy',
  'puzzle',
] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

export const GAME_DIFFICULTIES = ['easy', 'medium', 'hard', 'expert'] as const;
export type GameDifficulty = (typeof GAME_DIFFICULTIES)[number];

export const PAYMENT_METHODS = ['card', 'paypal', 'crypto', 'bank'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const TRANSACTION_TYPES = ['deposit', 'withdrawal', 'bet', 'win', 'refund'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTION_STATUSES = ['completed', 'pending', 'failed'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const RANKS = ['Guest', 'Bronze', 'Silver', 'Gold', 'Diamond', 'Legendary'] as const;
export type Rank = (typeof RANKS)[number];

/** Countries selectable in profile settings (docs/product/accounts.md#profile), ISO 3166-1 alpha-2. */
export const PROFILE_COUNTRIES = [
  { code: 'MX', name: 'Mexico' },
  { code: 'CO', name: 'Colombia' },
  { code: 'DO', name: 'Dominican Republic' },
  { code: 'PE', name: 'Peru' },
  { code: 'VE', name: 'Venezuela' },
  { code: 'AR', name: 'Argentina' },
  { code: 'CL', name: 'Chile' },
  { code: 'US', name: 'United States' },
] as const;

/** Countries that have a flag on the leaderboard; any other shows a globe. */
export const FLAG_COUNTRIES = ['MX', 'CO', 'DO', 'PE', 'US', 'CA', 'BR', 'AR'] as const;

export const EMOTES = [
  { id: 'thumbs_up', symbol: '👍' },
  { id: 'thumbs_down', symbol: '👎' },
  { id: 'grin', symbol: '😁' },
  { id: 'cry', symbol: '😢' },
  { id: 'surprised', symbol: '😮' },
  { id: 'fire', symbol: '🔥' },
  { id: 'muscle', symbol: '💪' },
  { id: 'party', symbol: '🎉' },
  { id: 'sleepy', symbol: '😴' },
  { id: 'thinking', symbol: '🤔' },
] as const;

export const LIMITS = {
  requestTimeoutMs: 30_000,
  toastDurationMs: 3_000,
  depositMinCents: 500,
  depositMaxCents: 1_000_000,
  withdrawalMinCents: 1_000,
  roomMaxPlayers: 2,
  usernameMinLength: 3,
  usernameMaxLength: 32,
  passwordMinLength: 8,
  leaderboardDefaultLimit: 100,
  recentTransactionsShown: 5,
  roundTimeLimitSeconds: 30,
  preparationCountdownSeconds: 3,
  pointsPerCorrectAnswer: 10,
  chatMessageMaxLength: 200,
  chatHistoryKept: 50,
  socialPopupWidthPx: 500,
  socialPopupHeightPx: 600,
} as const;

/** Built-in game defaults for the game room view (docs/product/rooms-and-matches.md#room-answers). */
export const GAME_ROOM_DEFAULTS = {
  category: 'skill',
  difficulty: 'medium',
  minBetDollars: 1,
  maxBetDollars: 100,
  defaultBetDollars: 10,
  signedInBetDollars: 25,
  guestBetDollars: 0,
  timeLimitSeconds: 30,
  preparationTimeSeconds: 3,
  scoringSystem: 'points',
} as const;

/** Marketing claims shown on the landing page (docs/product/app-and-api.md#landing-page). */
export const LANDING_CLAIMS = { activePlayers: '50K+', winnings: '$2M+', gamesPlayed: '1M+' } as const;

export const SOCIAL_PROVIDERS = ['google', 'facebook', 'microsoft'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const FEATURE_FLAGS = ['tournaments', 'chat', 'referrals'] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
