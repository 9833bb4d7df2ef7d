/**
 * Identity verification (KYC): tiers, statuses, codes and messages shared by the API and the web app
 * (docs/product/kyc.md).
 */

/** What the platform knows about who the player is, lowest first. */
export const KYC_TIERS = ['none', 'basic', 'verified', 'enhanced'] as const;
export type KycTier = (typeof KYC_TIERS)[number];

/** Where a player's identity check stands, as the identity provider last reported it (`none`: never started). */
export const KYC_STATUSES = [
  'none',
  'pending',
  'approved',
  'rejected_retry',
  'rejected_final',
  'needs_review',
  'expired',
] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/** The statuses a provider may report in a webhook (all but `none`). */
export const KYC_PROVIDER_STATUSES = KYC_STATUSES.filter(
  (status): status is Exclude<KycStatus, 'none'> => status !== 'none',
);
export type KycProviderStatus = Exclude<KycStatus, 'none'>;

/** The first money action that needs the `verified` tier (KYC_REQUIRED_FOR). */
export const KYC_REQUIRED_FOR_VALUES = ['withdrawal', 'deposit', 'play'] as const;
export type KycRequiredFor = (typeof KYC_REQUIRED_FOR_VALUES)[number];

/** The money actions a tier can be required for. */
export type KycMoneyAction = 'deposit' | 'withdrawal' | 'stake';

/** Why a higher tier is needed (the `reason` of a refusal and of `GET /api/kyc`'s next step). */
export type KycRequirementReason =
  /** KYC_REQUIRED_FOR names this action (or an earlier one). */
  | 'policy'
  /** This withdrawal takes the player's withdrawals above KYC_VERIFY_ABOVE_CUMULATIVE_WITHDRAWALS. */
  | 'cumulative_withdrawals'
  /** The identity provider refused the player's identity or sent it to review: no withdrawal until resolved. */
  | 'identity_not_confirmed'
  /** This deposit takes the player's deposits of the last 30 days above KYC_ENHANCED_ABOVE_DEPOSITS_30D. */
  | 'deposits_30d';

/** The player's next step toward the next tier. */
export type KycNextStep =
  | 'verify_email'
  | 'declare_eligibility'
  | 'start_verification'
  | 'wait_for_provider'
  | 'wait_for_support'
  | 'contact_support'
  | 'source_of_funds';

/** GET /api/kyc */
export interface KycStatusDto {
  tier: KycTier;
  status: KycStatus;
  /** The latest inquiry's reference, null before the first one. */
  reference: string | null;
  /** What the player can do next to reach a higher tier; null when there is nothing more to do. */
  next: { tier: KycTier; step: KycNextStep } | null;
  /** The money actions that need a tier the player lacks right now (even for the smallest amount), and why. */
  required_now: { action: KycMoneyAction; tier: KycTier; reason: KycRequirementReason }[];
  /**
   * Dollars the player may still withdraw before the identity check is needed (KYC_REQUIRED_FOR=withdrawal);
   * null when verification is not in the way (already verified) or always needed.
   */
  withdrawable_before_verification: number | null;
  /** The operator's policy, so the web app can explain in advance what will be asked and when. */
  policy: {
    required_for: KycRequiredFor;
    verify_above_cumulative_withdrawals: number;
    enhanced_above_deposits_30d: number;
  };
  /** Dollars withdrawn so far (pending, held and paid; failed and rejected ones aside). */
  cumulative_withdrawals: number;
}

/** POST /api/kyc/inquiries */
export interface KycInquiryDto {
  reference: string;
  hosted_url: string;
  expires_at: string;
}

/** POST /api/kyc/webhooks/{provider}: the delivery was accepted; `duplicate` when that event id came before. */
export interface KycWebhookAckDto {
  received: true;
  duplicate: boolean;
}

/** POST /api/kyc/sandbox/{reference}/outcome: the signed webhook the sandbox is delivering. */
export interface KycSandboxDeliveryDto {
  event_id: string;
}

/** Both webhooks' signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const KYC_SIGNATURE_HEADER = 'x-skillduel-signature';

/** A webhook signed longer ago than this is refused as a replay. */
export const KYC_WEBHOOK_TOLERANCE_SECONDS = 300;

export const KYC_ERROR_CODES = {
  verificationRequired: 'VERIFICATION_REQUIRED',
  invalidSignature: 'INVALID_SIGNATURE',
  staleWebhook: 'WEBHOOK_TOO_OLD',
  invalidWebhook: 'INVALID_WEBHOOK',
  unknownReference: 'UNKNOWN_REFERENCE',
  alreadyVerified: 'ALREADY_VERIFIED',
  verificationClosed: 'VERIFICATION_CLOSED',
} as const;

