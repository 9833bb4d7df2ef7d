import {
  amountProblem,
  DEPOSIT_AMOUNT_RULE,
  formatCents,
  parseDollarsToCents,
  VALIDATION_MESSAGES,
  WITHDRAWAL_AMOUNT_RULE,
  type TransactionType,
  type UserStatsDto,
} from '@skillduel/contracts';
import type { User } from '@skillduel/contracts';

/** Which way the money went for the wallet's owner. */
export type MoneyDirection = 'credit' | 'debit';

/** The two money moves the wallet page makes. */
export type MoneyMoveKind = 'deposit' | 'withdrawal';

/** Keys of VALIDATION_MESSAGES: the client's messages are the spec's, translated under `validation.<key>`. */
export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

/**
 * Wire dollars (at most 2 decimals) to integer cents. The server only ever sends 2-decimal amounts, so rounding the
 * float product recovers the exact cents; the page does all its arithmetic on the result.
 */
export function dollarsToCents(dollars: number): number {
  return Number.isFinite(dollars) ? Math.round(dollars * 100) : 0;
}

/** Cents to the dollar number the API takes and returns. */
export function centsToWireDollars(cents: number): number {
  return Number(formatCents(cents));
}

/** "50.00" — the $X of the spec's toasts. */
export function toastAmount(cents: number): string {
  return formatCents(cents);
}

export function directionOf(type: TransactionType): MoneyDirection {
  switch (type) {
    case 'deposit':
    case 'win':
    case 'refund':
      return 'credit';
    case 'withdrawal':
    case 'bet':
      return 'debit';
  }
}

/** The key of the reason `text` is not an acceptable amount for this move, or the amount in cents. */
export type AmountCheck = { ok: true; cents: number } | { ok: false; messageKey: ValidationMessageKey };

const MESSAGE_KEY_BY_TEXT: ReadonlyMap<string, ValidationMessageKey> = new Map(
  (Object.keys(VALIDATION_MESSAGES) as ValidationMessageKey[]).map((key) => [VALIDATION_MESSAGES[key], key]),
);

function keyOf(message: string): ValidationMessageKey {
  const key = MESSAGE_KEY_BY_TEXT.get(message);
  if (key === undefined) throw new Error(`Not a spec validation message: ${message}`);
  return key;
}

/**
 * Deposit / Withdraw checks (docs/product/wallet.md#wallet-page), with the shared rules of @skillduel/contracts (the
 * API validates with the same ones): guests are refused first, then the amount's own problem, then (withdrawals) the
 * balance.
 */
export function checkAmount(
  kind: MoneyMoveKind,
  text: string,
  context: { isGuest: boolean; balanceCents: number },
): AmountCheck {
  if (context.isGuest) return { ok: false, messageKey: kind === 'deposit' ? 'guestDeposit' : 'guestWithdraw' };
  const problem = amountProblem(text, kind === 'deposit' ? DEPOSIT_AMOUNT_RULE : WITHDRAWAL_AMOUNT_RULE);
  if (problem !== null) return { ok: false, messageKey: keyOf(problem) };
  const cents = Number(parseDollarsToCents(text));
  if (kind === 'withdrawal' && cents > context.balanceCents) return { ok: false, messageKey: 'insufficientBalance' };
  return { ok: true, cents };
}

/** The user's balance in cents; some stored users only carry the camelCase copy. */
export function balanceCentsOf(user: Pick<User, 'current_balance' | 'balance'>): number {
  const dollars = typeof user.current_balance === 'number' ? user.current_balance : user.balance;
  return dollarsToCents(typeof dollars === 'number' ? dollars : 0);
}

const NO_STATS: UserStatsDto = { total_wins: 0, total_earnings: 0, total_deposited: 0, total_withdrawn: 0 };

/** A user restored from storage may predate `stats`; treat missing figures as zero. */
export function statsOf(user: Pick<User, 'stats'>): UserStatsDto {
  const stats: Partial<UserStatsDto> | undefined = (user as { stats?: Partial<UserStatsDto> }).stats;
  return { ...NO_STATS, ...stats };
}
