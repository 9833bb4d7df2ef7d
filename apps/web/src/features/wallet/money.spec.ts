import { TOAST_MESSAGES, VALIDATION_MESSAGES, WALLET_ERROR_CODES, WALLET_MESSAGES } from '@skillduel/contracts';
import type { TFunction } from 'i18next';
import type { ApiError } from '../../app/apiErrors';
import { createI18n } from '../../i18n';
import { newIdempotencyKey } from './idempotencyKey';
import { balanceCentsOf, checkAmount, directionOf, dollarsToCents, statsOf } from './money';
import { describeMoveFailure } from './moveFailure';

const signedIn = { isGuest: false, balanceCents: 5_000 };

describe('checkAmount (shared amount rules)', () => {
  it.each([
    ['deposit', '5', 500],
    ['deposit', '10000', 1_000_000],
    ['deposit', ' 12.3 ', 1_230],
    ['withdrawal', '10', 1_000],
    ['withdrawal', '50.00', 5_000],
  ] as const)('%s %p is %p cents', (kind, text, cents) => {
    expect(checkAmount(kind, text, signedIn)).toEqual({ ok: true, cents });
  });

  it.each([
    ['deposit', '', 'invalidDeposit'],
    ['deposit', 'abc', 'invalidDeposit'],
    ['deposit', '1e3', 'invalidDeposit'],
    ['deposit', '0', 'invalidDeposit'],
    ['deposit', '4.999', 'invalidDeposit'],
    ['deposit', '4.99', 'depositMin'],
    ['deposit', '10000.01', 'depositMax'],
    ['withdrawal', '', 'invalidWithdrawal'],
    ['withdrawal', '-20', 'invalidWithdrawal'],
    ['withdrawal', '9.99', 'withdrawalMin'],
    ['withdrawal', '50.01', 'insufficientBalance'],
  ] as const)('%s %p → %s', (kind, text, messageKey) => {
    expect(checkAmount(kind, text, signedIn)).toEqual({ ok: false, messageKey });
  });

  it('refuses guests first', () => {
    expect(checkAmount('deposit', '50', { isGuest: true, balanceCents: 0 })).toEqual({
      ok: false,
      messageKey: 'guestDeposit',
    });
    expect(checkAmount('withdrawal', '50', { isGuest: true, balanceCents: 0 })).toEqual({
      ok: false,
      messageKey: 'guestWithdraw',
    });
  });
});

describe('money helpers', () => {
  it('converts wire dollars to exact cents', () => {
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(1234.56)).toBe(123_456);
    expect(dollarsToCents(Number.NaN)).toBe(0);
  });

  it('knows which way each transaction type moves money', () => {
    expect(['deposit', 'win', 'refund'].map((type) => directionOf(type as 'deposit'))).toEqual([
      'credit',
      'credit',
      'credit',
    ]);
    expect(directionOf('withdrawal')).toBe('debit');
    expect(directionOf('bet')).toBe('debit');
  });

  it('reads balance and stats defensively from a stored user', () => {
    expect(balanceCentsOf({ current_balance: 12.5, balance: 0 })).toBe(1_250);
    expect(balanceCentsOf({ balance: 3 } as never)).toBe(300);
    expect(statsOf({} as never)).toEqual({ total_wins: 0, total_earnings: 0, total_deposited: 0, total_withdrawn: 0 });
  });

  it('makes a new v4 UUID every time, also without crypto.randomUUID', () => {
    const first = newIdempotencyKey();
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(first);
    // Outside secure contexts (plain http on a LAN address) browsers have no crypto.randomUUID.
    const webCrypto = globalThis.crypto as { randomUUID?: unknown };
    const own = Object.getOwnPropertyDescriptor(webCrypto, 'randomUUID');
    Object.defineProperty(webCrypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      if (own) Object.defineProperty(webCrypto, 'randomUUID', own);
      else delete webCrypto.randomUUID;
    }
  });
});