export const KYC_MESSAGES = {
  verificationRequired: (tier: KycTier) =>
    tier === 'enhanced'
      ? 'Enhanced verification required: support must review your source of funds before this.'
      : tier === 'basic'
        ? 'Please verify your email and confirm your eligibility first.'
        : 'Identity verification required: please verify your identity before this.',
  invalidSignature: 'Invalid webhook signature',
  staleWebhook: 'Webhook timestamp is too old',
  invalidWebhook: 'Invalid webhook body',
  unknownReference: 'Unknown verification reference',
  alreadyVerified: 'Your identity is already verified',
  verificationClosed: 'Your identity check is closed or waiting for support; please contact support',
} as const;

// ── Location (docs/product/kyc.md#location) ─────────────────────────────────────────────────────────────────────

/** The cash actions whose client address is checked against the allowed places. */
export type LocationCheckedAction = 'deposit' | 'withdrawal' | 'stake';

/**
 * Why a location refusal: the address's country is blocked, or the address places the player nowhere (loopback,
 * private network, an address the database does not know) where the operator does not allow that.
 */
export type LocationRefusalReason = 'blocked_country' | 'unknown_location';

export const LOCATION_ERROR_CODES = {
  locationNotAllowed: 'LOCATION_NOT_ALLOWED',
} as const;

export const LOCATION_MESSAGES = {
  blockedCountry: (country: string) =>
    `Real-money play is not available from your current location (${country}). Your balance stays in your account.`,
  unknownLocation:
    'We could not tell which country you are connecting from. Please turn off any VPN or proxy and try again.',
  /** The declared country is not an ISO 3166-1 alpha-2 code (e.g. `ZZ`). */
  countryNotIso: (code: string) =>
    `"${code}" is not a country code. Please choose your country from the list (ISO 3166-1, e.g. GB, MX, US).`,
} as const;

// ── Support's verification queue (docs/product/kyc.md#support) ─────────────────────────────────────────────────

/** Where the player says their money comes from (the enhanced tier's declaration). */
export const SOURCE_OF_FUNDS_KINDS = ['salary', 'savings', 'business', 'investments', 'inheritance', 'other'] as const;
export type SourceOfFundsKind = (typeof SOURCE_OF_FUNDS_KINDS)[number];

/** The longest source-of-funds explanation a player may write. */
export const SOURCE_OF_FUNDS_DETAILS_MAX_LENGTH = 1000;

/** What support reviews: an identity the provider sent to review, or a player's source-of-funds declaration. */
export const KYC_REVIEW_KINDS = ['identity', 'source_of_funds'] as const;
export type KycReviewKind = (typeof KYC_REVIEW_KINDS)[number];

export const KYC_REVIEW_DECISIONS = ['approve', 'reject'] as const;
export type KycReviewDecision = (typeof KYC_REVIEW_DECISIONS)[number];

/** GET /api/admin/kyc: one item of support's verification queue, oldest first. */
export interface AdminKycReviewDto {
  kind: KycReviewKind;
  user_id: string;
  username: string;
  tier: KycTier;
  status: KycStatus;
  /** identity: the inquiry under review, what the document said and why the provider sent it to review. */
  reference: string | null;
  declared_date_of_birth: string | null;
  verified_name: string | null;
  verified_date_of_birth: string | null;
  reasons: string[];
  /** source_of_funds: the player's declaration. */
  source_of_funds: { source: SourceOfFundsKind; details: string } | null;
  /** Dollars of this player's withdrawals held until verification (`review_reason` verification_required). */
  held_withdrawals: number;
  /** When the item entered the queue. */
  since: string;
}

/** POST /api/admin/kyc/{userId}/identity and …/source-of-funds: what support decided. */
export interface AdminKycDecisionDto {
  user_id: string;
  kind: KycReviewKind;
  decision: KycReviewDecision;
  tier: KycTier;
  status: KycStatus;
}

export const KYC_REVIEW_ERROR_CODES = {
  nothingToReview: 'NOTHING_TO_REVIEW',
  alreadyEnhanced: 'ALREADY_ENHANCED',
} as const;

export const KYC_REVIEW_MESSAGES = {
  nothingToReview: 'Nothing of this player is waiting for this review',
  alreadyEnhanced: 'Your source of funds is already reviewed',
  sourceInvalid: `source must be one of: ${SOURCE_OF_FUNDS_KINDS.join(', ')}`,
  detailsInvalid: `Please explain where the money comes from (up to ${SOURCE_OF_FUNDS_DETAILS_MAX_LENGTH} characters)`,
  /** The status a player sees after support rejected their source-of-funds declaration. */
  sourceOfFundsRejected: (reason: string) => `Support could not accept your source of funds: ${reason}`,
} as const;

/** Why support's withdrawal queue holds a withdrawal that waits for identity verification. */
export const VERIFICATION_HOLD_REASON = 'verification_required';
