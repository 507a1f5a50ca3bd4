import { type DynamicModule, Module } from '@nestjs/common';
import { AppLogger, metricsProviders, READINESS_PROBE } from '@pds/observability';
import { RedisCommandMetrics, RedisMemoryMetrics, RedisModule } from '@pds/redis';
import { marketSourcesProvider } from './feed/exchange.provider';
import { MarketFeed } from './feed/market-feed';
import { GapRecorder } from './gaps/gap-recorder';
import { IndexFeed } from './index-price/index-feed';
import { IndexWriter } from './index-price/index-writer';
import { IngestorEnvironment } from './ingestor.environment';
import { LeaseService } from './leadership/lease.service';
import { ExchangeMetrics } from './metrics/exchange-metrics';
import { IndexMetrics } from './metrics/index-metrics';
import { IngestorMetrics } from './metrics/ingestor-metrics';
import { IngestorReadiness } from './metrics/ingestor-readiness';
import { WriteLag } from './writer/write-lag';
import { LeaderWrites } from './writer/leader-writes';
import { MarketWriter } from './writer/market-writer';

@Module({})
export class IngestorModule {
  /** The environment and logger are made in main() before Nest starts, so boot errors are logged too. */
  static register(env: IngestorEnvironment, logger: AppLogger): DynamicModule {
    return {
      module: IngestorModule,
      imports: [
        RedisModule.forRoot(env, {
          connectionName: `ingestor:${env.INGESTOR_ID}`,
          extraConnections: ['queue'],
          logger,
        }),
      ],
      providers: [
        { provide: IngestorEnvironment, useValue: env },
        { provide: AppLogger, useValue: logger },
        marketSourcesProvider,
        LeaseService,
        MarketWriter,
        GapRecorder,
        LeaderWrites,
        MarketFeed,
        IndexWriter,
        IndexFeed,
        ...metricsProviders({ host: env.METRICS_HOST, port: env.METRICS_PORT }),
        WriteLag,
        IngestorMetrics,
        ExchangeMetrics,
        IndexMetrics,
        RedisMemoryMetrics,
        RedisCommandMetrics,
        { provide: READINESS_PROBE, useClass: IngestorReadiness },
      ],
    };
  }
}
