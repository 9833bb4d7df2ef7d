import { ValidateBy, ValidationOptions } from 'class-validator';

/** The value must equal the sibling property `property` (e.g. confirmPassword = password). */
export function EqualsProperty(property: string, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'equalsProperty',
      constraints: [property],
      validator: {
        validate: (value: unknown, args) => value === (args?.object as Record<string, unknown> | undefined)?.[property],
      },
    },
    options,
  );
}

/** Username rules shared by registration and profile edits (docs/product/accounts.md#registration). */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
/** 6-digit TOTP code (RFC 6238 with the authenticator defaults). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** Upper bounds that keep hostile payloads cheap to refuse. */
export const INPUT_LIMITS = {
  emailMaxLength: 254,
  passwordMaxLength: 128,
  tokenMaxLength: 256,
  recoveryCodeMaxLength: 32,
  oauthCodeMaxLength: 2048,
  oauthStateMaxLength: 256,
  urlMaxLength: 2048,
} as const;
