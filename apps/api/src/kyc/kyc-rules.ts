import type {
  KycMoneyAction,
  KycNextStep,
  KycRequiredFor,
  KycRequirementReason,
  KycStatus,
  KycTier,
} from '@skillduel/contracts';
import { KYC_TIERS } from '@skillduel/contracts';

/** What the tier rules read about a player. */
export interface KycFacts {
  emailVerified: boolean;
  /** Eligibility confirmed (date of birth, country, terms) and not refused. */
  eligible: boolean;
  status: KycStatus;
  sourceOfFundsReviewed: boolean;
  /** The player declared their source of funds and support has not decided yet. */
  sourceOfFundsSubmitted: boolean;
}

/** The operator's policy, in cents. */
export interface KycPolicy {
  requiredFor: KycRequiredFor;
  verifyAboveCumulativeWithdrawalsCents: bigint;
  enhancedAboveDeposits30dCents: bigint;
}

export interface KycRequirement {
  tier: KycTier;
  reason: KycRequirementReason;
}

/** Statuses that mean the provider could not confirm who the player is (yet): money may not leave meanwhile. */
export const UNCONFIRMED_IDENTITY: ReadonlySet<KycStatus> = new Set([
  'rejected_retry',
  'rejected_final',
  'needs_review',
]);

export const tierRank = (tier: KycTier): number => KYC_TIERS.indexOf(tier);

/**
 * The ladder: `basic` = email verified and eligibility confirmed; `verified` = that plus the provider's approval;
 * `enhanced` = that plus support's review of the source of funds. A step is only reached with every step below it.
 */
export function tierOf(facts: KycFacts): KycTier {
  if (!facts.emailVerified || !facts.eligible) return 'none';
  if (facts.status !== 'approved') return 'basic';
  return facts.sourceOfFundsReviewed ? 'enhanced' : 'verified';
}

/**
 * The tier a money action needs, or null. `earlierCents` is what counts before this action: the player's withdrawals
 * so far for a withdrawal, their deposits of the last 30 days for a deposit.
 * - Withdrawals: always `verified` when the provider refused the identity or sent it to review, or when the policy
 *   asks for verification before deposits or play; else only when this one takes the total above the threshold.
 * - Deposits: `verified` when the policy says so before deposits or play; `enhanced` when this one takes the 30-day
 *   deposits above the enhanced threshold (whatever the policy).
 * - Stakes: `verified` only under KYC_REQUIRED_FOR=play.
 */
export function requiredTier(
  policy: KycPolicy,
  action: KycMoneyAction,
  status: KycStatus,
  earlierCents: bigint,
  amountCents: bigint,
): KycRequirement | null {
  switch (action) {
    case 'withdrawal':
      if (UNCONFIRMED_IDENTITY.has(status)) return { tier: 'verified', reason: 'identity_not_confirmed' };
      if (policy.requiredFor !== 'withdrawal') return { tier: 'verified', reason: 'policy' };
      if (earlierCents + amountCents > policy.verifyAboveCumulativeWithdrawalsCents) {
        return { tier: 'verified', reason: 'cumulative_withdrawals' };
      }
      return null;
    case 'deposit':
      if (earlierCents + amountCents > policy.enhancedAboveDeposits30dCents) {
        return { tier: 'enhanced', reason: 'deposits_30d' };
      }
      return policy.requiredFor === 'withdrawal' ? null : { tier: 'verified', reason: 'policy' };
    case 'stake':
      return policy.requiredFor === 'play' ? { tier: 'verified', reason: 'policy' } : null;
  }
}

/** The player's next step toward a higher tier, or null at the top. */
export function nextStep(facts: KycFacts): { tier: KycTier; step: KycNextStep } | null {
  if (!facts.emailVerified) return { tier: 'basic', step: 'verify_email' };
  if (!facts.eligible) return { tier: 'basic', step: 'declare_eligibility' };
  switch (facts.status) {
    case 'none':
    case 'rejected_retry':
    case 'expired':
      return { tier: 'verified', step: 'start_verification' };
    case 'pending':
      return { tier: 'verified', step: 'wait_for_provider' };
    case 'needs_review':
      return { tier: 'verified', step: 'wait_for_support' };
    case 'rejected_final':
      return { tier: 'verified', step: 'contact_support' };
    case 'approved':
      if (facts.sourceOfFundsReviewed) return null;
      return { tier: 'enhanced', step: facts.sourceOfFundsSubmitted ? 'wait_for_support' : 'source_of_funds' };
  }
}
