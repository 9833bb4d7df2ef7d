import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength } from 'class-validator';
import { KYC_REQUIRED_FOR_VALUES, type KycRequiredFor } from '@skillduel/contracts';
import { toBoolean, toInt } from './config-transforms';
import { MatchmakingConfig } from './matchmaking-config';

/**
 * Identity verification (docs/decisions/2501-kyc-tiers-and-thresholds.md). AppConfig extends this class (through
 * FairPlayConfig and the others), so the variables are validated at boot with every other one.
 */
export class KycConfig extends MatchmakingConfig {
  /**
   * The first money action that needs the `verified` tier: `withdrawal` (only withdrawals, above the cumulative
   * threshold below), `deposit` (deposits and every withdrawal) or `play` (deposits, stakes and every withdrawal).
   */
  @IsIn(KYC_REQUIRED_FOR_VALUES)
  KYC_REQUIRED_FOR: KycRequiredFor = 'withdrawal';

  /**
   * With KYC_REQUIRED_FOR=withdrawal: a withdrawal that takes the player's withdrawals (all time; failed and rejected
   * ones aside) above this many dollars needs the `verified` tier. 0: every withdrawal does.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(100_000_000)
  KYC_VERIFY_ABOVE_CUMULATIVE_WITHDRAWALS = 2000;

  /** A deposit that takes the player's deposits of the last 30 days above this many dollars needs `enhanced`. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100_000_000)
  KYC_ENHANCED_ABOVE_DEPOSITS_30D = 10_000;

  /** The identity provider; `sandbox` (built in) lets a tester pick each outcome on a page served by SkillDuel. */
  @IsIn(['sandbox'])
  KYC_PROVIDER = 'sandbox' as const;

  /** Shared secret of the provider's webhook signatures (32+ characters); derived from JWT_SECRET when unset. */
  @IsOptional()
  @IsString()
  @MinLength(32)
  KYC_WEBHOOK_SECRET?: string;

  /** Sandbox only: where it delivers its webhooks; unset = this server's own listening address. */
  @IsOptional()
  @Matches(/^https?:\/\/.+/, { message: 'must be an http(s):// URL' })
  KYC_SANDBOX_WEBHOOK_URL?: string;

  /**
   * Whether a cash action from an address that places the player in no country (loopback, a private network, an
   * address the offline database does not know) is allowed. True suits `npm start` and tests; a deployment behind a
   * proxy sets TRUST_PROXY (and TRUST_PROXY_HOPS) and then false, else every player looks unknown.
   */
  @Transform(toBoolean)
  @IsBoolean()
  GEO_ALLOW_UNKNOWN = true;
}
