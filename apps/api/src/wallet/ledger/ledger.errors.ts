/**
 * Errors of the ledger. They are domain errors, not HTTP errors: callers translate the expected ones
 * (InsufficientFundsError → 'Insufficient balance'); anything else surfaces as a 500 and is logged.
 */
class LedgerError extends Error {}

/** A caller broke a ledger rule (unbalanced entries, zero amounts, unknown account...). A bug, never user input. */
export class LedgerInvariantError extends LedgerError {
  constructor(message: string) {
    super(`Ledger invariant violated: ${message}`);
    this.name = 'LedgerInvariantError';
  }
}

/** The transaction would take a bounded account (a wallet, escrow...) below zero. Nothing was written. */
export class InsufficientFundsError extends LedgerError {
  constructor(
    readonly accountId: string,
    readonly balanceCents: bigint,
    readonly deltaCents: bigint,
  ) {
    super(`Insufficient funds in ledger account ${accountId}: balance ${balanceCents}, change ${deltaCents}`);
    this.name = 'InsufficientFundsError';
  }
}

/** The idempotency key was already posted with different entries or references. Nothing was written. */
export class LedgerIdempotencyConflictError extends LedgerError {
  constructor(readonly idempotencyKey: string) {
    super(`Ledger idempotency key ${idempotencyKey} was already used for a different transaction`);
    this.name = 'LedgerIdempotencyConflictError';
  }
}
