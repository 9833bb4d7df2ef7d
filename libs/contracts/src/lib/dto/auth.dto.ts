import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, IsUrl, Matches, MaxLength, MinLength } from 'class-validator';
import { LIMITS, SOCIAL_PROVIDERS, type SocialProvider } from '../constants';
import { AUTH_MESSAGES, VALIDATION_MESSAGES } from '../messages';
import { EqualsProperty, INPUT_LIMITS, TOTP_CODE_PATTERN, USERNAME_PATTERN } from './validators';

/*
 * Request bodies of the /auth/* calls (docs/product/accounts.md), validated by the API's global ValidationPipe
 * (unknown fields are refused). class-validator reports a property's constraints bottom decorator first,
 * and the first message becomes the answer's `detail`: so the "required" check sits at the bottom.
 */

export class RegisterDto {
  @Matches(USERNAME_PATTERN, { message: AUTH_MESSAGES.usernameCharacters })
  @MaxLength(LIMITS.usernameMaxLength, { message: AUTH_MESSAGES.usernameTooLong })
  @MinLength(LIMITS.usernameMinLength, { message: VALIDATION_MESSAGES.usernameTooShort })
  @IsString({ message: AUTH_MESSAGES.usernameRequired })
  @IsNotEmpty({ message: AUTH_MESSAGES.usernameRequired })
  username!: string;

  @IsEmail({}, { message: AUTH_MESSAGES.emailInvalid })
  @MaxLength(INPUT_LIMITS.emailMaxLength, { message: AUTH_MESSAGES.emailInvalid })
  @IsString({ message: AUTH_MESSAGES.emailRequired })
  @IsNotEmpty({ message: AUTH_MESSAGES.emailRequired })
  email!: string;

  @MaxLength(INPUT_LIMITS.passwordMaxLength, { message: AUTH_MESSAGES.passwordTooLong })
  @MinLength(LIMITS.passwordMinLength, { message: AUTH_MESSAGES.passwordTooShort })
  @IsString({ message: AUTH_MESSAGES.passwordRequired })
  @IsNotEmpty({ message: AUTH_MESSAGES.passwordRequired })
  password!: string;

  @EqualsProperty('password', { message: VALIDATION_MESSAGES.passwordsDoNotMatch })
  confirmPassword!: string;
}

export class LoginDto {
  @IsEmail({}, { message: AUTH_MESSAGES.emailInvalid })
  @MaxLength(INPUT_LIMITS.emailMaxLength, { message: AUTH_MESSAGES.emailInvalid })
  @IsString({ message: AUTH_MESSAGES.emailRequired })
  @IsNotEmpty({ message: AUTH_MESSAGES.emailRequired })
  email!: string;

  @MaxLength(INPUT_LIMITS.passwordMaxLength, { message: AUTH_MESSAGES.invalidCredentials })
  @IsString({ message: AUTH_MESSAGES.passwordRequired })
  @IsNotEmpty({ message: AUTH_MESSAGES.passwordRequired })
  password!: string;

  /** Current authenticator code, required when the account has 2FA on (else 401 TWO_FACTOR_REQUIRED). */
  @IsOptional()
  @Matches(TOTP_CODE_PATTERN, { message: AUTH_MESSAGES.twoFactorCodeFormat })
  @IsString({ message: AUTH_MESSAGES.twoFactorCodeFormat })
  totp_code?: string;

  /** One of the 2FA recovery codes, instead of `totp_code`; each works once. */
  @IsOptional()
  @MaxLength(INPUT_LIMITS.recoveryCodeMaxLength, { message: AUTH_MESSAGES.twoFactorInvalid })
  @IsString({ message: AUTH_MESSAGES.twoFactorInvalid })
  recovery_code?: string;
}

export class RefreshTokenDto {
  @MaxLength(INPUT_LIMITS.tokenMaxLength, { message: AUTH_MESSAGES.invalidRefreshToken })
  @IsString({ message: AUTH_MESSAGES.refreshTokenRequired })
  @IsNotEmpty({ message: AUTH_MESSAGES.refreshTokenRequired })
  refresh_token!: string;
}

/** POST /auth/forgot-password and POST /auth/resend-verification. */
export class EmailOnlyDto {
  @IsEmail({}, { message: AUTH_MESSAGES.emailInvalid })
  @MaxLength(INPUT_LIMITS.emailMaxLength, { message: AUTH_MESSAGES.emailInvalid })
  @IsString({ message: AUTH_MESSAGES.emailRequired })
  @IsNotEmpty({ message: AUTH_MESSAGES.emailRequired })
  email!: string;
}
export class ForgotPasswordDto extends EmailOnlyDto {}
export class ResendVerificationDto extends EmailOnlyDto {}

/** POST /auth/verify-email. */
export class VerifyEmailDto {
  @MaxLength(INPUT_LIMITS.tokenMaxLength, { message: AUTH_MESSAGES.invalidOrExpiredToken })
  @IsString({ message: AUTH_MESSAGES.tokenRequired })
  @IsNotEmpty({ message: AUTH_MESSAGES.tokenRequired })
  token!: string;
}

export class ResetPasswordDto {
  @MaxLength(INPUT_LIMITS.tokenMaxLength, { message: AUTH_MESSAGES.invalidOrExpiredToken })
  @IsString({ message: AUTH_MESSAGES.tokenRequired })
  @IsNotEmpty({ message: AUTH_MESSAGES.tokenRequired })
  token!: string;

