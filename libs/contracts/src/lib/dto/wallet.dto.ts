import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateBy, ValidationOptions } from 'class-validator';
import { DEPOSIT_AMOUNT_RULE, WITHDRAWAL_AMOUNT_RULE, type DollarAmountRule } from '../amount-rules';
import { PAYMENT_METHODS, type PaymentMethod } from '../constants';
import { parseDollarsToCents } from '../money';
import { TRANSACTIONS_PAGE, WALLET_ERROR_CODES, WALLET_MESSAGES } from '../wallet-types';

/** The cents of a wire amount that parses and is above zero, else null (the "invalid" problem covers it). */
function positiveCents(value: unknown): bigint | null {
  const cents = parseDollarsToCents(value);
  return cents === null || cents <= 0n ? null : cents;
}

/**
 * Validates a dollar amount against `rule` as three constraints (invalid, under the minimum, over the maximum), at
 * most one of which fails for a value, so the failure carries both the spec's wording for the exact problem and, in
 * the error body's `code`, the rule's code for it (`context.code`, read by the API's validation pipe).
 */
export function IsDollarAmount(rule: DollarAmountRule, options?: ValidationOptions): PropertyDecorator {
  const withCode = (code: string | undefined): ValidationOptions | undefined =>
    code === undefined ? options : { ...options, context: { ...options?.context, code } };
  const isAmount = ValidateBy(
    {
      name: 'isDollarAmount',
      validator: {
        validate: (value: unknown) => positiveCents(value) !== null,
        defaultMessage: () => rule.invalidMessage,
      },
    },
    withCode(rule.codes?.invalid),
  );
  const atLeastMinimum = ValidateBy(
    {
      name: 'minDollarAmount',
      validator: {
        validate: (value: unknown) => (positiveCents(value) ?? BigInt(rule.minCents)) >= BigInt(rule.minCents),
        defaultMessage: () => rule.minMessage,
      },
    },
    withCode(rule.codes?.min),
  );
  const { maxCents } = rule;
  const atMostMaximum =
    maxCents === undefined
      ? undefined
      : ValidateBy(
          {
            name: 'maxDollarAmount',
            validator: {
              validate: (value: unknown) => (positiveCents(value) ?? 0n) <= BigInt(maxCents),
              defaultMessage: () => rule.maxMessage ?? rule.invalidMessage,
            },
          },
          withCode(rule.codes?.max),
        );
  return (target, propertyKey) => {
    isAmount(target, propertyKey);
    atLeastMinimum(target, propertyKey);
    atMostMaximum?.(target, propertyKey);
  };
}

/** POST /transactions/deposit (docs/product/wallet.md#deposits). */
export class DepositRequestDto {
  /** Dollars, 5 to 10 000, at most 2 decimals; a JSON number or a string. */
  @IsDollarAmount(DEPOSIT_AMOUNT_RULE)
  amount!: number | string;

  @IsIn(PAYMENT_METHODS, {
    message: WALLET_MESSAGES.invalidPaymentMethod,
    context: { code: WALLET_ERROR_CODES.invalidPaymentMethod },
  })
  payment_method!: PaymentMethod;
}

/** POST /transactions/withdraw (docs/product/wallet.md#withdrawals). */
export class WithdrawRequestDto {
  /** Dollars, at least 10 and at most the balance, at most 2 decimals; a JSON number or a string. */
  @IsDollarAmount(WITHDRAWAL_AMOUNT_RULE)
  amount!: number | string;

  @IsIn(PAYMENT_METHODS, {
    message: WALLET_MESSAGES.invalidPaymentMethod,
    context: { code: WALLET_ERROR_CODES.invalidPaymentMethod },
  })
  payment_method!: PaymentMethod;

  /** A current authenticator code; required when the account has 2FA on (else 403 TWO_FACTOR_REQUIRED). */
  @IsOptional()
  @MaxLength(32, { message: WALLET_MESSAGES.twoFactorRequiredToWithdraw })
  @IsString({ message: WALLET_MESSAGES.twoFactorRequiredToWithdraw })
  two_factor_code?: string;
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
