import {
  KYC_ERROR_CODES,
  KYC_MESSAGES,
  KYC_PROVIDER_STATUSES,
  KYC_SIGNATURE_HEADER,
  type KycProviderStatus,
} from '@skillduel/contracts';
import { randomToken } from '../auth/secrets';
import { AppError } from '../common/app-error';
import { IdentityProvider, IdentityWebhookEvent, StartedInquiry } from './identity-provider';
import { verifySignature } from './webhook-signature';

/** A sandbox inquiry link works this long, as a real provider's hosted link does. */
const SANDBOX_INQUIRY_TTL_MS = 24 * 60 * 60 * 1000;

/** The sandbox's webhook body (snake_case, as providers send it). */
export interface SandboxWebhookBody {
  event_id: string;
  reference: string;
  status: KycProviderStatus;
  verified_name: string | null;
  verified_date_of_birth: string | null;
  reasons: string[];
}

/**
 * The built-in provider for development and tests: no account anywhere, no real check. Its hosted flow is a page
 * served by SkillDuel itself (/kyc/sandbox/{reference}) where the tester picks the outcome; SandboxWebhookSender then
 * delivers a signed webhook over HTTP, exactly as a real provider would, and it is verified and applied by the same
 * code path. Nothing is approved unless someone picks "approved".
 */
export class SandboxIdentityProvider extends IdentityProvider {
  readonly name = 'sandbox';

  constructor(
    private readonly appBaseUrl: string,
    readonly webhookSecret: string,
  ) {
    super();
  }

  startInquiry(): Promise<StartedInquiry> {
    const reference = `sbx_${randomToken(18)}`;
    return Promise.resolve({
      reference,
      hostedUrl: `${this.appBaseUrl}/kyc/sandbox/${reference}`,
      expiresAt: new Date(Date.now() + SANDBOX_INQUIRY_TTL_MS),
    });
  }

  parseWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
    nowMs: number,
  ): IdentityWebhookEvent {
    const header = headers[KYC_SIGNATURE_HEADER];
    verifySignature(this.webhookSecret, rawBody, typeof header === 'string' ? header : undefined, nowMs);
    const body = parseBody(rawBody);
    if (!body) throw AppError.badRequest(KYC_ERROR_CODES.invalidWebhook, KYC_MESSAGES.invalidWebhook);
    return {
      eventId: body.event_id,
      reference: body.reference,
      status: body.status,
      verifiedName: body.verified_name,
      verifiedDateOfBirth: body.verified_date_of_birth,
      reasons: body.reasons,
    };
  }
}

const isText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= max;

/** The body when it has every field with the right type, else null. */
function parseBody(rawBody: string): SandboxWebhookBody | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const body = parsed as Record<string, unknown>;
  const status = body.status;
  const dob = body.verified_date_of_birth;
  const name = body.verified_name;
  const reasons = body.reasons;
  if (!isText(body.event_id, 120) || !isText(body.reference, 80)) return null;
  if (typeof status !== 'string' || !(KYC_PROVIDER_STATUSES as readonly string[]).includes(status)) return null;
  if (dob !== null && !(typeof dob === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(dob))) return null;
  if (name !== null && !isText(name, 200)) return null;
  if (!Array.isArray(reasons) || !reasons.every((reason) => isText(reason, 200))) return null;
  return {
    event_id: body.event_id,
    reference: body.reference,
    status: status as KycProviderStatus,
    verified_name: name,
    verified_date_of_birth: dob,
    reasons: reasons as string[],
  };
}
