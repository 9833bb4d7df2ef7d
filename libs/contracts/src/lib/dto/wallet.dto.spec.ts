import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import fc from 'fast-check';
import { LIMITS } from '../constants';
import { VALIDATION_MESSAGES } from '../messages';
import { formatCents } from '../money';
import { WALLET_MESSAGES } from '../wallet-types';
import { DepositRequestDto, TransactionsQueryDto, WithdrawRequestDto } from './wallet.dto';

/** The first message, as the API's ValidationPipe puts it in `detail`. */
function firstMessage<T extends object>(cls: new () => T, plain: unknown): string | null {
  const errors = validateSync(plainToInstance(cls, plain) as object, { whitelist: true, forbidNonWhitelisted: true });
  return errors.length === 0 ? null : (Object.values(errors[0].constraints ?? {})[0] ?? null);
}

describe('wallet request DTOs refuse bad amounts with the wallet messages', () => {
  it.each([
    [50, null],
    ['50', null],
    [5, null],
    [10_000, null],
    ['10000.00', null],
    [4.99, VALIDATION_MESSAGES.depositMin],
    [10_000.01, VALIDATION_MESSAGES.depositMax],
    [0, VALIDATION_MESSAGES.invalidDeposit],
    [-5, VALIDATION_MESSAGES.invalidDeposit],
    [1.001, VALIDATION_MESSAGES.invalidDeposit],
    ['abc', VALIDATION_MESSAGES.invalidDeposit],
    [Number.NaN, VALIDATION_MESSAGES.invalidDeposit],
    [Number.POSITIVE_INFINITY, VALIDATION_MESSAGES.invalidDeposit],
    [null, VALIDATION_MESSAGES.invalidDeposit],
    [undefined, VALIDATION_MESSAGES.invalidDeposit],
    [true, VALIDATION_MESSAGES.invalidDeposit],
  ])('deposit amount %p → %p', (amount, message) => {
    expect(firstMessage(DepositRequestDto, { amount, payment_method: 'card' })).toBe(message);
  });

  it.each([
    [10, null],
    ['1000000', null],
    [9.99, VALIDATION_MESSAGES.withdrawalMin],
    [0, VALIDATION_MESSAGES.invalidWithdrawal],
    ['1e3', VALIDATION_MESSAGES.invalidWithdrawal],
  ])('withdrawal amount %p → %p', (amount, message) => {
    expect(firstMessage(WithdrawRequestDto, { amount, payment_method: 'paypal' })).toBe(message);
  });

  it('payment_method must be one of the four methods', () => {
    for (const method of ['card', 'paypal', 'crypto', 'bank']) {
      expect(firstMessage(DepositRequestDto, { amount: 50, payment_method: method })).toBeNull();
    }
    for (const method of [undefined, 'visa', 'CARD', 1]) {
      expect(firstMessage(DepositRequestDto, { amount: 50, payment_method: method })).toBe(
        WALLET_MESSAGES.invalidPaymentMethod,
      );
    }
  });

  it('every cent amount in range is accepted as a string and as a number; 3 decimals never are', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: LIMITS.depositMinCents, max: LIMITS.depositMaxCents }),
        fc.integer({ min: 1, max: 9 }),
        (cents, digit) => {
          const dollars = formatCents(cents);
          expect(firstMessage(DepositRequestDto, { amount: dollars, payment_method: 'card' })).toBeNull();
          expect(firstMessage(DepositRequestDto, { amount: Number(dollars), payment_method: 'card' })).toBeNull();
          expect(firstMessage(DepositRequestDto, { amount: `${dollars}${digit}`, payment_method: 'card' })).toBe(
            VALIDATION_MESSAGES.invalidDeposit,
          );
        },
      ),
    );
  });

  it('pagination query: limit 1–100 and offset ≥ 0, from query strings', () => {
    expect(firstMessage(TransactionsQueryDto, {})).toBeNull();
    expect(firstMessage(TransactionsQueryDto, { limit: '100', offset: '0' })).toBeNull();
    expect(firstMessage(TransactionsQueryDto, { limit: '0' })).toBe(WALLET_MESSAGES.invalidLimit);
    expect(firstMessage(TransactionsQueryDto, { limit: '101' })).toBe(WALLET_MESSAGES.invalidLimit);
    expect(firstMessage(TransactionsQueryDto, { offset: '-1' })).toBe(WALLET_MESSAGES.invalidOffset);
  });
});
