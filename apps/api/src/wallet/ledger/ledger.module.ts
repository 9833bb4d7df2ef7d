import { Module } from '@nestjs/common';
import { RealtimeModule } from '../../realtime/realtime.module';
import { LedgerRepository } from './ledger.repository';
import { LedgerService } from './ledger.service';
import { WalletPushService } from './wallet-push.service';

/** The ledger: import this module to move money (wallet, rooms). Nothing else writes ledger tables. */
@Module({
  // RealtimeModule: every committed post is pushed to its users' sockets (wallet:changed).
  imports: [RealtimeModule],
  providers: [LedgerService, LedgerRepository, WalletPushService],
  exports: [LedgerService],
})
export class LedgerModule {}
