import type { PaymentMethod, TransactionStatus, TransactionType } from './constants';

/**
 * Wallet calls, /transactions (docs/product/wallet.md). Dollar amounts are JSON numbers with at most 2 decimals;
 * the server keeps integer cents in a double-entry ledger.
 */

/** One row of the user's transaction history (docs/product/wallet.md#transaction-history). */
export interface TransactionDto {
  id: string;
  type: TransactionType;
  /** Dollars, always positive; `type` says which way the money went. */
  amount: number;
  status: TransactionStatus;
  /** The deposit/withdrawal method; null for bets, wins and match refunds. */
  payment_method: PaymentMethod | null;
  /** ISO 8601 date-time. */
  created_at: string;
  /** Dollars in the wallet right after this transaction; null when it moved no money (a failed deposit). */
  balance_after: number | null;
  /** Withdrawals held for review by support (decision 1601): 'pending_review' until decided, 'rejected' if refused. */
  review_status?: 'pending_review' | 'rejected';
}

/** Answer of POST /transactions/deposit (201) and POST /transactions/withdraw (202: the withdrawal is pending). */
export interface WalletOperationResponseDto {
  transaction: TransactionDto;
  /** The wallet balance in dollars after the operation. */
  current_balance: number;
}

/** Pagination of GET /transactions?limit&offset (newest first): `limit` 1–100, default 50; `offset` ≥ 0. */
export const TRANSACTIONS_PAGE = { defaultLimit: 50, maxLimit: 100 } as const;

/** The header that makes a money-moving POST safe to retry (docs/product/wallet.md#idempotency-keys). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on an answer replayed from an earlier request with the same Idempotency-Key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** An Idempotency-Key is 1 to 255 visible ASCII characters (a UUID is a good choice). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Codes of wallet refusals the spec does not name (the `code` of the error body). */
export const WALLET_ERROR_CODES = {
  /** 400: the deposit amount is missing, not a number, zero or negative, or has more than 2 decimals. */
  invalidDepositAmount: 'INVALID_DEPOSIT_AMOUNT',
  /** 400: under the minimum deposit. */
  depositBelowMinimum: 'DEPOSIT_BELOW_MINIMUM',
  /** 400: over the maximum deposit. */
  depositAboveMaximum: 'DEPOSIT_ABOVE_MAXIMUM',
  /** 400: the withdrawal amount is missing, not a number, zero or negative, or has more than 2 decimals. */
  invalidWithdrawalAmount: 'INVALID_WITHDRAWAL_AMOUNT',
  /** 400: under the minimum withdrawal. */
  withdrawalBelowMinimum: 'WITHDRAWAL_BELOW_MINIMUM',
  /** 400: the payment method is not one of card, paypal, crypto or bank. */
  invalidPaymentMethod: 'INVALID_PAYMENT_METHOD',
  /** 400: the wallet holds less than the amount asked for. */
  insufficientBalance: 'INSUFFICIENT_BALANCE',
  /** 402: the payment provider declined the deposit; nothing moved. */
  depositFailed: 'DEPOSIT_FAILED',
  /** 403: the account may not deposit (a guest or an account without the right). */
  depositNotAllowed: 'DEPOSIT_NOT_ALLOWED',
  /** 403: the account may not withdraw. */
  withdrawalNotAllowed: 'WITHDRAWAL_NOT_ALLOWED',
  /** 400: the Idempotency-Key header is not 1 to 255 visible ASCII characters. */
  invalidIdempotencyKey: 'INVALID_IDEMPOTENCY_KEY',
  /** 409: a request with this key is still being processed; the same key may be retried. */
  idempotencyKeyBusy: 'IDEMPOTENCY_KEY_BUSY',
  /** 422: the key was already used for a different request. */
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  /** 403: the account has 2FA on and `two_factor_code` was missing or wrong. */
  twoFactorRequired: 'TWO_FACTOR_REQUIRED',
  /**
   * 429 (the spec's 'Too many requests…'): too many wrong authenticator codes on withdrawals in 15 minutes; only
   * withdrawals are refused, signing in still works (decision 0102).
   */
  tooManyTwoFactorAttempts: 'TOO_MANY_TWO_FACTOR_ATTEMPTS',
} as const;

/** Wallet messages the spec does not word itself. The spec's own are in VALIDATION_MESSAGES and TOAST_MESSAGES. */
export const WALLET_MESSAGES = {
  invalidPaymentMethod: 'Please choose a payment method: card, paypal, crypto or bank',
  depositNotAllowed: 'Deposits are not enabled for your account',
  withdrawalNotAllowed: 'Withdrawals are not enabled for your account',
  /** 403 TWO_FACTOR_REQUIRED: the account has 2FA on and `two_factor_code` was missing or wrong. */
  twoFactorRequiredToWithdraw: 'Enter the current code from your authenticator app to withdraw',
  invalidIdempotencyKey: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request',
  idempotencyKeyBusy: 'A request with this Idempotency-Key is still being processed. Please try again.',
  invalidLimit: 'limit must be a whole number from 1 to 100',
  invalidOffset: 'offset must be a whole number of 0 or more',
} as const;
