import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { ADMIN_MESSAGES } from '../admin';
import {
  KYC_PROVIDER_STATUSES,
  KYC_REVIEW_DECISIONS,
  KYC_REVIEW_MESSAGES,
  SOURCE_OF_FUNDS_DETAILS_MAX_LENGTH,
  SOURCE_OF_FUNDS_KINDS,
  type KycProviderStatus,
  type KycReviewDecision,
  type SourceOfFundsKind,
} from '../kyc';

const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

/** POST /api/kyc/sandbox/{reference}/outcome: the outcome the tester picks on the sandbox's hosted page. */
export class KycSandboxOutcomeDto {
  @IsIn(KYC_PROVIDER_STATUSES, { message: `status must be one of: ${KYC_PROVIDER_STATUSES.join(', ')}` })
  status!: KycProviderStatus;

  /** The date of birth the sandbox "reads from the document"; the declared one when absent. */
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'date_of_birth must be YYYY-MM-DD' })
  date_of_birth?: string;
}

/** POST /api/kyc/source-of-funds: the verified player's declaration for the enhanced tier. */
export class SourceOfFundsRequestDto {
  @IsIn(SOURCE_OF_FUNDS_KINDS, { message: KYC_REVIEW_MESSAGES.sourceInvalid })
  source!: SourceOfFundsKind;

  @Transform(trim)
  @MaxLength(SOURCE_OF_FUNDS_DETAILS_MAX_LENGTH, { message: KYC_REVIEW_MESSAGES.detailsInvalid })
  @MinLength(3, { message: KYC_REVIEW_MESSAGES.detailsInvalid })
  @IsString({ message: KYC_REVIEW_MESSAGES.detailsInvalid })
  details!: string;
}

/** POST /api/admin/kyc/{userId}/identity | source-of-funds: support's decision, with the reason the audit keeps. */
export class AdminKycDecisionRequestDto {
  @IsIn(KYC_REVIEW_DECISIONS, { message: `decision must be one of: ${KYC_REVIEW_DECISIONS.join(', ')}` })
  decision!: KycReviewDecision;

  @Transform(trim)
  @MaxLength(500, { message: ADMIN_MESSAGES.reasonRequired })
  @MinLength(3, { message: ADMIN_MESSAGES.reasonRequired })
  @IsString({ message: ADMIN_MESSAGES.reasonRequired })
  reason!: string;
}
