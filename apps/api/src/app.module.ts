import { DynamicModule, Module, RequestMethod } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import { QuietLogger } from './common/quiet-logger';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { dataSourceOptions, runMigrations } from './database/data-source';
import { GamesModule } from './games/games.module';
import { HealthController } from './health/health.controller';
import { PublicConfigController } from './public-config/public-config.controller';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot({
          forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
          pinoHttp: {
            level: config.LOG_LEVEL,
            // One compact line per request: id, method, url, status, time. No headers (tokens live there).
            serializers: {
              req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
              res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
            },
            autoLogging: { ignore: (req) => req.url === '/api/health' },
            transport:
              config.NODE_ENV === 'development' && process.stdout.isTTY
                ? { target: 'pino-pretty', options: { singleLine: true } }
                : undefined,
          },
        }),
        ThrottlerModule.forRoot([{ name: 'default', ttl: 60_000, limit: config.RATE_LIMIT_PER_MINUTE }]),
        TypeOrmModule.forRootAsync({
          useFactory: () => dataSourceOptions(config.DATABASE_URL),
          dataSourceFactory: async (options) => {
            if (!options) throw new Error('Missing data source options');
            const dataSource = await new DataSource(options).initialize();
            await runMigrations(dataSource);
            return dataSource;
          },
        }),
        GamesModule,
      ],
      controllers: [HealthController, PublicConfigController],
      providers: [{ provide: APP_GUARD, useClass: ThrottlerGuard }, QuietLogger],
    };
  }
}
