/**
 * Kinds of ledger accounts. Only `provider_clearing` (money outside SkillDuel) and `player_receivables` (what players
 * owe after a voided win they had withdrawn; decision 1602) may run negative (see the CHECKs in the migrations).
 */
export type LedgerAccountKind =
  | 'user_wallet'
  | 'provider_clearing'
  | 'escrow'
  | 'platform_fee'
  | 'pending_withdrawals'
  | 'player_receivables'
  /** One per tournament: its entry fees until prizes, rake and refunds empty it (decision 2603). */
  | 'tournament_escrow'
  /** The house's promotions budget: tops up guaranteed prize tables; may run negative (spent marketing money). */
  | 'promotions';
/** The accounts that exist once each; wallets and tournament escrows exist once per owner. */
export type SystemAccountKind = Exclude<LedgerAccountKind, 'user_wallet' | 'tournament_escrow'>;

/** Accounts whose balance may go below zero: the provider's clearing account mirrors money outside SkillDuel. */
export const UNBOUNDED_ACCOUNT_KINDS: ReadonlySet<LedgerAccountKind> = new Set([
  'provider_clearing',
  'player_receivables',
  'promotions',
]);

/**
 * What a ledger transaction records. The database accepts any lower_snake_case kind; this union is the list the code
 * uses, and the wallet history maps each to the spec's transaction types (see wallet.repository.ts).
 */
type LedgerTransactionKind =
  /** provider clearing → wallet */
  | 'deposit'
  /** wallet → pending withdrawals, when a withdrawal is requested */
  | 'withdrawal'
  /** pending withdrawals → provider clearing, when the provider paid the withdrawal out */
  | 'withdrawal_completion'
  /** pending withdrawals → wallet, when the provider failed the withdrawal */
  | 'withdrawal_refund'
  /** wallet → escrow, a room's stake */
  | 'bet'
  /** escrow → winner's wallet (and platform fee) */
  | 'win'
  /** escrow → wallet, a stake returned (tie, cancelled or void match) */
  | 'refund'
  /** a settled win undone by support (decision 1602): winner (and receivables) → loser, fee returned */
  | 'match_reversal'
  /** a tournament's escrow → platform fee: the rake (and a guaranteed table's surplus) when the tournament locks */
  | 'tournament_rake'
  /** promotions → a tournament's escrow: what the house adds so a guaranteed prize table is covered */
  | 'tournament_topup'
  /** between two accounts without another meaning (operations and tests) */
  | 'transfer';

export interface LedgerEntryInput {
  accountId: string;
  /** Signed integer cents: positive increases the account's balance, negative decreases it. */
  amountCents: bigint;
}

export interface LedgerReferences {
  userId?: string;
  paymentId?: string;
  roomId?: string;
}

export interface LedgerPostInput {
  kind: LedgerTransactionKind;
  /**
   * Globally unique and chosen by the caller, namespaced by purpose (`deposit:<paymentId>`,
   * `withdrawal:<paymentId>:settle`). Posting the same key again returns the first transaction and moves nothing;
   * the same key with different entries is refused (LedgerIdempotencyConflictError).
   */
  idempotencyKey: string;
  /**
   * A pre-assigned transaction id (uuid), so the caller can write rows that reference the transaction before posting
   * it, away from the account locks (such foreign keys are DEFERRABLE). Only with a fresh idempotency key: a replay
   * answers with the first transaction's id.
   */
  transactionId?: string;
  entries: readonly LedgerEntryInput[];
  references?: LedgerReferences;
  /** Descriptive only; not part of the idempotency comparison. */
  metadata?: Record<string, unknown>;
}

export interface LedgerPostOptions {
  /**
   * Inside a caller's transaction, wrap the post in a savepoint so a refusal (InsufficientFundsError) leaves that
   * transaction usable. Default true. Callers that undo their own work on any error (their own savepoint or a
   * rollback) pass false and save the savepoint's round trips while the account rows are locked.
   */
  savepoint?: boolean;
}

export interface LedgerPostResult {
  transactionId: string;
  createdAt: Date;
  /** True when the idempotency key had already been posted and nothing moved this time. */
  replayed: boolean;
  /** Balance of every account in the transaction right after it (for a replay: the current balance). */
  balances: ReadonlyMap<string, bigint>;
}

export interface LedgerAccount {
  id: string;
  kind: LedgerAccountKind;
  userId: string | null;
  balanceCents: bigint;
}
