import {
  Equals,
  IsIn,
  IsISO31661Alpha2,
  IsISO8601,
  IsOptional,
  IsString,
  Matches,
  ValidateBy,
  type ValidationOptions,
} from 'class-validator';
import { LOCATION_MESSAGES } from '../kyc';
import { parseDollarsToCents } from '../money';
import {
  ALL_SELF_EXCLUSION_PERIODS,
  RG_LIMIT_MAX_CENTS,
  RG_MESSAGES,
  SELF_EXCLUSION_KINDS,
  type SelfExclusionKind,
} from '../responsible-gaming';

/** PUT /users/me/eligibility: date of birth (YYYY-MM-DD), ISO country code and acceptance of the terms. */
export class EligibilityRequestDto {
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: RG_MESSAGES.dateOfBirthInvalid })
  @IsISO8601({ strict: true }, { message: RG_MESSAGES.dateOfBirthInvalid })
  date_of_birth!: string;

  // A real ISO 3166-1 alpha-2 code, upper case: `ZZ` (or any unassigned pair) is refused by name.
  @IsISO31661Alpha2({ message: ({ value }) => LOCATION_MESSAGES.countryNotIso(String(value)) })
  @Matches(/^[A-Z]{2}$/, { message: RG_MESSAGES.countryInvalid })
  @IsString({ message: RG_MESSAGES.countryInvalid })
  country!: string;

  @Equals(true, { message: RG_MESSAGES.termsRequired })
  accept_terms!: boolean;
}

/** A limit on the wire: dollars (number or decimal string, ≤ 2 decimals, > 0, ≤ $1,000,000) or null (remove). */
function IsLimitAmount(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isLimitAmount',
      validator: {
        validate: (value: unknown) => {
          if (value === null) return true;
          const cents = parseDollarsToCents(value);
          return cents !== null && cents > 0n && cents <= BigInt(RG_LIMIT_MAX_CENTS);
        },
      },
    },
    options,
  );
}

/** PUT /users/me/limits: omitted = unchanged, null = remove (after the raise delay), an amount = set. */
export class UpdateLimitsDto {
  @IsOptional() @IsLimitAmount({ message: RG_MESSAGES.limitInvalid }) deposit_day?: number | string | null;
  @IsOptional() @IsLimitAmount({ message: RG_MESSAGES.limitInvalid }) deposit_week?: number | string | null;
  @IsOptional() @IsLimitAmount({ message: RG_MESSAGES.limitInvalid }) deposit_month?: number | string | null;
  @IsOptional() @IsLimitAmount({ message: RG_MESSAGES.limitInvalid }) loss_day?: number | string | null;
  @IsOptional() @IsLimitAmount({ message: RG_MESSAGES.limitInvalid }) loss_week?: number | string | null;
  @IsOptional() @IsLimitAmount({ message: RG_MESSAGES.limitInvalid }) loss_month?: number | string | null;
  @IsOptional() @IsLimitAmount({ message: RG_MESSAGES.limitInvalid }) max_bet?: number | string | null;
}

/** POST /users/me/self-exclusion. */
export class SelfExclusionRequestDto {
  @IsIn(SELF_EXCLUSION_KINDS, { message: RG_MESSAGES.kindInvalid })
  kind!: SelfExclusionKind;

  @IsIn(ALL_SELF_EXCLUSION_PERIODS, { message: RG_MESSAGES.periodInvalid })
  period!: string;
}

/** POST /users/me/reality-check: the player's answer to the dialog. */
export class RealityCheckAnswerDto {
  @IsIn(['continue', 'stop'], { message: 'Please choose continue or stop' })
  action!: 'continue' | 'stop';
}