  @MaxLength(INPUT_LIMITS.passwordMaxLength, { message: AUTH_MESSAGES.passwordTooLong })
  @MinLength(LIMITS.passwordMinLength, { message: AUTH_MESSAGES.passwordTooShort })
  @IsString({ message: AUTH_MESSAGES.passwordRequired })
  @IsNotEmpty({ message: AUTH_MESSAGES.passwordRequired })
  password!: string;
}

/**
 * Proof that the account owner is at the keyboard, for sensitive changes (docs/decisions/1001): the current password,
 * and a current authenticator code when 2FA is on (else 403 TWO_FACTOR_REQUIRED).
 */
export class ReauthenticationDto {
  @MaxLength(INPUT_LIMITS.passwordMaxLength, { message: AUTH_MESSAGES.wrongCurrentPassword })
  @IsString({ message: AUTH_MESSAGES.currentPasswordRequired })
  @IsNotEmpty({ message: AUTH_MESSAGES.currentPasswordRequired })
  current_password!: string;

  @IsOptional()
  @Matches(TOTP_CODE_PATTERN, { message: AUTH_MESSAGES.twoFactorCodeFormat })
  @IsString({ message: AUTH_MESSAGES.twoFactorCodeFormat })
  two_factor_code?: string;
}

/** POST /auth/change-password: re-authentication (current password, 2FA code when on) and the new password. */
export class ChangePasswordDto extends ReauthenticationDto {
  @MaxLength(INPUT_LIMITS.passwordMaxLength, { message: AUTH_MESSAGES.passwordTooLong })
  @MinLength(LIMITS.passwordMinLength, { message: AUTH_MESSAGES.passwordTooShort })
  @IsString({ message: AUTH_MESSAGES.newPasswordRequired })
  @IsNotEmpty({ message: AUTH_MESSAGES.newPasswordRequired })
  new_password!: string;
}

/** POST /auth/setup-2fa: the current password (2FA is off, so no code). */
export class TwoFactorSetupDto {
  @MaxLength(INPUT_LIMITS.passwordMaxLength, { message: AUTH_MESSAGES.wrongCurrentPassword })
  @IsString({ message: AUTH_MESSAGES.currentPasswordRequired })
  @IsNotEmpty({ message: AUTH_MESSAGES.currentPasswordRequired })
  current_password!: string;
}

/**
 * POST /auth/verify-2fa and POST /auth/disable-2fa: an authenticator code (disable also takes a recovery code) and
 * the current password.
 */
export class TwoFactorTokenDto extends TwoFactorSetupDto {
  @MaxLength(INPUT_LIMITS.recoveryCodeMaxLength, { message: AUTH_MESSAGES.twoFactorInvalid })
  @IsString({ message: AUTH_MESSAGES.tokenRequired })
  @IsNotEmpty({ message: AUTH_MESSAGES.tokenRequired })
  token!: string;
}

/** GET /auth/oauth/{provider} query. */
export class OAuthAuthorizeQueryDto {
  /** Where the provider sends the popup back: {web origin}/auth/{provider}/callback. Defaults to APP_BASE_URL's. */
  @IsOptional()
  @MaxLength(INPUT_LIMITS.urlMaxLength, { message: AUTH_MESSAGES.oauthRedirectInvalid })
  @IsString({ message: AUTH_MESSAGES.oauthRedirectInvalid })
  redirect_uri?: string;

  /** 'link' adds the provider to the signed-in account (needs a Bearer token) instead of signing in. */
  @IsOptional()
  @IsIn(['signin', 'link'], { message: "mode must be 'signin' or 'link'" })
  mode?: 'signin' | 'link';
}

/** POST /auth/oauth/callback (docs/product/accounts.md#social-login). */
export class OAuthCallbackDto {
  @IsIn(SOCIAL_PROVIDERS, { message: AUTH_MESSAGES.oauthProviderInvalid })
  provider!: SocialProvider;

  @MaxLength(INPUT_LIMITS.oauthCodeMaxLength, { message: VALIDATION_MESSAGES.noAuthorizationCode })
  @IsString({ message: VALIDATION_MESSAGES.noAuthorizationCode })
  @IsNotEmpty({ message: VALIDATION_MESSAGES.noAuthorizationCode })
  code!: string;

  @MaxLength(INPUT_LIMITS.oauthStateMaxLength, { message: AUTH_MESSAGES.oauthStateInvalid })
  @IsString({ message: AUTH_MESSAGES.oauthStateInvalid })
  @IsNotEmpty({ message: AUTH_MESSAGES.oauthStateInvalid })
  state!: string;

  @IsUrl(
    { require_tld: false, require_protocol: true, protocols: ['http', 'https'] },
    { message: AUTH_MESSAGES.oauthRedirectInvalid },
  )
  @MaxLength(INPUT_LIMITS.urlMaxLength, { message: AUTH_MESSAGES.oauthRedirectInvalid })
  @IsString({ message: AUTH_MESSAGES.oauthRedirectInvalid })
  @IsNotEmpty({ message: AUTH_MESSAGES.oauthRedirectInvalid })
  redirect_uri!: string;

  /** Needed when the account behind the provider has 2FA on; the same state may be re-posted with it. */
  @IsOptional()
  @Matches(TOTP_CODE_PATTERN, { message: AUTH_MESSAGES.twoFactorCodeFormat })
  @IsString({ message: AUTH_MESSAGES.twoFactorCodeFormat })
  totp_code?: string;

  @IsOptional()
  @MaxLength(INPUT_LIMITS.recoveryCodeMaxLength, { message: AUTH_MESSAGES.twoFactorInvalid })
  @IsString({ message: AUTH_MESSAGES.twoFactorInvalid })
  recovery_code?: string;
}
