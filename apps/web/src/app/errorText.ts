import type { TFunction } from 'i18next';
import { isApiError, type HttpErrorMessageKey } from './apiErrors';

const I18N_KEYS = {
  401: 'httpErrors.unauthorized',
  403: 'httpErrors.forbidden',
  404: 'httpErrors.notFound',
  429: 'httpErrors.tooManyRequests',
  serverError: 'httpErrors.serverError',
  serviceUnavailable: 'httpErrors.serviceUnavailable',
  fallback: 'httpErrors.fallback',
  network: 'httpErrors.network',
  unexpected: 'httpErrors.unexpected',
} as const satisfies Record<HttpErrorMessageKey, string>;

/** Fixed messages that tell the user more than 'Login failed' would. */
const SAYS_WHAT_WENT_WRONG: ReadonlySet<HttpErrorMessageKey> = new Set<HttpErrorMessageKey>([
  'network',
  'serverError',
  429,
]);

/** A failed call's message in the current language: the spec's fixed message translated, else the server's. */
export function errorText(t: TFunction, error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.messageKey !== undefined) return t(I18N_KEYS[error.messageKey]);
  return error.message || fallback;
}

/**
 * For login/registration toasts (docs/product/app-and-api.md#toast-messages): the server's message is preferred; a
 * failure with no answer or a server fault says so; anything else is the action's own failure message ('Login failed',
 * …).
 */
export function actionFailureText(t: TFunction, error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.serverMessage) return error.serverMessage;
  const key = error.messageKey;
  return key !== undefined && SAYS_WHAT_WENT_WRONG.has(key) ? t(I18N_KEYS[key]) : fallback;
}
