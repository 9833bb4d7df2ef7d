import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateBy, ValidationOptions } from 'class-validator';
import { amountProblem, DEPOSIT_AMOUNT_RULE, WITHDRAWAL_AMOUNT_RULE, type DollarAmountRule } from '../amount-rules';
import { PAYMENT_METHODS, type PaymentMethod } from '../constants';
import { TRANSACTIONS_PAGE, WALLET_MESSAGES } from '../wallet-types';

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

/** POST /transactions/deposit (docs/product/wallet.md#deposits). */
export class DepositRequestDto {
  /** Dollars, 5 to 10 000, at most 2 decimals; a JSON number or a string. */
  @IsDollarAmount(DEPOSIT_AMOUNT_RULE)
  amount!: number | string;

  @IsIn(PAYMENT_METHODS, { message: WALLET_MESSAGES.invalidPaymentMethod })
  payment_method!: PaymentMethod;
}

/** POST /transactions/withdraw (docs/product/wallet.md#withdrawals). */
export class WithdrawRequestDto {
  /** Dollars, at least 10 and at most the balance, at most 2 decimals; a JSON number or a string. */
  @IsDollarAmount(WITHDRAWAL_AMOUNT_RULE)
  amount!: number | string;

  @IsIn(PAYMENT_METHODS, { message: WALLET_MESSAGES.invalidPaymentMethod })
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
