import { KYC_ERROR_CODES, type KycRequirementReason, type KycTier } from '@skillduel/contracts';
import { isApiError } from '../../app/apiErrors';

/** A money call refused with 403 VERIFICATION_REQUIRED: the tier it needs and why. */
export interface VerificationRefusal {
  tier: KycTier;
  reason: KycRequirementReason | null;
}

const TIERS: readonly string[] = ['basic', 'verified', 'enhanced'];
const REASONS: readonly string[] = ['policy', 'cumulative_withdrawals', 'identity_not_confirmed', 'deposits_30d'];

/** The refusal's tier and reason when `error` is a 403 VERIFICATION_REQUIRED answer, else null. */
export function verificationRefusalOf(error: unknown): VerificationRefusal | null {
  if (!isApiError(error) || error.status !== 403 || typeof error.data !== 'object' || error.data === null) return null;
  const body = error.data as { code?: unknown; params?: Record<string, unknown> };
  if (body.code !== KYC_ERROR_CODES.verificationRequired) return null;
  const tier = body.params?.['tier'];
  const reason = body.params?.['reason'];
  return {
    tier: typeof tier === 'string' && TIERS.includes(tier) ? (tier as KycTier) : 'verified',
    reason: typeof reason === 'string' && REASONS.includes(reason) ? (reason as KycRequirementReason) : null,
  };
}
