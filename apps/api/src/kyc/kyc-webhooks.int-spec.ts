import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { KYC_ERROR_CODES } from '@skillduel/contracts';
import { createTestApp, TestApp } from '../../test/test-app';
import { kycTestKit } from './testing/kyc-test-kit';

/**
 * The identity webhook's security (docs/decisions/2502): each refused delivery leaves the profile, the inquiry and
 * the event log exactly as they were; a redelivered event id is acknowledged and changes nothing.
 */
describe('KYC webhooks (real PostgreSQL)', () => {
  let testApp: TestApp;
  let app: NestFastifyApplication;
  let kit: ReturnType<typeof kycTestKit>;

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
    app = testApp.app;
    kit = kycTestKit(app, testApp.databaseUrl);
  });
  afterAll(() => testApp.close());

  async function playerWithInquiry() {
    const player = await kit.basicPlayer(0);
    const { reference } = await kit.startInquiry(player);
    return { player, reference, before: await kit.snapshot(player.user.id) };
  }

  it('refuses a bad signature (wrong secret, tampered body, missing header) with 401 and changes nothing', async () => {
    const { player, reference, before } = await playerWithInquiry();
    const wrongSecret = await kit.webhook({ reference, status: 'approved' }, { secret: 'x'.repeat(40) });
    expect(wrongSecret.statusCode).toBe(401);
    expect(wrongSecret.json()).toMatchObject({ code: KYC_ERROR_CODES.invalidSignature });

    const genuine = kit.signed({ reference, status: 'rejected_retry' });
    expect((await kit.postWebhook(genuine.rawBody, genuine.header)).statusCode).toBe(200);
    const afterGenuine = await kit.snapshot(player.user.id);
    // The genuine delivery's signature over a changed body; then no signature at all.
    const tampered = genuine.rawBody.replace('rejected_retry', 'approved');
    expect((await kit.postWebhook(tampered, genuine.header)).statusCode).toBe(401);
    expect((await kit.postWebhook(tampered, undefined)).statusCode).toBe(401);
    expect((await kit.postWebhook(tampered, 't=1,v1=zz')).statusCode).toBe(401);
    expect(await kit.snapshot(player.user.id)).toEqual(afterGenuine);
    expect(before.status).toBe('pending');
    expect(afterGenuine.status).toBe('rejected_retry');
  });

  it('refuses a delivery signed more than 5 minutes ago with 400 and changes nothing', async () => {
    const { player, reference, before } = await playerWithInquiry();
    const stale = await kit.webhook(
      { reference, status: 'approved' },
      { signedAtSeconds: Math.floor(Date.now() / 1000) - 301 },
    );
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ code: KYC_ERROR_CODES.staleWebhook });
    expect(await kit.snapshot(player.user.id)).toEqual(before);
    // Four minutes old is still accepted (clocks and retries drift).
    const recent = await kit.webhook(
      { reference, status: 'approved' },
      { signedAtSeconds: Math.floor(Date.now() / 1000) - 240 },
    );
    expect(recent.statusCode).toBe(200);
  });

  it('refuses an unknown reference with 400 and an unknown provider with 404, changing nothing', async () => {
    const { player, before } = await playerWithInquiry();
    const unknown = await kit.webhook({ reference: 'sbx_doesnotexist0000', status: 'approved' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: KYC_ERROR_CODES.unknownReference });
    const { reference } = await kit.startInquiry(player);
    const afterSecondInquiry = await kit.snapshot(player.user.id);
    expect((await kit.webhook({ reference, status: 'approved' }, { provider: 'persona' })).statusCode).toBe(404);
    expect(await kit.snapshot(player.user.id)).toEqual(afterSecondInquiry);
    expect(afterSecondInquiry.events).toBe(before.events);
  });

  it('acknowledges a redelivered event id and changes nothing, even after a later event', async () => {
    const { player, reference } = await playerWithInquiry();
    const approval = await kit.webhook({ event_id: 'evt_approval_1', reference, status: 'approved' });
    expect(approval.json()).toEqual({ received: true, duplicate: false });
    expect((await kit.status(player)).tier).toBe('verified');
    expect((await kit.webhook({ reference, status: 'needs_review' })).statusCode).toBe(200);
    const afterReview = await kit.snapshot(player.user.id);

    // The provider retries the old approval: acknowledged (so it stops retrying), and the player stays in review.
    const again = await kit.webhook({ event_id: 'evt_approval_1', reference, status: 'approved' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect(await kit.snapshot(player.user.id)).toEqual(afterReview);
    expect((await kit.status(player)).status).toBe('needs_review');
  });

  it('an approval without a date of birth on the document is no approval: needs_review', async () => {
    const { player, reference, before } = await playerWithInquiry();
    expect(before.status).toBe('pending');
    const noDob = await kit.webhook({ reference, status: 'approved', verified_date_of_birth: null });
    expect(noDob.statusCode).toBe(200);
    expect((await kit.status(player)).status).toBe('needs_review');
  });
});
