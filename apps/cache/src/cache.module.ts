import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Module } from '@nestjs/common';
import { JsonLogger, metricsProviders, READINESS_PROBE } from '@pds/observability';
import { HISTORY_QUEUE, type RedisClient } from '@pds/redis';
import { CacheEnvironment } from './cache.environment';
import { ExchangeGate } from './exchange/exchange-gate.service';
import { exchangeProvider } from './exchange/exchange.provider';
import { KlineFetcher } from './exchange/kline-fetcher.service';
import { HistoryFiller } from './history/history-filler.service';
import { KlineStore } from './history/kline-store';
import { HistoryJobs } from './jobs/history-jobs.service';
import { HistoryProcessor } from './jobs/history.processor';
import { WarmUpStarter } from './jobs/warm-up.starter';
import { CacheMetrics } from './metrics/cache-metrics';
import { CacheReadiness } from './metrics/cache-readiness';
import { RetentionService } from './retention/retention.service';
import { ShutdownSignal } from './shutdown-signal';
import { CacheKeys } from './storage/cache-keys';
import { QUEUE_REDIS } from './storage/redis.tokens';
import { StorageModule } from './storage/storage.module';

@Module({})
export class CacheModule {
  /** The environment and logger are made in main() before Nest starts, so boot errors are logged too. */
  static register(env: CacheEnvironment, logger: JsonLogger): DynamicModule {
    return {
      module: CacheModule,
      global: true,
      imports: [
        StorageModule,
        // One BullMQ connection for the queue; the worker duplicates it for its blocking reads.
        BullModule.forRootAsync({
          inject: [QUEUE_REDIS, CacheKeys],
          useFactory: (connection: RedisClient, keys: CacheKeys) => ({
            connection,
            prefix: keys.queuePrefix(),
          }),
        }),
        BullModule.registerQueue({ name: HISTORY_QUEUE }),
      ],
      providers: [
        { provide: CacheEnvironment, useValue: env },
        { provide: JsonLogger, useValue: logger },
        ShutdownSignal,
        exchangeProvider,
        ExchangeGate,
        KlineFetcher,
        KlineStore,
        HistoryFiller,
        HistoryJobs,
        HistoryProcessor,
        WarmUpStarter,
        RetentionService,
        ...metricsProviders({ host: env.METRICS_HOST, port: env.METRICS_PORT }),
        CacheMetrics,
        { provide: READINESS_PROBE, useClass: CacheReadiness },
      ],
      exports: [CacheEnvironment, JsonLogger],
    };
  }
}
