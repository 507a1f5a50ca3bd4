import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Module } from '@nestjs/common';
import { AccountBilling } from '@pds/billing';
import { AppLogger, metricsProviders, READINESS_PROBE } from '@pds/observability';
import {
  HISTORY_QUEUE,
  REDIS_QUEUE,
  type RedisClient,
  RedisKeys,
  RedisMemoryMetrics,
  RedisCommandMetrics,
  RedisModule,
} from '@pds/redis';
import { BillingReconciler } from './billing/billing-reconciler';
import { BILLING_QUEUE, BillingReconciliationProcessor } from './billing/billing-reconciliation.processor';
import { CacheEnvironment } from './cache.environment';
import { ExchangeGate } from './exchange/exchange-gate';
import { exchangeProvider } from './exchange/exchange.provider';
import { KlineFetcher } from './exchange/kline-fetcher';
import { HistoryFiller } from './history/history-filler';
import { KlineStore } from './history/kline-store';
import { HistoryJobs } from './jobs/history-jobs';
import { HistoryProcessor } from './jobs/history.processor';
import { WarmUpStarter } from './jobs/warm-up.starter';
import { CacheMetrics } from './metrics/cache-metrics';
import { SubscriptionMetrics } from './metrics/subscription-metrics';
import { CacheReadiness } from './metrics/cache-readiness';
import { RetentionService } from './retention/retention.service';
import { ShutdownSignal } from './shutdown-signal';

/** Redis (a command and a queue connection) and the two BullMQ queues on the queue connection. */
function redisAndQueues(env: CacheEnvironment, logger: AppLogger): DynamicModule[] {
  return [
    RedisModule.forRoot(env, {
      connectionName: `cache:${env.CACHE_WORKER_ID}`,
      extraConnections: ['queue'],
      logger,
    }),
    // One BullMQ connection for the queue; the worker duplicates it for its blocking reads.
    BullModule.forRootAsync({
      inject: [REDIS_QUEUE, RedisKeys],
      useFactory: (connection: RedisClient, keys: RedisKeys) => ({
        connection,
        prefix: keys.queuePrefix(),
      }),
    }),
    BullModule.registerQueue({ name: HISTORY_QUEUE }),
    BullModule.registerQueue({ name: BILLING_QUEUE }),
  ];
}

@Module({})
export class CacheModule {
  /** The environment and logger are made in main() before Nest starts, so boot errors are logged too. */
  static register(env: CacheEnvironment, logger: AppLogger): DynamicModule {
    return {
      module: CacheModule,
      imports: redisAndQueues(env, logger),
      providers: [
        { provide: CacheEnvironment, useValue: env },
        { provide: AppLogger, useValue: logger },
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
        AccountBilling,
        BillingReconciler,
        BillingReconciliationProcessor,
        ...metricsProviders({ host: env.METRICS_HOST, port: env.METRICS_PORT }),
        CacheMetrics,
        SubscriptionMetrics,
        RedisMemoryMetrics,
        RedisCommandMetrics,
        { provide: READINESS_PROBE, useClass: CacheReadiness },
      ],
    };
  }
}
