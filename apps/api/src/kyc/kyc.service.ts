import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  centsToDollars,
  KYC_ERROR_CODES,
  KYC_MESSAGES,
  type KycInquiryDto,
  type KycMoneyAction,
  type KycSandboxOutcomeDto,
  type KycStatus,
  type KycStatusDto,
} from '@skillduel/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppError } from '../common/app-error';
import type { SqlRunner } from '../database/sql';
import { IdentityProvider } from './identity-provider';
import { KycGate } from './kyc-gate.service';
import { nextStep, requiredTier, tierOf, tierRank, UNCONFIRMED_IDENTITY } from './kyc-rules';
import { KycRepository } from './kyc.repository';
import { SandboxIdentityProvider } from './sandbox-identity-provider';
import { SandboxWebhookSender } from './sandbox-webhook-sender';

/** Reasons the platform adds to a provider's outcome. */
const DATE_OF_BIRTH_MISMATCH = 'date_of_birth_mismatch';

/** What the sandbox "reads from the document" as the holder's name. */
const SANDBOX_VERIFIED_NAME = 'Sandbox Tester';

const MONEY_ACTIONS: KycMoneyAction[] = ['withdrawal', 'deposit', 'stake'];

/**
 * The player's identity verification (docs/product/kyc.md): the tier and what is needed next, starting an inquiry
 * with the identity provider, and applying the provider's signed webhooks. Money checks are KycGate's.
 */
