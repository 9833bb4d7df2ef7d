import { Global, Module } from '@nestjs/common';
import { GeoProvider } from './geo-provider';
import { KycGate } from './kyc-gate.service';
import { LocationGate } from './location-gate.service';
import { LocationRepository } from './location.repository';
import { KycRepository } from './kyc.repository';

/**
 * The checks money routes run, identity tier (KycGate) and location (LocationGate), and their SQL. Global and free of other modules' imports, so the money
 * gate, the wallet and the withdrawal processor use it without an import cycle (like ResponsibleGamingCoreModule).
 */
@Global()
@Module({
  providers: [KycGate, KycRepository, GeoProvider, LocationGate, LocationRepository],
  exports: [KycGate, KycRepository, LocationGate],
})
export class KycCoreModule {}
