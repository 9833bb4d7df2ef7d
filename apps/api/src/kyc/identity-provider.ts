import type { KycProviderStatus } from '@skillduel/contracts';

/** What a provider answers when an inquiry starts: where to send the player, and until when the link works. */
export interface StartedInquiry {
  reference: string;
  hostedUrl: string;
  expiresAt: Date;
}

/** A verified, parsed webhook. */
export interface IdentityWebhookEvent {
  /** The provider's id of this event: a redelivery carries the same one. */
  eventId: string;
  /** The inquiry it is about. */
  reference: string;
  status: KycProviderStatus;
  /** What the provider read from the identity document, when it says. */
  verifiedName: string | null;
  /** YYYY-MM-DD. */
  verifiedDateOfBirth: string | null;
  reasons: string[];
}

/**
 * An identity-verification provider (Persona, Sumsub, Onfido and the built-in sandbox share this shape): an inquiry
 * per attempt, a hosted flow the player is sent to, and signed webhooks whose status may still change later
 * (docs/decisions/2502). A real provider is one more class behind this interface, chosen by KYC_PROVIDER.
 */
export abstract class IdentityProvider {
  /** The `{provider}` of POST /api/kyc/webhooks/{provider}. */
  abstract readonly name: string;

  /** Opens an inquiry for the player with the details they declared. */
  abstract startInquiry(request: { userId: string; dateOfBirth: string | null }): Promise<StartedInquiry>;

  /**
   * Verifies the signature over the raw body (throws 401/400 AppErrors when it is bad or stale) and parses the body
   * (400 when it is not an event). Must not trust the parsed body before the signature is checked.
   */
  abstract parseWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
    nowMs: number,
  ): IdentityWebhookEvent;
}
