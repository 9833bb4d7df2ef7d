import { Global, Module } from '@nestjs/common';
import { WalletFinancials } from '../wallet/wallet-financials';
import { WalletModule } from '../wallet/wallet.module';
import { UserFinancials } from './user-financials.port';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/**
 * Profiles and progression. Global: auth, rooms, matches and leaderboard all read users, and being global keeps
 * the import graph acyclic (AuthModule uses UsersService without importing this module; this module uses
 * JwtAuthGuard from the global AuthCoreModule without importing AuthModule).
 *
 * UserFinancials: the wallet's ledger-backed implementation (`{ provide: UserFinancials, useExisting:
 * WalletFinancials }`).
 */
@Global()
@Module({
  imports: [WalletModule],
  controllers: [UsersController],
  providers: [UsersService, UsersRepository, { provide: UserFinancials, useExisting: WalletFinancials }],
  // The repository is exported for the auth module's credential writes inside its own transactions.
  exports: [UsersService, UsersRepository],
})
export class UsersModule {}
