import { Module } from '@nestjs/common';
import { RealtimeModule } from '../realtime/realtime.module';
import { RoomsModule } from '../rooms/rooms.module';
import { WalletModule } from '../wallet/wallet.module';
import { LobbyFiguresController } from './lobby-figures.controller';
import { LobbyFiguresRepository } from './lobby-figures.repository';
import { LobbyFiguresService } from './lobby-figures.service';
import { MatchmakingController } from './matchmaking.controller';
import { MatchmakingMatcher } from './matchmaking.matcher';
import { MatchmakingRepository } from './matchmaking.repository';
import { MatchmakingService } from './matchmaking.service';

/**
 * The matchmaking queue (docs/product/matchmaking.md#queue): entries as hidden waiting rooms, paired by rating by the
 * matcher; and the live lobby figures (players online, searching, playing, live matches).
 */
@Module({
  imports: [RoomsModule, WalletModule, RealtimeModule],
  controllers: [MatchmakingController, LobbyFiguresController],
  providers: [
    MatchmakingService,
    MatchmakingRepository,
    MatchmakingMatcher,
    LobbyFiguresRepository,
    LobbyFiguresService,
  ],
  exports: [MatchmakingMatcher, LobbyFiguresService],
})
export class MatchmakingModule {}
