import { Injectable } from '@nestjs/common';
import { KYC_ERROR_CODES, KYC_MESSAGES, type KycMoneyAction, type KycTier } from '@skillduel/contracts';
import { AppError } from '../common/app-error';
import { AppConfig } from '../config/app-config';
import type { SqlRunner } from '../database/sql';
import { KycPolicy, KycRequirement, requiredTier, tierOf, tierRank } from './kyc-rules';
import { KycRepository } from './kyc.repository';

/**
 * The identity-verification check of every money route (docs/product/kyc.md): deposits and stakes through MoneyGate,
 * withdrawals from WalletService, and the withdrawal processor's re-check before a payout. Runs inside the caller's
 * money transaction, after its lock (the wallet for deposits and withdrawals, the user row for stakes), so two
 * concurrent withdrawals cannot both stay under the cumulative threshold.
 */
@Injectable()
export class KycGate {
  constructor(
    private readonly repository: KycRepository,
    private readonly config: AppConfig,
  ) {}

  get policy(): KycPolicy {
    return {
      requiredFor: this.config.KYC_REQUIRED_FOR,
      verifyAboveCumulativeWithdrawalsCents: BigInt(this.config.KYC_VERIFY_ABOVE_CUMULATIVE_WITHDRAWALS) * 100n,
      enhancedAboveDeposits30dCents: BigInt(this.config.KYC_ENHANCED_ABOVE_DEPOSITS_30D) * 100n,
    };
  }

  /** 403 VERIFICATION_REQUIRED (naming the tier) when this action needs a tier the player has not reached. */
  async assertMay(runner: SqlRunner, userId: string, action: KycMoneyAction, amountCents: bigint): Promise<void> {
    const missing = await this.missingTier(runner, userId, action, amountCents);
    if (missing) throw verificationRequired(action, missing);
  }

  /**
   * The withdrawal processor's check right before a payout: a pending withdrawal that now needs a tier the player
   * lacks (the provider withdrew its approval, or the policy changed) is held for support instead of paid. Answers
   * true when it held it. A withdrawal support approved after such a hold is paid: that decision was a person's.
   */
  async holdPayoutIfRequired(
    runner: SqlRunner,
    withdrawal: { id: string; userId: string; amountCents: bigint },
  ): Promise<boolean> {
    if ((await this.repository.withdrawalReviewState(runner, withdrawal.id)) === 'approved') return false;
    const missing = await this.missingTier(
      runner,
      withdrawal.userId,
      'withdrawal',
      withdrawal.amountCents,
      withdrawal.id,
    );
    if (!missing) return false;
    await this.repository.holdWithdrawal(runner, withdrawal.id);
    return true;
  }

  /** The requirement this action does not meet, or null when the player may go ahead. */
  private async missingTier(
    runner: SqlRunner,
    userId: string,
    action: KycMoneyAction,
    amountCents: bigint,
    existingWithdrawalId?: string,
  ): Promise<KycRequirement | null> {
    const player = await this.repository.player(runner, userId);
    if (!player) return null;
    const earlierCents =
      action === 'withdrawal'
        ? await this.repository.cumulativeWithdrawalsCents(runner, userId, existingWithdrawalId)
        : action === 'deposit'
          ? await this.repository.deposits30dCents(runner, userId)
          : 0n;
    const required = requiredTier(this.policy, action, player.status, earlierCents, amountCents);
    if (!required) return null;
    return tierRank(tierOf(player)) >= tierRank(required.tier) ? null : required;
  }
}

function verificationRequired(action: KycMoneyAction, missing: { tier: KycTier; reason: string }): AppError {
  return new AppError(
    403,
    KYC_ERROR_CODES.verificationRequired,
    KYC_MESSAGES.verificationRequired(missing.tier),
    undefined,
    {
      tier: missing.tier,
      action,
      reason: missing.reason,
    },
  );
}
