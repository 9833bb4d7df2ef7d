import { Module } from '@nestjs/common';
import { RealtimeModule } from '../realtime/realtime.module';
import { RoomsModule } from '../rooms/rooms.module';
import { WalletModule } from '../wallet/wallet.module';
import { MatchmakingController } from './matchmaking.controller';
import { MatchmakingMatcher } from './matchmaking.matcher';
import { MatchmakingRepository } from './matchmaking.repository';
import { MatchmakingService } from './matchmaking.service';

/** The matchmaking queue (issue 17 point 2): entries as hidden waiting rooms, paired by rating by the matcher. */
@Module({
  imports: [RoomsModule, WalletModule, RealtimeModule],
  controllers: [MatchmakingController],
  providers: [MatchmakingService, MatchmakingRepository, MatchmakingMatcher],
  exports: [MatchmakingMatcher],
})
export class MatchmakingModule {}
