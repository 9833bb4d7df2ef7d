import { LIMITS } from './constants';
import { VALIDATION_MESSAGES } from './messages';
import { parseDollarsToCents } from './money';
import { ROOM_ERROR_CODES } from './rooms-types';
import { WALLET_ERROR_CODES } from './wallet-types';

/*
 * Plain data and functions, no decorators: the browser's forms use these too, so this file must not import
 * class-validator (the DTOs in dto/ apply them on the server; docs/decisions/1301).
 */

/**
 * Limits and messages of one kind of amount (docs/product/wallet.md#amounts): which message wins is decided in
 * `amountProblem`.
 */
export interface DollarAmountRule {
  invalidMessage: string;
  minCents: number;
  minMessage: string;
  maxCents?: number;
  maxMessage?: string;
  /**
   * The error body's `code` for each problem, so clients translate a refusal by its code rather than its words;
   * without them a refusal has the generic 'VALIDATION_FAILED'.
   */
  codes?: { invalid: string; min: string; max?: string };
}

export const DEPOSIT_AMOUNT_RULE: DollarAmountRule = {
  invalidMessage: VALIDATION_MESSAGES.invalidDeposit,
  minCents: LIMITS.depositMinCents,
  minMessage: VALIDATION_MESSAGES.depositMin,
  maxCents: LIMITS.depositMaxCents,
  maxMessage: VALIDATION_MESSAGES.depositMax,
  codes: {
    invalid: WALLET_ERROR_CODES.invalidDepositAmount,
    min: WALLET_ERROR_CODES.depositBelowMinimum,
    max: WALLET_ERROR_CODES.depositAboveMaximum,
  },
};

/** The upper bound of a withdrawal is the balance, which only the server's ledger knows ('Insufficient balance'). */
export const WITHDRAWAL_AMOUNT_RULE: DollarAmountRule = {
  invalidMessage: VALIDATION_MESSAGES.invalidWithdrawal,
  minCents: LIMITS.withdrawalMinCents,
  minMessage: VALIDATION_MESSAGES.withdrawalMin,
  codes: { invalid: WALLET_ERROR_CODES.invalidWithdrawalAmount, min: WALLET_ERROR_CODES.withdrawalBelowMinimum },
};

/**
 * A room's bet (docs/product/rooms-and-matches.md#creating-a-room): present and above 0, at most 2 decimals, else
 * 'Please enter a valid bet amount'. The game's own min/max bet and the balance ('Insufficient balance') are checked by
 * the server.
 */
export const BET_AMOUNT_RULE: DollarAmountRule = {
  invalidMessage: VALIDATION_MESSAGES.invalidBet,
  minCents: 1,
  minMessage: VALIDATION_MESSAGES.invalidBet,
  codes: { invalid: ROOM_ERROR_CODES.invalidBet, min: ROOM_ERROR_CODES.invalidBet },
};

/**
 * Private room passwords (stored hashed). At most `maxWrongGuesses` wrong guesses per room and user count within
 * `wrongGuessWindowSeconds`; then every guess answers 429 until the oldest ages out, so a password cannot be guessed by
 * brute force.
 */
export const ROOM_PASSWORD_LIMITS = {
  minLength: 6,
  maxLength: 64,
  maxWrongGuesses: 10,
  wrongGuessWindowSeconds: 15 * 60,
} as const;

/**
 * The spec's message for a wire amount, or null when it is acceptable. A JSON number or a decimal string with at
 * most 2 decimals (parseDollarsToCents); missing, null, zero, negative, NaN, exponents and 3+ decimals are invalid.
 */
export function amountProblem(value: unknown, rule: DollarAmountRule): string | null {
  const cents = parseDollarsToCents(value);
  if (cents === null || cents <= 0n) return rule.invalidMessage;
  if (cents < BigInt(rule.minCents)) return rule.minMessage;
  if (rule.maxCents !== undefined && cents > BigInt(rule.maxCents)) return rule.maxMessage ?? rule.invalidMessage;
  return null;
}
