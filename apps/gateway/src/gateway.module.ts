import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { AppLogger } from '@pds/observability';
import { RedisCommandMetrics, RedisMemoryMetrics, RedisModule } from '@pds/redis';
import { KeysModule } from './keys';
import { AccountPageModule } from './account-page/account-page.module';
import { AccountsModule } from './accounts';
import { BillingModule } from './billing';
import { CoreModule } from './core/core.module';
import { DemoModule } from './demo/demo.module';
import { AllExceptionsFilter } from './errors/all-exceptions.filter';
import type { GatewayEnvironment } from './gateway.environment';
import { HealthModule } from './health/health.module';
import { IndexPriceModule } from './index-price';
import { MarketDataModule } from './market-data/market-data.module';
import { OperationsModule } from './operations/operations.module';
import { ProtectedOperationGuard } from './operations/protected-operation.guard';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { StreamingModule } from './streaming/streaming.module';

/** Start-up waits this long for Redis, so a new replica does not answer its first requests 503. */
const REDIS_READY_WAIT_MS = 5000;

/**
 * The gateway: its areas, and the one guard of every HTTP operation not public, which runs the
 * checks of a protected operation (operations/protected-operation.ts), before the global query
 * pipe validates (400). The areas with
 * controllers come first in the same order as ever, so the OpenAPI document lists them unchanged.
 */
@Module({})
export class GatewayModule {
  static forRoot(env: GatewayEnvironment, logger: AppLogger): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        CoreModule.forRoot(env, logger),
        RedisModule.forRoot(env, {
          connectionName: 'gateway',
          extraConnections: ['subscriber', 'queue'],
          readyWaitMs: REDIS_READY_WAIT_MS,
          logger,
        }),
        MarketDataModule,
        IndexPriceModule,
        HealthModule,
        DemoModule,
        AccountPageModule,
        KeysModule,
        RateLimitModule,
        OperationsModule,
        StreamingModule,
        AccountsModule,
        BillingModule,
      ],
      providers: [
        RedisMemoryMetrics,
        RedisCommandMetrics,
        { provide: APP_GUARD, useExisting: ProtectedOperationGuard },
        {
          provide: APP_FILTER,
          inject: [AppLogger],
          useFactory: (log: AppLogger) => new AllExceptionsFilter(log),
        },
      ],
    };
  }
}
