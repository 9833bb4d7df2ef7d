import { Logger, Module } from '@nestjs/common';
import { hkdfSync, randomBytes } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { IdentityProvider } from './identity-provider';
import { KycAdminController } from './kyc-admin.controller';
import { KycReviewRepository } from './kyc-review.repository';
import { KycReviewService } from './kyc-review.service';
import { KycController } from './kyc.controller';
import { KycService } from './kyc.service';
import { SandboxHostedPage } from './sandbox-hosted-page';
import { SandboxIdentityProvider } from './sandbox-identity-provider';
import { SandboxWebhookSender } from './sandbox-webhook-sender';

/**
 * The webhook secret: KYC_WEBHOOK_SECRET, else derived from JWT_SECRET (its own HKDF label, so every instance of one
 * deployment agrees and it opens nothing else), else random for this process (development without JWT_SECRET).
 */
function webhookSecret(config: AppConfig): string {
  if (config.KYC_WEBHOOK_SECRET) return config.KYC_WEBHOOK_SECRET;
  if (config.JWT_SECRET) {
    return Buffer.from(hkdfSync('sha256', config.JWT_SECRET, 'skillduel', 'kyc-webhook-signing-v1', 32)).toString(
      'hex',
    );
  }
  new Logger('KycModule').warn('Neither KYC_WEBHOOK_SECRET nor JWT_SECRET is set: a random webhook secret is used');
  return randomBytes(32).toString('hex');
}

/** The identity provider named by KYC_PROVIDER. Real providers are added here. */
function createIdentityProvider(config: AppConfig): IdentityProvider {
  switch (config.KYC_PROVIDER) {
    case 'sandbox':
      return new SandboxIdentityProvider(config.APP_BASE_URL, webhookSecret(config));
  }
}

/** Identity verification's routes (docs/product/kyc.md); the money check is KycCoreModule's KycGate. */
@Module({
  controllers: [KycController, KycAdminController],
  providers: [
    KycService,
    KycReviewService,
    KycReviewRepository,
    SandboxWebhookSender,
    SandboxHostedPage,
    { provide: IdentityProvider, useFactory: createIdentityProvider, inject: [AppConfig] },
  ],
})
export class KycModule {}
