import { Module } from '@nestjs/common';
import { RoomsModule } from '../rooms/rooms.module';
import { ResponsibleGamingCoreModule } from './responsible-gaming-core.module';
import { ResponsibleGamingController } from './responsible-gaming.controller';
import { ResponsibleGamingService } from './responsible-gaming.service';

/** The player's protection settings; the checks on money routes come from ResponsibleGamingCoreModule. */
@Module({
  imports: [ResponsibleGamingCoreModule, RoomsModule],
  controllers: [ResponsibleGamingController],
  providers: [ResponsibleGamingService],
  // The operator console closes a frozen account's rooms the same way a break does.
  exports: [ResponsibleGamingService],
})
export class ResponsibleGamingModule {}
