import { VALIDATION_MESSAGES, WALLET_ERROR_CODES, WALLET_MESSAGES } from '@skillduel/contracts';
import type { TFunction } from 'i18next';
import { isApiError, type ApiError } from '../../app/apiErrors';
import { rgRefusalText } from '../responsible-gaming/rgRefusal';
import type { MoneyMoveKind } from './money';

/**
 * What a failed deposit or withdrawal means for the next attempt.
 * - `refused`: the server answered and moved nothing (a validation or business rule, a declined payment). Retrying
 *   the same request would replay the same refusal, so the form opens again and a new attempt gets a new key.
 * - `unknown`: no usable answer (network error, timeout, server fault, a request still being processed). The money
 *   may or may not have moved, so the confirmation stays open and Confirm retries with the same Idempotency-Key.
 */
export interface MoveFailure {
  outcome: 'refused' | 'unknown';
  /** Already translated. */
  message: string;
}

type ServerMessageKey =
  | `validation.${keyof typeof VALIDATION_MESSAGES}`
  | `wallet.serverMessages.${keyof typeof WALLET_MESSAGES}`
  | 'toast.depositFailed'
  | 'toast.withdrawalFailed';

/** Each wallet refusal's `code` and the translation of its message: refusals are translated by code, never by words. */
const KEY_BY_CODE: ReadonlyMap<string, ServerMessageKey> = new Map<string, ServerMessageKey>([
  [WALLET_ERROR_CODES.invalidDepositAmount, 'validation.invalidDeposit'],
  [WALLET_ERROR_CODES.depositBelowMinimum, 'validation.depositMin'],
  [WALLET_ERROR_CODES.depositAboveMaximum, 'validation.depositMax'],
  [WALLET_ERROR_CODES.invalidWithdrawalAmount, 'validation.invalidWithdrawal'],
  [WALLET_ERROR_CODES.withdrawalBelowMinimum, 'validation.withdrawalMin'],
  [WALLET_ERROR_CODES.insufficientBalance, 'validation.insufficientBalance'],
  [WALLET_ERROR_CODES.invalidPaymentMethod, 'wallet.serverMessages.invalidPaymentMethod'],
  [WALLET_ERROR_CODES.depositNotAllowed, 'wallet.serverMessages.depositNotAllowed'],
  [WALLET_ERROR_CODES.withdrawalNotAllowed, 'wallet.serverMessages.withdrawalNotAllowed'],
  [WALLET_ERROR_CODES.twoFactorRequired, 'wallet.serverMessages.twoFactorRequiredToWithdraw'],
  [WALLET_ERROR_CODES.invalidIdempotencyKey, 'wallet.serverMessages.invalidIdempotencyKey'],
  [WALLET_ERROR_CODES.idempotencyKeyReused, 'wallet.serverMessages.idempotencyKeyReused'],
  [WALLET_ERROR_CODES.idempotencyKeyBusy, 'wallet.serverMessages.idempotencyKeyBusy'],
  [WALLET_ERROR_CODES.depositFailed, 'toast.depositFailed'],
]);

function codeOf(error: ApiError): string | undefined {
  if (typeof error.data !== 'object' || error.data === null) return undefined;
  const code: unknown = (error.data as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** The refusal in the current language when its code is one we know, else the server's own sentence. */
function translateRefusal(t: TFunction, error: ApiError): string | undefined {
  const code = codeOf(error);
  const key = code === undefined ? undefined : KEY_BY_CODE.get(code);
  return key === undefined ? error.serverMessage : t(key);
}

/** A 4xx that carries the server's own reason: the request was refused, nothing moved. */
function isRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 409 && status !== 429;
}

/**
 * The server's `detail` when it explains a refusal (e.g. 'Insufficient balance', 'Minimum deposit is
 * $5.00', the sandbox's 'Deposit failed. Please try again.'), otherwise 'Deposit failed. Please try again.' /
 * 'Withdrawal failed. Please try again.'.
 */
export function describeMoveFailure(t: TFunction, kind: MoneyMoveKind, error: unknown): MoveFailure {
  const fallback = kind === 'deposit' ? t('toast.depositFailed') : t('toast.withdrawalFailed');
  if (!isApiError(error) || typeof error.status !== 'number') return { outcome: 'unknown', message: fallback };
  if (!isRefusal(error.status)) {
    // 409: a request with this key is still being processed; the server says so, and the same key may retry.
    const busyMessage = error.status === 409 ? translateRefusal(t, error) : undefined;
    return { outcome: 'unknown', message: busyMessage ?? fallback };
  }
  // A player-protection refusal (a limit, a break, a freeze) carries its figures: said in the player's language.
  const protection = rgRefusalText(t, error);
  const message = protection ?? translateRefusal(t, error) ?? fallback;
  return { outcome: 'refused', message };
}
