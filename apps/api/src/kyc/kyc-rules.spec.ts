import { KycFacts, KycPolicy, nextStep, requiredTier, tierOf } from './kyc-rules';

const policy: KycPolicy = {
  requiredFor: 'withdrawal',
  verifyAboveCumulativeWithdrawalsCents: 10_000n,
  enhancedAboveDeposits30dCents: 50_000n,
};
const basic: KycFacts = {
  emailVerified: true,
  eligible: true,
  status: 'none',
  sourceOfFundsReviewed: false,
  sourceOfFundsSubmitted: false,
};

describe('KYC tier rules', () => {
  it('climbs none → basic → verified → enhanced, never skipping a step', () => {
    expect(tierOf({ ...basic, emailVerified: false, status: 'approved' })).toBe('none');
    expect(tierOf({ ...basic, eligible: false })).toBe('none');
    expect(tierOf(basic)).toBe('basic');
    expect(tierOf({ ...basic, status: 'needs_review' })).toBe('basic');
    expect(tierOf({ ...basic, status: 'approved' })).toBe('verified');
    expect(tierOf({ ...basic, status: 'approved', sourceOfFundsReviewed: true })).toBe('enhanced');
    expect(tierOf({ ...basic, status: 'rejected_final', sourceOfFundsReviewed: true })).toBe('basic');
  });

  it('asks for verification when a withdrawal takes the total above the threshold, not at it', () => {
    expect(requiredTier(policy, 'withdrawal', 'none', 6_000n, 4_000n)).toBeNull();
    expect(requiredTier(policy, 'withdrawal', 'none', 6_000n, 4_001n)).toEqual({
      tier: 'verified',
      reason: 'cumulative_withdrawals',
    });
    // 0: before the first withdrawal.
    const zero = { ...policy, verifyAboveCumulativeWithdrawalsCents: 0n };
    expect(requiredTier(zero, 'withdrawal', 'none', 0n, 1_000n)?.tier).toBe('verified');
  });

  it('stops every withdrawal of an identity the provider refused or sent to review', () => {
    for (const status of ['rejected_retry', 'rejected_final', 'needs_review'] as const) {
      expect(requiredTier(policy, 'withdrawal', status, 0n, 1_000n)).toEqual({
        tier: 'verified',
        reason: 'identity_not_confirmed',
      });
    }
    expect(requiredTier(policy, 'withdrawal', 'expired', 0n, 1_000n)).toBeNull();
  });

  it('follows KYC_REQUIRED_FOR for deposits and stakes, and the 30-day deposits for enhanced', () => {
    expect(requiredTier(policy, 'deposit', 'none', 0n, 1_000n)).toBeNull();
    expect(requiredTier(policy, 'stake', 'none', 0n, 1_000n)).toBeNull();
    expect(requiredTier({ ...policy, requiredFor: 'deposit' }, 'deposit', 'none', 0n, 1_000n)?.tier).toBe('verified');
    expect(requiredTier({ ...policy, requiredFor: 'deposit' }, 'stake', 'none', 0n, 1_000n)).toBeNull();
    expect(requiredTier({ ...policy, requiredFor: 'play' }, 'stake', 'none', 0n, 1_000n)?.tier).toBe('verified');
    expect(requiredTier({ ...policy, requiredFor: 'deposit' }, 'withdrawal', 'none', 0n, 1_000n)?.tier).toBe(
      'verified',
    );
    expect(requiredTier(policy, 'deposit', 'approved', 49_000n, 1_000n)).toBeNull();
    expect(requiredTier(policy, 'deposit', 'approved', 49_000n, 1_001n)).toEqual({
      tier: 'enhanced',
      reason: 'deposits_30d',
    });
  });

  it('names the next step', () => {
    expect(nextStep({ ...basic, emailVerified: false })).toEqual({ tier: 'basic', step: 'verify_email' });
    expect(nextStep(basic)).toEqual({ tier: 'verified', step: 'start_verification' });
    expect(nextStep({ ...basic, status: 'needs_review' })?.step).toBe('wait_for_support');
    expect(nextStep({ ...basic, status: 'approved' })).toEqual({ tier: 'enhanced', step: 'source_of_funds' });
    expect(nextStep({ ...basic, status: 'approved', sourceOfFundsReviewed: true })).toBeNull();
    expect(nextStep({ ...basic, status: 'approved', sourceOfFundsSubmitted: true })).toEqual({
      tier: 'enhanced',
      step: 'wait_for_support',
    });
  });
});
