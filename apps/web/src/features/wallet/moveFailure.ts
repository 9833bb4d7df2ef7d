import { TOAST_MESSAGES, VALIDATION_MESSAGES, WALLET_MESSAGES } from '@skillduel/contracts';
import type { TFunction } from 'i18next';
import { isApiError } from '../../app/apiErrors';
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

function entries<T extends Record<string, string>>(messages: T, prefix: string): [string, ServerMessageKey][] {
  return Object.keys(messages).map((key) => [messages[key], `${prefix}.${key}` as ServerMessageKey]);
}

/** The server words its refusals with the contracts' messages; each has a translation. */
const KEY_BY_SERVER_MESSAGE: ReadonlyMap<string, ServerMessageKey> = new Map([
  ...entries(VALIDATION_MESSAGES, 'validation'),
  ...entries(WALLET_MESSAGES, 'wallet.serverMessages'),
  [TOAST_MESSAGES.depositFailed, 'toast.depositFailed'],
  [TOAST_MESSAGES.withdrawalFailed, 'toast.withdrawalFailed'],
]);

/** A server message in the current language when it is one we know, else as the server wrote it. */
function translateServerMessage(t: TFunction, message: string): string {
  const key = KEY_BY_SERVER_MESSAGE.get(message);
  return key === undefined ? message : t(key);
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
    const busyMessage = error.status === 409 ? error.serverMessage : undefined;
    return { outcome: 'unknown', message: busyMessage ? translateServerMessage(t, busyMessage) : fallback };
  }
  // A player-protection refusal (a limit, a break, a freeze) carries its figures: said in the player's language.
  const protection = rgRefusalText(t, error);
  const message = protection ?? (error.serverMessage ? translateServerMessage(t, error.serverMessage) : fallback);
  return { outcome: 'refused', message };
}
