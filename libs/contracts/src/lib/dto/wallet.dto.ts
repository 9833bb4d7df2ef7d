import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min, ValidateBy, ValidationOptions } from 'class-validator';
import { LIMITS, PAYMENT_METHODS, type PaymentMethod } from '../constants';
import { VALIDATION_MESSAGES } from '../messages';
import { parseDollarsToCents } from '../money';
import { TRANSACTIONS_PAGE, WALLET_MESSAGES } from '../wallet-types';

/** Limits and messages of one kind of amount (SPEC §5): which message wins is decided in `amountProblem`. */
export interface DollarAmountRule {
  invalidMessage: string;
  minCents: number;
  minMessage: string;
  maxCents?: number;
  maxMessage?: string;
}

export const DEPOSIT_AMOUNT_RULE: DollarAmountRule = {
  invalidMessage: VALIDATION_MESSAGES.invalidDeposit,
  minCents: LIMITS.depositMinCents,
  minMessage: VALIDATION_MESSAGES.depositMin,
  maxCents: LIMITS.depositMaxCents,
  maxMessage: VALIDATION_MESSAGES.depositMax,
};

/** The upper bound of a withdrawal is the balance, which only the server's ledger knows ('Insufficient balance'). */
export const WITHDRAWAL_AMOUNT_RULE: DollarAmountRule = {
  invalidMessage: VALIDATION_MESSAGES.invalidWithdrawal,
  minCents: LIMITS.withdrawalMinCents,
  minMessage: VALIDATION_MESSAGES.withdrawalMin,
};

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

/** Validates a dollar amount against `rule`; the failure message is the spec's wording for the exact problem. */
export function IsDollarAmount(rule: DollarAmountRule, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isDollarAmount',
      constraints: [rule],
      validator: {
        validate: (value: unknown) => amountProblem(value, rule) === null,
        defaultMessage: (args) => amountProblem(args?.value, rule) ?? rule.invalidMessage,
      },
    },
    options,
  );
}

/** POST /transactions/deposit (SPEC §7). */
export class DepositRequestDto {
  /** Dollars, 5 to 10 000, at most 2 decimals; a JSON number or a string. */
  @IsDollarAmount(DEPOSIT_AMOUNT_RULE)
  amount!: number | string;

  @IsIn(PAYMENT_METHODS, { message: WALLET_MESSAGES.invalidPaymentMethod })
  payment_method!: PaymentMethod;
}

/** POST /transactions/withdraw (SPEC §7). */
export class WithdrawRequestDto {
  /** Dollars, at least 10 and at most the balance, at most 2 decimals; a JSON number or a string. */
  @IsDollarAmount(WITHDRAWAL_AMOUNT_RULE)
  amount!: number | string;

  @IsIn(PAYMENT_METHODS, { message: WALLET_MESSAGES.invalidPaymentMethod })
  payment_method!: PaymentMethod;
}

const toQueryInt = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;

/** GET /transactions?limit&offset — newest first. */
export class TransactionsQueryDto {
  @IsOptional()
  @Transform(toQueryInt)
  @Max(TRANSACTIONS_PAGE.maxLimit, { message: WALLET_MESSAGES.invalidLimit })
  @Min(1, { message: WALLET_MESSAGES.invalidLimit })
  @IsInt({ message: WALLET_MESSAGES.invalidLimit })
  limit?: number;

  @IsOptional()
  @Transform(toQueryInt)
  @Min(0, { message: WALLET_MESSAGES.invalidOffset })
  @IsInt({ message: WALLET_MESSAGES.invalidOffset })
  offset?: number;
}
