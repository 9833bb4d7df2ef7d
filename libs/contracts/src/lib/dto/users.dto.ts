import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { LIMITS, PROFILE_COUNTRIES } from '../constants';
import { AUTH_MESSAGES, VALIDATION_MESSAGES } from '../messages';
import { INPUT_LIMITS, TOTP_CODE_PATTERN, USERNAME_PATTERN } from './validators';

export const PROFILE_COUNTRY_CODES: readonly string[] = PROFILE_COUNTRIES.map((country) => country.code);

/**
 * PUT /users/me/: the only writable profile fields (docs/product/accounts.md#profile). Any other field (balance, level,
 * xp, rank, …) is refused with 400 by the API's validation. Omitted fields stay as they are; `country: null` clears it.
 */
export class UpdateProfileDto {
  @ValidateIf((_object, value) => value !== undefined)
  @Matches(USERNAME_PATTERN, { message: AUTH_MESSAGES.usernameCharacters })
  @MaxLength(LIMITS.usernameMaxLength, { message: AUTH_MESSAGES.usernameTooLong })
  @MinLength(LIMITS.usernameMinLength, { message: VALIDATION_MESSAGES.usernameTooShort })
  @IsString({ message: VALIDATION_MESSAGES.usernameTooShort })
  username?: string;

  @ValidateIf((_object, value) => value !== undefined)
  @IsEmail({}, { message: AUTH_MESSAGES.emailInvalid })
  @MaxLength(INPUT_LIMITS.emailMaxLength, { message: AUTH_MESSAGES.emailInvalid })
  @IsString({ message: AUTH_MESSAGES.emailInvalid })
  @IsNotEmpty({ message: AUTH_MESSAGES.emailInvalid })
  email?: string;

  @IsOptional()
  @IsIn(PROFILE_COUNTRY_CODES, { message: AUTH_MESSAGES.countryInvalid })
  country?: string | null;

  /** Required to change `email` (docs/decisions/1001); the change waits until the new address confirms it. */
  @IsOptional()
  @MaxLength(INPUT_LIMITS.passwordMaxLength, { message: AUTH_MESSAGES.wrongCurrentPassword })
  @IsString({ message: AUTH_MESSAGES.currentPasswordRequired })
  current_password?: string;

  /** A current authenticator code, required with `current_password` when 2FA is on. */
  @IsOptional()
  @Matches(TOTP_CODE_PATTERN, { message: AUTH_MESSAGES.twoFactorCodeFormat })
  @IsString({ message: AUTH_MESSAGES.twoFactorCodeFormat })
  two_factor_code?: string;
}

/** POST /users/me/add-xp/: capped server-side (SELF_REPORTED_XP_LIMITS). */
export class AddXpDto {
  @Max(1_000_000, { message: AUTH_MESSAGES.xpAmountInvalid })
  @Min(1, { message: AUTH_MESSAGES.xpAmountInvalid })
  @IsInt({ message: AUTH_MESSAGES.xpAmountInvalid })
  xp_amount!: number;
}

/** POST /users/me/update-online-status/. */
export class UpdateOnlineStatusDto {
  @IsBoolean({ message: AUTH_MESSAGES.onlineStatusInvalid })
  is_online!: boolean;
}
