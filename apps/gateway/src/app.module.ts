import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { JsonLogger, metricsProviders } from '@pds/observability';
import { Registry } from 'prom-client';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { ApiKeyGuard } from './auth/api-key.guard';
import { AuthFailureLimiter } from './auth/auth-failure-limiter';
import { Authenticator } from './auth/authenticator.service';
import { BoostsModule } from './boosts/boosts.module';
import { DemoModule } from './demo/demo.module';
import { AllExceptionsFilter } from './errors/all-exceptions.filter';
import { GatewayEnvironment } from './gateway.environment';
import { HealthController } from './health/health.controller';
import { HistoryModule } from './history/history.module';
import { HttpMetrics } from './metrics/http-metrics';
import { MarketMirror } from './market-mirror/market-mirror.service';
import { MarketDataService } from './prices/market-data.service';
import { PricesController } from './prices/prices.controller';
import { ApiKeyThrottlerGuard } from './rate-limit/api-key-throttler.guard';
import { RateLimitModule, RateLimitStorageModule } from './rate-limit/rate-limit.module';
import { ChangeSubscriber } from './storage/change-subscriber';
import { StorageModule } from './storage/storage.module';
import { StreamingModule } from './streaming/streaming.module';

@Module({})
export class AppModule {
  /** Checks run in the contract's order: API key (401), then rate limit (429), then validation (400). */
  static forRoot(env: GatewayEnvironment, logger: JsonLogger): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        StorageModule,
        RateLimitStorageModule,
        RateLimitModule,
        StreamingModule,
        DemoModule,
        ApiKeysModule,
        BoostsModule,
        HistoryModule,
      ],
      controllers: [PricesController, HealthController],
      providers: [
        { provide: GatewayEnvironment, useValue: env },
        { provide: JsonLogger, useValue: logger },
        ChangeSubscriber,
        AuthFailureLimiter,
        Authenticator,
        MarketMirror,
        MarketDataService,
        ...metricsProviders({ host: env.METRICS_HOST, port: env.METRICS_PORT }),
        HttpMetrics,
        { provide: APP_GUARD, useClass: ApiKeyGuard },
        { provide: APP_GUARD, useClass: ApiKeyThrottlerGuard },
        {
          provide: APP_FILTER,
          useFactory: (log: JsonLogger) => new AllExceptionsFilter(log),
          inject: [JsonLogger],
        },
      ],
      exports: [
        GatewayEnvironment,
        JsonLogger,
        ChangeSubscriber,
        AuthFailureLimiter,
        Authenticator,
        MarketDataService,
        Registry,
      ],
    };
  }
}
