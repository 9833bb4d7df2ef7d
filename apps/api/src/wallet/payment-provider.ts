import type { PaymentMethod } from '@skillduel/contracts';

export interface ProviderPaymentRequest {
  /** Our payment id: the provider's idempotency key. The same id never charges or pays out twice. */
  paymentId: string;
  userId: string;
  amountCents: bigint;
  method: PaymentMethod;
}

export type ProviderOutcome =
  { status: 'completed'; reference: string } | { status: 'failed'; reference: string | null; reason: string };

/**
 * The payment provider behind deposits and withdrawals (docs/product/wallet.md#deposits). Real providers (card, PayPal,
 * crypto, bank) implement this and are chosen by PAYMENT_PROVIDER.
 *
 * Contract: both calls are idempotent on `paymentId`. A returned outcome is final. A thrown error means "outcome
 * unknown": the withdrawal processor retries the payout later with the same payment id, and never refunds an
 * unknown outcome (the money may have left).
 */
export abstract class PaymentProvider {
  abstract readonly name: string;
  /** Charges the user's payment method. */
  abstract deposit(request: ProviderPaymentRequest): Promise<ProviderOutcome>;
  /** Sends a withdrawal to the user's payment method. */
  abstract payout(request: ProviderPaymentRequest): Promise<ProviderOutcome>;
}

/**
 * The built-in provider for development and tests: moves no real money. Deposits and payouts succeed, except
 * amounts whose cents part equals `declineCents` (default 13: $10.13 and $25.13 are declined, $10.00 is not), so
 * failures can be tried by hand. The outcome depends only on the request, so the same payment id always gets the
 * same answer (a real provider's idempotency).
 */
export class SandboxPaymentProvider extends PaymentProvider {
  readonly name = 'sandbox';

  constructor(private readonly declineCents: number) {
    super();
  }

  deposit(request: ProviderPaymentRequest): Promise<ProviderOutcome> {
    return Promise.resolve(this.decide('deposit', request));
  }

  payout(request: ProviderPaymentRequest): Promise<ProviderOutcome> {
    return Promise.resolve(this.decide('payout', request));
  }

  /** True when the sandbox declines this amount. */
  declines(amountCents: bigint): boolean {
    return this.declineCents >= 0 && Number(amountCents % 100n) === this.declineCents;
  }

  private decide(operation: 'deposit' | 'payout', request: ProviderPaymentRequest): ProviderOutcome {
    const reference = `sandbox_${operation}_${request.paymentId}`;
    return this.declines(request.amountCents)
      ? {
          status: 'failed',
          reference,
          reason: `Sandbox declines amounts ending in .${String(this.declineCents).padStart(2, '0')}`,
        }
      : { status: 'completed', reference };
  }
}
