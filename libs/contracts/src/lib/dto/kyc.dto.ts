import { IsIn, IsOptional, Matches } from 'class-validator';
import { KYC_PROVIDER_STATUSES, type KycProviderStatus } from '../kyc';

/** POST /api/kyc/sandbox/{reference}/outcome: the outcome the tester picks on the sandbox's hosted page. */
export class KycSandboxOutcomeDto {
  @IsIn(KYC_PROVIDER_STATUSES, { message: `status must be one of: ${KYC_PROVIDER_STATUSES.join(', ')}` })
  status!: KycProviderStatus;

  /** The date of birth the sandbox "reads from the document"; the declared one when absent. */
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'date_of_birth must be YYYY-MM-DD' })
  date_of_birth?: string;
}
