import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  KYC_SIGNATURE_HEADER,
  type KycInquiryDto,
  type KycProviderStatus,
  type KycStatusDto,
  type WalletOperationResponseDto,
} from '@skillduel/contracts';
import { randomUUID } from 'node:crypto';
import { bearer, registerUser, RegisteredUser } from '../../../test/auth-helpers';
import { sql } from '../../../test/db';
import { IdentityProvider } from '../identity-provider';
import { SandboxIdentityProvider } from '../sandbox-identity-provider';
import { signatureHeader } from '../webhook-signature';

/** Helpers of the identity-verification tests: players, money calls and signed webhooks, all through HTTP. */
export function kycTestKit(app: NestFastifyApplication, databaseUrl: string) {
  const post = (player: RegisteredUser, url: string, payload: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(player.accessToken), 'idempotency-key': randomUUID() },
      payload,
    });

  const secret = (): string => (app.get(IdentityProvider) as SandboxIdentityProvider).webhookSecret;

  return {
    /** A player with a verified email and confirmed eligibility (born 1990-05-17): tier basic, with this balance. */
    async basicPlayer(dollars: number): Promise<RegisteredUser> {
      const player = await registerUser(app);
      await sql(databaseUrl, `UPDATE users SET email_verified_at = now() WHERE id = $1`, [player.user.id]);
      if (dollars > 0) {
        const deposit = await post(player, '/api/transactions/deposit', { amount: dollars, payment_method: 'card' });
        if (deposit.statusCode !== 201) throw new Error(`deposit failed: ${deposit.statusCode} ${deposit.body}`);
      }
      return player;
    },

    withdraw: (player: RegisteredUser, dollars: number) =>
      post(player, '/api/transactions/withdraw', { amount: dollars, payment_method: 'bank' }),

    deposit: (player: RegisteredUser, dollars: number) =>
      post(player, '/api/transactions/deposit', { amount: dollars, payment_method: 'card' }),

    withdrawalId: (answer: { json<T>(): T }) => answer.json<WalletOperationResponseDto>().transaction.id,

    async status(player: RegisteredUser): Promise<KycStatusDto> {
      const answer = await app.inject({ method: 'GET', url: '/api/kyc', headers: bearer(player.accessToken) });
      if (answer.statusCode !== 200) throw new Error(`GET /api/kyc: ${answer.statusCode} ${answer.body}`);
      return answer.json<KycStatusDto>();
    },

    async startInquiry(player: RegisteredUser): Promise<KycInquiryDto> {
      const answer = await post(player, '/api/kyc/inquiries', {});
      if (answer.statusCode !== 201) throw new Error(`POST /api/kyc/inquiries: ${answer.statusCode} ${answer.body}`);
      return answer.json<KycInquiryDto>();
    },

    /** A webhook body as the sandbox provider would send it, and its signature header. */
    signed(
      body: { event_id?: string; reference: string; status: KycProviderStatus; verified_date_of_birth?: string | null },
      options: { signedAtSeconds?: number; secret?: string } = {},
    ): { rawBody: string; header: string } {
      const rawBody = JSON.stringify({
        event_id: body.event_id ?? `evt_${randomUUID()}`,
        reference: body.reference,
        status: body.status,
        verified_name: 'Test Player',
        verified_date_of_birth: body.verified_date_of_birth === undefined ? '1990-05-17' : body.verified_date_of_birth,
        reasons: [],
      });
      const signedAt = options.signedAtSeconds ?? Math.floor(Date.now() / 1000);
      return { rawBody, header: signatureHeader(options.secret ?? secret(), rawBody, signedAt) };
    },

    /** Posts a raw body with a signature header to the webhook route. */
    postWebhook: (rawBody: string, header: string | undefined, provider = 'sandbox') =>
      app.inject({
        method: 'POST',
        url: `/api/kyc/webhooks/${provider}`,
        headers: { 'content-type': 'application/json', ...(header ? { [KYC_SIGNATURE_HEADER]: header } : {}) },
        payload: rawBody,
      }),

    /** Posts a webhook as the sandbox provider would (or tampered with, through the options). */
    webhook(
      body: { event_id?: string; reference: string; status: KycProviderStatus; verified_date_of_birth?: string | null },
      options: { signedAtSeconds?: number; secret?: string; provider?: string } = {},
    ) {
      const { rawBody, header } = this.signed(body, options);
      return this.postWebhook(rawBody, header, options.provider);
    },

    /** Everything a refused webhook must leave as it was. */
    async snapshot(userId: string) {
      const [profile] = await sql<{ status: string | null; inquiries: string | null; events: string }>(
        databaseUrl,
        `SELECT (SELECT status FROM kyc_profiles WHERE user_id = $1) AS status,
                (SELECT json_agg(json_build_object('s', status, 'u', updated_at) ORDER BY reference)
                   FROM kyc_inquiries WHERE user_id = $1)::text AS inquiries,
                (SELECT count(*) FROM kyc_webhook_events)::text AS events`,
        [userId],
      );
      return profile;
    },

    async withdrawalRow(id: string) {
      const [row] = await sql<{ status: string; review_state: string | null; review_reason: string | null }>(
        databaseUrl,
        `SELECT status, review_state, review_reason FROM wallet_payments WHERE id = $1`,
        [id],
      );
      return row;
    },

    async balanceCents(userId: string): Promise<bigint> {
      const [row] = await sql<{ cents: string }>(
        databaseUrl,
        `SELECT coalesce((SELECT balance_cents FROM ledger_accounts WHERE kind = 'user_wallet' AND user_id = $1), 0)::text
             AS cents`,
        [userId],
      );
      return BigInt(row.cents);
    },
  };
}

/** Waits until `check` answers true (the sandbox delivers its webhooks in the background, over HTTP). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
