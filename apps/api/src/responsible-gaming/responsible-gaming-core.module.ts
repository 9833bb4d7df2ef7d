import { Global, Module } from '@nestjs/common';
import { MoneyGate } from './money-gate.service';
import { ResponsibleGamingRepository } from './responsible-gaming.repository';

/**
 * The checks money routes run (MoneyGate) and their SQL. Global and free of other modules' imports, so the wallet
 * and rooms modules use it while ResponsibleGamingModule (which cancels rooms on a break) imports rooms: no cycle.
 */
@Global()
@Module({
  providers: [MoneyGate, ResponsibleGamingRepository],
  exports: [MoneyGate, ResponsibleGamingRepository],
})
export class ResponsibleGamingCoreModule {}
