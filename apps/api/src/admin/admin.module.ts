import { Module } from '@nestjs/common';
import { ResponsibleGamingModule } from '../responsible-gaming/responsible-gaming.module';
import { WalletModule } from '../wallet/wallet.module';
import { AccountFreezeService } from './account-freeze.service';
import { AdminController } from './admin.controller';
import { AdminRepository } from './admin.repository';
import { AdminService } from './admin.service';
import { DisputesController } from './disputes.controller';
import { DisputesRepository } from './disputes.repository';
import { DisputesService } from './disputes.service';
import { StaffGuard } from './staff.guard';

/** The operator console's API (/api/admin/*); the audit trail and roles come from AdminCoreModule. */
@Module({
  imports: [WalletModule, ResponsibleGamingModule],
  controllers: [AdminController, DisputesController],
  providers: [AdminService, AdminRepository, AccountFreezeService, StaffGuard, DisputesService, DisputesRepository],
})
export class AdminModule {}
