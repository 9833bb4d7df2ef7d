import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppThrottlerGuard } from './common/rate-limit/app-throttler.guard';
import { FixedWindowThrottlerStorage } from './common/rate-limit/fixed-window.storage';
import { RedisThrottlerStorage } from './common/rate-limit/redis.storage';
import { AuthModule } from './auth/auth.module';
import { ShutdownDeadline } from './common/shutdown-deadline';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { dataSourceOptions, runMigrations } from './database/data-source';
import { GamesModule } from './games/games.module';
import { MetricsModule } from './metrics/metrics.module';
import { HealthController } from './health/health.controller';
import { PublicConfigController } from './public-config/public-config.controller';
import { UsersModule } from './users/users.module';
import { WalletModule } from './wallet/wallet.module';
import { RoomsModule } from './rooms/rooms.module';
import { LeaderboardModule } from './leaderboard/leaderboard.module';
import { NotificationsModule } from './notifications/notifications.module';
import { PlayerStatsModule } from './player-stats/player-stats.module';
import { RatingsModule } from './ratings/ratings.module';
import { MatchmakingModule } from './matchmaking/matchmaking.module';
import { ResponsibleGamingCoreModule } from './responsible-gaming/responsible-gaming-core.module';
import { ResponsibleGamingModule } from './responsible-gaming/responsible-gaming.module';
import { AdminCoreModule } from './admin/admin-core.module';
import { AdminModule } from './admin/admin.module';
import { FairPlayModule } from './fair-play/fair-play.module';
import { TournamentsModule } from './tournaments/tournaments.module';
import { KycCoreModule } from './kyc/kyc-core.module';
import { KycModule } from './kyc/kyc.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        ThrottlerModule.forRoot({
          throttlers: [{ name: 'default', ttl: 60_000, limit: config.RATE_LIMIT_PER_MINUTE }],
          // Shared counters across instances when Redis is configured; in-process counters otherwise.
          storage: config.REDIS_URL ? new RedisThrottlerStorage(config.REDIS_URL) : new FixedWindowThrottlerStorage(),
        }),
        TypeOrmModule.forRootAsync({
          useFactory: () => dataSourceOptions(config.DATABASE_URL),
          dataSourceFactory: async (options) => {
            if (!options) throw new Error('Missing data source options');
            const dataSource = await new DataSource(options).initialize();
            await runMigrations(dataSource);
            return dataSource;
          },
        }),
        MetricsModule,
        ResponsibleGamingCoreModule,
        KycCoreModule,
        KycModule,
        AdminCoreModule,
        GamesModule,
        UsersModule,
        AuthModule,
        WalletModule,
        RoomsModule,
        LeaderboardModule,
        NotificationsModule,
        PlayerStatsModule,
        RatingsModule,
        MatchmakingModule,
        ResponsibleGamingModule,
        AdminModule,
        FairPlayModule,
        TournamentsModule,
      ],
      controllers: [HealthController, PublicConfigController],
      providers: [{ provide: APP_GUARD, useClass: AppThrottlerGuard }, ShutdownDeadline],
    };
  }
}
