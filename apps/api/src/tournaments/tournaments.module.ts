import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { RoomsModule } from '../rooms/rooms.module';
import { WalletModule } from '../wallet/wallet.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { AdminTournamentsController } from './admin-tournaments.controller';
import { TournamentAttemptsRepository } from './attempts/tournament-attempts.repository';
import { TournamentAttemptsService } from './attempts/tournament-attempts.service';
import { TournamentSoloRounds } from './attempts/tournament-solo-rounds';
import { TournamentStandingsPush } from './standings/tournament-standings.push';
import { TournamentStandingsRepository } from './standings/tournament-standings.repository';
import { TournamentStandingsService } from './standings/tournament-standings.service';
import { TournamentEscrowService } from './tournament-escrow.service';
import { TournamentLifecycleService } from './tournament-lifecycle.service';
import { TournamentSchedulerService } from './tournament-scheduler.service';
import { TournamentsEnabledGuard } from './tournaments-enabled.guard';
import { TournamentsController } from './tournaments.controller';
import { TournamentsRepository } from './tournaments.repository';
import { TournamentsService } from './tournaments.service';

/**
 * Tournaments (docs/product/tournaments.md): arena events with entry fees held in each tournament's own escrow
 * account. Money moves only through the ledger (WalletModule), entries pass the player-protection gate
 * (MoneyGate, global) and lock the player's row like stakes (RoomsModule's repository); AuthModule provides the Clock.
 * Arena attempts are solo rounds of the duel engines played over the realtime layer (RealtimeModule; RoomsModule's
 * match clock and instance id).
 */
@Module({
  imports: [WalletModule, RoomsModule, AuthModule, RealtimeModule],
  controllers: [TournamentsController, AdminTournamentsController],
  providers: [
    TournamentsService,
    TournamentLifecycleService,
    TournamentSchedulerService,
    TournamentEscrowService,
    TournamentsRepository,
    TournamentsEnabledGuard,
    TournamentAttemptsRepository,
    TournamentAttemptsService,
    TournamentSoloRounds,
    TournamentStandingsRepository,
    TournamentStandingsService,
    TournamentStandingsPush,
  ],
  exports: [TournamentLifecycleService],
})
export class TournamentsModule {}