@Injectable()
export class KycService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly repository: KycRepository,
    private readonly gate: KycGate,
    private readonly provider: IdentityProvider,
    private readonly sandboxSender: SandboxWebhookSender,
  ) {}

  async status(userId: string): Promise<KycStatusDto> {
    const runner = this.dataSource.manager;
    const player = await this.repository.player(runner, userId);
    if (!player) throw new AppError(401, 'UNAUTHORIZED', 'Authentication required');
    const policy = this.gate.policy;
    const tier = tierOf(player);
    const withdrawnCents = await this.repository.cumulativeWithdrawalsCents(runner, userId);
    const deposits30dCents = await this.repository.deposits30dCents(runner, userId);
    const requiredNow: KycStatusDto['required_now'] = [];
    for (const action of MONEY_ACTIONS) {
      const earlierCents = action === 'withdrawal' ? withdrawnCents : action === 'deposit' ? deposits30dCents : 0n;
      const required = requiredTier(policy, action, player.status, earlierCents, 1n);
      if (required && tierRank(tier) < tierRank(required.tier)) requiredNow.push({ action, ...required });
    }
    const underThreshold =
      policy.requiredFor === 'withdrawal' &&
      tierRank(tier) < tierRank('verified') &&
      !UNCONFIRMED_IDENTITY.has(player.status);
    const leftCents = policy.verifyAboveCumulativeWithdrawalsCents - withdrawnCents;
    return {
      tier,
      status: player.status,
      reference: player.currentReference,
      next: nextStep(player),
      required_now: requiredNow,
      withdrawable_before_verification: underThreshold ? centsToDollars(leftCents > 0n ? leftCents : 0n) : null,
      policy: {
        required_for: policy.requiredFor,
        verify_above_cumulative_withdrawals: centsToDollars(policy.verifyAboveCumulativeWithdrawalsCents),
        enhanced_above_deposits_30d: centsToDollars(policy.enhancedAboveDeposits30dCents),
      },
      cumulative_withdrawals: centsToDollars(withdrawnCents),
    };
  }

  /**
   * Opens an inquiry with the provider and points the player's profile at it (status pending). Needs the basic tier
   * (the declared date of birth is what the document is checked against); refused once verified, and while a refusal
   * is final or support is reviewing (409).
   */
  startInquiry(userId: string): Promise<KycInquiryDto> {
    return this.dataSource.transaction(async (manager) => {
      const player = await this.repository.player(manager, userId);
      if (!player) throw new AppError(401, 'UNAUTHORIZED', 'Authentication required');
      if (tierOf(player) === 'none') {
        throw new AppError(
          403,
          KYC_ERROR_CODES.verificationRequired,
          KYC_MESSAGES.verificationRequired('basic'),
          undefined,
          {
            tier: 'basic',
            reason: nextStep(player)?.step ?? 'verify_email',
          },
        );
      }
      // The profile's lock serializes this with the player's webhooks.
      const profile = await this.repository.lockProfile(manager, userId);
      if (profile.status === 'approved')
        throw AppError.conflict(KYC_ERROR_CODES.alreadyVerified, KYC_MESSAGES.alreadyVerified);
      if (profile.status === 'rejected_final' || profile.status === 'needs_review') {
        throw AppError.conflict(KYC_ERROR_CODES.verificationClosed, KYC_MESSAGES.verificationClosed);
      }
      const started = await this.provider.startInquiry({ userId, dateOfBirth: player.declaredDateOfBirth });
      await this.repository.insertInquiry(manager, {
        reference: started.reference,
        userId,
        provider: this.provider.name,
        status: 'pending',
        expiresAt: started.expiresAt,
      });
      await this.repository.setProfile(manager, userId, 'pending', started.reference);
      return {
        reference: started.reference,
        hosted_url: started.hostedUrl,
        expires_at: started.expiresAt.toISOString(),
      };
    });
  }

  /**
   * Applies a provider's webhook. Refused with nothing changed: an unknown provider (404), a bad or missing signature
   * (401), a signature older than 5 minutes (400), a body that is not an event (400), an unknown reference (400). A
   * redelivered event id is acknowledged and changes nothing. An approval whose date of birth differs from the
   * declared one becomes needs_review. When the identity is not (or no longer) confirmed, the player's pending
   * withdrawals are held for support at once, in the same transaction.
   */
  async receiveWebhook(
    providerName: string,
    rawBody: string | undefined,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<{ received: true; duplicate: boolean }> {
    if (providerName !== this.provider.name) throw AppError.notFound();
    if (rawBody === undefined) throw AppError.badRequest(KYC_ERROR_CODES.invalidWebhook, KYC_MESSAGES.invalidWebhook);
    const event = this.provider.parseWebhook(rawBody, headers, Date.now());
    return this.dataSource.transaction(async (manager) => {
      const inquiry = await this.repository.findInquiry(manager, event.reference, this.provider.name);
      if (!inquiry) throw AppError.badRequest(KYC_ERROR_CODES.unknownReference, KYC_MESSAGES.unknownReference);
      const profile = await this.repository.lockProfile(manager, inquiry.userId);
      const player = await this.repository.player(manager, inquiry.userId);
      let applied: KycStatus = event.status;
      const reasons = [...event.reasons];
      if (event.status === 'approved' && event.verifiedDateOfBirth !== player?.declaredDateOfBirth) {
        applied = 'needs_review';
        reasons.push(DATE_OF_BIRTH_MISMATCH);
      }
      const fresh = await this.repository.recordEvent(manager, {
        provider: this.provider.name,
        eventId: event.eventId,
        reference: event.reference,
        status: event.status,
        appliedStatus: applied,
        body: JSON.parse(rawBody) as unknown,
      });
      if (!fresh) return { received: true, duplicate: true };
      await this.repository.updateInquiry(manager, {
        reference: inquiry.reference,
        status: applied,
        verifiedName: event.verifiedName,
        verifiedDateOfBirth: event.verifiedDateOfBirth,
        reasons,
      });
      // Only the player's current inquiry decides their status; an older one's late news is kept on the inquiry.
      if (profile.currentReference === inquiry.reference) {
        await this.applyToProfile(manager, inquiry.userId, profile.status, applied, inquiry.reference);
      }
      return { received: true, duplicate: false };
    });
  }

  /**
   * The sandbox's hosted page: the tester's pick becomes a signed webhook delivered over HTTP (in the background,
   * with retries). 404 for an unknown reference or when the sandbox is not the provider.
   */
  async sandboxOutcome(reference: string, dto: KycSandboxOutcomeDto): Promise<{ event_id: string }> {
    const sandbox = this.sandbox();
    const inquiry = await this.repository.findInquiry(this.dataSource.manager, reference, sandbox.name);
    if (!inquiry) throw AppError.notFound();
    const player = await this.repository.player(this.dataSource.manager, inquiry.userId);
    const eventId = `evt_${randomUUID()}`;
    const readsDocument = dto.status === 'approved' || dto.status === 'needs_review';
    this.sandboxSender.send(
      {
        event_id: eventId,
        reference,
        status: dto.status,
        verified_name: readsDocument ? SANDBOX_VERIFIED_NAME : null,
        verified_date_of_birth: readsDocument ? (dto.date_of_birth ?? player?.declaredDateOfBirth ?? null) : null,
        reasons: dto.status.startsWith('rejected') ? ['sandbox_tester_choice'] : [],
      },
      sandbox.webhookSecret,
    );
    return { event_id: eventId };
  }

  /** Whether the sandbox knows this reference (its hosted page). */
  async sandboxInquiryExists(reference: string): Promise<boolean> {
    const sandbox = this.sandbox();
    return (await this.repository.findInquiry(this.dataSource.manager, reference, sandbox.name)) !== null;
  }

  private sandbox(): SandboxIdentityProvider {
    if (!(this.provider instanceof SandboxIdentityProvider)) throw AppError.notFound();
    return this.provider;
  }

  private async applyToProfile(
    runner: SqlRunner,
    userId: string,
    before: KycStatus,
    applied: KycStatus,
    reference: string,
  ): Promise<void> {
    // An approval does not lapse because its link expired or a late "pending" arrives; a refusal does end it.
    const next = before === 'approved' && (applied === 'expired' || applied === 'pending') ? 'approved' : applied;
    await this.repository.setProfile(runner, userId, next, reference);
    if (UNCONFIRMED_IDENTITY.has(next)) await this.repository.holdPendingWithdrawals(runner, userId);
  }
}
