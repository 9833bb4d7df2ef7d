import { AUTH_ERROR_CODES, type AuthErrorCode } from '@skillduel/contracts';
import type { TFunction } from 'i18next';
import { isApiError } from '../../app/apiErrors';
import { actionFailureText } from '../../app/errorText';
import { authEn } from './i18n';

type AuthErrorKey = keyof typeof authEn.errors;

/** The server's English messages that the UI knows how to say in every language, by their text. */
const KEY_BY_MESSAGE: ReadonlyMap<string, AuthErrorKey> = new Map(
  (Object.entries(authEn.errors) as [AuthErrorKey, string][]).map(([key, message]) => [message, key]),
);

/** The machine-readable `code` of an API error answer (decision 0003), if any. */
function apiErrorCode(error: unknown): string | undefined {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return undefined;
  const code = (error.data as Record<string, unknown>)['code'];
  return typeof code === 'string' ? code : undefined;
}

export function hasErrorCode(error: unknown, code: AuthErrorCode): boolean {
  return apiErrorCode(error) === code;
}

export function isTwoFactorRequired(error: unknown): boolean {
  return hasErrorCode(error, AUTH_ERROR_CODES.twoFactorRequired);
}

/**
 * An auth call's failure in the current language: a known server message translated, else the server's own
 * message, else a fixed status message that says more than the fallback, else the fallback ('Login failed', …).
 */
export function authErrorText(t: TFunction, error: unknown, fallback: string): string {
  const serverMessage = isApiError(error) ? error.serverMessage : undefined;
  const key = serverMessage === undefined ? undefined : KEY_BY_MESSAGE.get(serverMessage);
  if (key !== undefined) return t(`auth.errors.${key}`);
  return actionFailureText(t, error, fallback);
}
