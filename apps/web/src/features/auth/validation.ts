import { LIMITS } from '@skillduel/contracts';
import type { authEn } from './i18n';

/** An `auth.errors.*` key: what the field error says. */
export type FieldErrorKey = keyof typeof authEn.errors;

/** Close to the server's IsEmail: something@domain.tld, no spaces. The server has the last word. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TOTP_PATTERN = /^\d{6}$/;

export function emailProblem(email: string): FieldErrorKey | null {
  if (email.trim() === '') return 'emailRequired';
  return EMAIL_PATTERN.test(email.trim()) ? null : 'emailInvalid';
}

export function usernameProblem(username: string): FieldErrorKey | null {
  const trimmed = username.trim();
  if (trimmed === '') return 'usernameRequired';
  if (trimmed.length < LIMITS.usernameMinLength) return 'usernameTooShort';
  if (trimmed.length > LIMITS.usernameMaxLength) return 'usernameTooLong';
  return null;
}

/** A password being chosen (sign-up, reset, change): required and at least 8 characters. */
export function newPasswordProblem(password: string): FieldErrorKey | null {
  if (password === '') return 'passwordRequired';
  return password.length < LIMITS.passwordMinLength ? 'passwordTooShort' : null;
}

export function requiredPasswordProblem(password: string): FieldErrorKey | null {
  return password === '' ? 'passwordRequired' : null;
}

/** An authenticator code: exactly 6 digits (spaces typed between the groups are ignored). */
export function normaliseTotpCode(code: string): string {
  return code.replace(/\s+/g, '');
}

export function totpCodeProblem(code: string): FieldErrorKey | null {
  return TOTP_PATTERN.test(normaliseTotpCode(code)) ? null : 'codeFormat';
}

export function recoveryCodeProblem(code: string): FieldErrorKey | null {
  return code.trim() === '' ? 'recoveryCodeRequired' : null;
}

export interface SignUpFields {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export type FieldErrors<Field extends string> = Partial<Record<Field, FieldErrorKey>>;

/**
 * Sign-up rules (docs/product/accounts.md#registration): every field required, username ≥ 3, password ≥ 8, 'Passwords
 * do not match'.
 */
export function validateSignUp(fields: SignUpFields): FieldErrors<keyof SignUpFields> {
  const errors: FieldErrors<keyof SignUpFields> = {};
  const username = usernameProblem(fields.username);
  if (username) errors.username = username;
  const email = emailProblem(fields.email);
  if (email) errors.email = email;
  const password = newPasswordProblem(fields.password);
  if (password) errors.password = password;
  if (fields.confirmPassword === '') errors.confirmPassword = 'passwordRequired';
  else if (fields.password !== fields.confirmPassword) errors.confirmPassword = 'passwordsDoNotMatch';
  return errors;
}

/** The first field (in form order) that has an error, to move the focus there. */
export function firstInvalid<Field extends string>(order: readonly Field[], errors: FieldErrors<Field>): Field | null {
  return order.find((field) => errors[field] !== undefined) ?? null;
}