describe('describeMoveFailure', () => {
  const t = createI18n('en').t as TFunction;
  const es = createI18n('es').t as TFunction;
  /** A failed call as the API client reports it: the status, the server's sentence and the body with its code. */
  const apiError = (status: ApiError['status'], serverMessage?: string, code?: string): ApiError => ({
    status,
    message: serverMessage ?? 'x',
    ...(serverMessage ? { serverMessage } : {}),
    ...(code ? { data: { statusCode: status, code, detail: serverMessage, message: serverMessage } } : {}),
  });

  it("shows the server's reason for a refusal, which ends that attempt", () => {
    const short = apiError(400, VALIDATION_MESSAGES.insufficientBalance, WALLET_ERROR_CODES.insufficientBalance);
    expect(describeMoveFailure(t, 'withdrawal', short)).toEqual({
      outcome: 'refused',
      message: 'Insufficient balance',
    });
    const declined = apiError(402, TOAST_MESSAGES.depositFailed, WALLET_ERROR_CODES.depositFailed);
    expect(describeMoveFailure(t, 'deposit', declined)).toEqual({
      outcome: 'refused',
      message: 'Deposit failed. Please try again.',
    });
    const notAllowed = apiError(403, WALLET_MESSAGES.depositNotAllowed, WALLET_ERROR_CODES.depositNotAllowed);
    expect(describeMoveFailure(t, 'deposit', notAllowed).message).toBe(WALLET_MESSAGES.depositNotAllowed);
  });

  it('says the spec failure toast when the outcome is unknown, so the same key may retry', () => {
    for (const error of [apiError('FETCH_ERROR'), apiError('TIMEOUT_ERROR'), apiError(500), apiError(429)]) {
      expect(describeMoveFailure(t, 'deposit', error)).toEqual({
        outcome: 'unknown',
        message: 'Deposit failed. Please try again.',
      });
      expect(describeMoveFailure(t, 'withdrawal', error).message).toBe('Withdrawal failed. Please try again.');
    }
    const busy = apiError(409, WALLET_MESSAGES.idempotencyKeyBusy, WALLET_ERROR_CODES.idempotencyKeyBusy);
    expect(describeMoveFailure(t, 'deposit', busy)).toEqual({
      outcome: 'unknown',
      message: WALLET_MESSAGES.idempotencyKeyBusy,
    });
    expect(describeMoveFailure(es, 'deposit', busy).message).toBe(
      'Una solicitud con esta clave todavía se está procesando. Inténtalo de nuevo.',
    );
    expect(describeMoveFailure(t, 'deposit', new Error('x')).outcome).toBe('unknown');
  });

  it('translates a refusal by its code, whatever its words', () => {
    const short = apiError(400, 'Not enough money in your wallet', WALLET_ERROR_CODES.insufficientBalance);
    expect(describeMoveFailure(es, 'withdrawal', short).message).toBe('Saldo insuficiente');
    expect(describeMoveFailure(t, 'withdrawal', short).message).toBe('Insufficient balance');
    const underMinimum = apiError(400, VALIDATION_MESSAGES.depositMin, WALLET_ERROR_CODES.depositBelowMinimum);
    expect(describeMoveFailure(es, 'deposit', underMinimum).message).toBe(es('validation.depositMin'));
    expect(es('validation.depositMin')).not.toBe(VALIDATION_MESSAGES.depositMin);
  });

  it("keeps the server's own sentence for a code it does not know, and never reads the words", () => {
    expect(describeMoveFailure(es, 'deposit', apiError(400, 'Something new', 'SOMETHING_NEW')).message).toBe(
      'Something new',
    );
    // The words of a known message without its code are not translated: only the code is.
    expect(describeMoveFailure(es, 'withdrawal', apiError(400, VALIDATION_MESSAGES.insufficientBalance)).message).toBe(
      VALIDATION_MESSAGES.insufficientBalance,
    );
  });
});
