/**
 * Responsible gaming and eligibility (docs/decisions/1501-responsible-gaming.md): what the API answers on
 * /users/me/eligibility, /users/me/limits and /users/me/self-exclusion, and the refusals of money routes.
 */

/** The terms a player accepts before the first money move; a new version would be asked for again. */
export const TERMS_VERSION = '2026-11-24';

export const RG_LIMIT_KINDS = [
  'deposit_day',
  'deposit_week',
  'deposit_month',
  'loss_day',
  'loss_week',
  'loss_month',
  'max_bet',
] as const;
export type RgLimitKind = (typeof RG_LIMIT_KINDS)[number];

/** Rolling windows (hours) of the deposit and loss limits; max_bet has none. */
export const RG_LIMIT_WINDOW_HOURS: Record<Exclude<RgLimitKind, 'max_bet'>, number> = {
  deposit_day: 24,
  deposit_week: 24 * 7,
  deposit_month: 24 * 30,
  loss_day: 24,
  loss_week: 24 * 7,
  loss_month: 24 * 30,
};

/** The largest limit a player may set ($1,000,000): a sanity bound, not a product limit. */
export const RG_LIMIT_MAX_CENTS = 100_000_000;

export const SELF_EXCLUSION_KINDS = ['cool_off', 'self_exclusion'] as const;
export type SelfExclusionKind = (typeof SELF_EXCLUSION_KINDS)[number];

/** Cool-off: 24 hours to 6 weeks. Self-exclusion: 6 months, 1 year, 5 years or permanent. Hours; null = permanent. */
export const SELF_EXCLUSION_PERIODS = {
  cool_off: { '24h': 24, '72h': 72, '1w': 24 * 7, '2w': 24 * 14, '4w': 24 * 28, '6w': 24 * 42 },
  self_exclusion: { '6m': 24 * 182, '1y': 24 * 365, '5y': 24 * 1826, permanent: null },
} as const satisfies Record<SelfExclusionKind, Record<string, number | null>>;
export type CoolOffPeriod = keyof (typeof SELF_EXCLUSION_PERIODS)['cool_off'];
export type SelfExclusionPeriod = keyof (typeof SELF_EXCLUSION_PERIODS)['self_exclusion'];
export const ALL_SELF_EXCLUSION_PERIODS = [
  ...Object.keys(SELF_EXCLUSION_PERIODS.cool_off),
  ...Object.keys(SELF_EXCLUSION_PERIODS.self_exclusion),
] as readonly string[];

/** Codes of the 403 refusals of money routes (and of the eligibility call). */
export const RG_ERROR_CODES = {
  eligibilityRequired: 'ELIGIBILITY_REQUIRED',
  underage: 'AGE_NOT_ELIGIBLE',
  countryBlocked: 'COUNTRY_NOT_ELIGIBLE',
  eligibilityLocked: 'ELIGIBILITY_LOCKED',
  depositLimit: 'DEPOSIT_LIMIT_EXCEEDED',
  lossLimit: 'LOSS_LIMIT_EXCEEDED',
  maxBet: 'MAX_BET_EXCEEDED',
  selfExcluded: 'SELF_EXCLUDED',
  exclusionCannotShorten: 'EXCLUSION_CANNOT_BE_SHORTENED',
} as const;

const WINDOW_WORDS: Record<'day' | 'week' | 'month', { limit: string; rest: string }> = {
  day: { limit: 'daily', rest: 'in the next 24 hours' },
  week: { limit: 'weekly', rest: 'in the next 7 days' },
  month: { limit: 'monthly', rest: 'in the next 30 days' },
};

export const RG_MESSAGES = {
  eligibilityRequired: 'Please confirm your date of birth, your country and the terms before playing for money.',
  underage: (minAge: number, country: string) =>
    `You must be at least ${minAge} years old to play for money in ${country}.`,
  countryBlocked: (country: string) => `Real-money play is not available in ${country}.`,
  eligibilityLocked: 'Your date of birth and country are already confirmed. Please contact support to change them.',
  refusedBefore: 'Real-money play is not available for this account. Please contact support.',
  termsRequired: 'Please accept the terms to continue',
  dateOfBirthInvalid: 'Please enter a valid date of birth',
  countryInvalid: 'Please choose your country',
  depositLimit: (window: 'day' | 'week' | 'month', limit: string, left: string) =>
    `This deposit exceeds your ${WINDOW_WORDS[window].limit} deposit limit of $${limit}. You can deposit up to $${left} ${WINDOW_WORDS[window].rest}.`,
  lossLimit: (window: 'day' | 'week' | 'month', limit: string, left: string) =>
    `This stake exceeds your ${WINDOW_WORDS[window].limit} loss limit of $${limit}. You can stake up to $${left} ${WINDOW_WORDS[window].rest}.`,
  maxBet: (limit: string) => `This bet exceeds your maximum bet of $${limit} per room.`,
  coolOffActive: (until: string) =>
    `You are on a cool-off until ${until}. You can still sign in, see your history and withdraw.`,
  selfExcludedUntil: (until: string) =>
    `You are self-excluded until ${until}. You can still sign in, see your history and withdraw.`,
  selfExcludedPermanently: 'You are permanently self-excluded. You can still sign in, see your history and withdraw.',
  exclusionCannotShorten: (until: string) =>
    `Your current break runs until ${until} and cannot be shortened or lifted early.`,
  limitInvalid: 'Limits must be positive amounts in dollars with at most 2 decimals, or null to remove',
  kindInvalid: 'Please choose a cool-off or a self-exclusion',
  periodInvalid: 'Please choose one of the offered periods',
} as const;

/** GET/PUT /users/me/eligibility. */
export interface EligibilityDto {
  confirmed: boolean;
  /** 'eligible' once confirmed; 'refused' when the declaration was under age or from a blocked country. */
  status: 'none' | 'eligible' | 'refused';
  date_of_birth: string | null;
  country: string | null;
  terms_version: string | null;
  current_terms_version: string;
  confirmed_at: string | null;
}

/** One limit: the value in force (dollars, null = none) and a raise or removal waiting for its delay. */
export interface RgLimitDto {
  amount: number | null;
  pending: { amount: number | null; applies_at: string } | null;
}

export interface SelfExclusionDto {
  kind: SelfExclusionKind;
  started_at: string;
  /** null: permanent. */
  ends_at: string | null;
}

/** GET/PUT /users/me/limits. Usage: what the rolling windows already hold (dollars). */
export interface RgLimitsDto {
  limits: Record<RgLimitKind, RgLimitDto>;
  usage: Record<Exclude<RgLimitKind, 'max_bet'>, number>;
  raise_delay_hours: number;
  exclusion: SelfExclusionDto | null;
  /**
   * An operator has frozen the account while it is reviewed: no deposit, withdrawal or stake until the freeze is
   * lifted. The web shows it at once, before any action fails.
   */
  frozen: boolean;
}

/** GET /users/me/reality-check: money play since the last check (or the first money match of the sign-in). */
export interface RealityCheckDto {
  due: boolean;
  interval_minutes: number;
  session_started_at: string | null;
  minutes_played: number;
  matches_played: number;
  /** Net result of the session in dollars (payouts and refunds minus stakes). */
  net_amount: number;
}
