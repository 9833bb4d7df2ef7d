import { Global, Module } from '@nestjs/common';
import { KycGate } from './kyc-gate.service';
import { KycRepository } from './kyc.repository';

/**
 * The tier check money routes run (KycGate) and its SQL. Global and free of other modules' imports, so the money
 * gate, the wallet and the withdrawal processor use it without an import cycle (like ResponsibleGamingCoreModule).
 */
@Global()
@Module({
  providers: [KycGate, KycRepository],
  exports: [KycGate, KycRepository],
})
export class KycCoreModule {}
