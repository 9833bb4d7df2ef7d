import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { RatingsModule } from '../ratings/ratings.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { WalletModule } from '../wallet/wallet.module';
import { LiveRoomsService } from './live/live-rooms.service';
import { RoomCluster } from './live/room-cluster';
import { MatchClock } from './live/match-clock';
import { RoomsSocketHandlers } from './live/rooms-socket.handlers';
import { MatchSettlementService } from './match-settlement.service';
import { MatchedRoomsRepository } from './matched-rooms.repository';
import { MatchesRepository } from './matches.repository';
import { MatchXpService } from './match-xp.service';
import { RoomAdmissionService } from './room-admission.service';
import { RoomEscrowService } from './room-escrow.service';
import { RoomPasswordAttemptsRepository } from './room-password-attempts.repository';
import { RoomStakesRepository } from './room-stakes.repository';
import { RoomsController } from './rooms.controller';
import { RoomsMaintenanceService } from './rooms-maintenance.service';
import { RoomsRepository } from './rooms.repository';
import { RoomsService } from './rooms.service';
import { FairPlayCoreModule } from '../fair-play/fair-play-core.module';

/**
 * Real-money rooms and live matches (docs/product/rooms-and-matches.md): the REST calls, escrow and settlement
 * through the ledger, the server-run matches, spectating, chat and the lobby feed over the realtime layer.
 */
@Module({
  imports: [WalletModule, RealtimeModule, NotificationsModule, RatingsModule, FairPlayCoreModule],
  controllers: [RoomsController],
  providers: [
    RoomsService,
    RoomAdmissionService,
    RoomsRepository,
    RoomStakesRepository,
    MatchesRepository,
    RoomEscrowService,
    MatchSettlementService,
    MatchXpService,
    LiveRoomsService,
    RoomsSocketHandlers,
    RoomsMaintenanceService,
    MatchClock,
    RoomCluster,
    RoomPasswordAttemptsRepository,
    MatchedRoomsRepository,
  ],
  exports: [
    RoomsService,
    LiveRoomsService,
    RoomsRepository,
    MatchesRepository,
    RoomEscrowService,
    MatchSettlementService,
    MatchXpService,
    MatchedRoomsRepository,
    MatchClock,
  ],
})
export class RoomsModule {}
