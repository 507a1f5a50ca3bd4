import { type DynamicModule, Module } from '@nestjs/common';
import { JsonLogger, metricsProviders, READINESS_PROBE } from '@pds/observability';
import { exchangeProvider } from './feed/exchange.provider';
import { MarketFeed } from './feed/market-feed.service';
import { GapRecorder } from './gaps/gap-recorder.service';
import { IngestorEnvironment } from './ingestor.environment';
import { LeaseService } from './leadership/lease.service';
import { MarketState } from './market-state/market-state';
import { IngestorMetrics } from './metrics/ingestor-metrics';
import { IngestorReadiness } from './metrics/ingestor-readiness';
import { WriteLag } from './metrics/write-lag';
import { StorageModule } from './storage/storage.module';
import { LeaderWrites } from './writer/leader-writes.service';
import { MarketWriter } from './writer/market-writer';

@Module({})
export class IngestorModule {
  /** The environment and logger are made in main() before Nest starts, so boot errors are logged too. */
  static register(env: IngestorEnvironment, logger: JsonLogger): DynamicModule {
    return {
      module: IngestorModule,
      global: true,
      imports: [StorageModule],
      providers: [
        { provide: IngestorEnvironment, useValue: env },
        { provide: JsonLogger, useValue: logger },
        { provide: MarketState, useFactory: () => new MarketState() },
        exchangeProvider,
        LeaseService,
        MarketWriter,
        GapRecorder,
        LeaderWrites,
        MarketFeed,
        ...metricsProviders({ host: env.METRICS_HOST, port: env.METRICS_PORT }),
        WriteLag,
        IngestorMetrics,
        { provide: READINESS_PROBE, useClass: IngestorReadiness },
      ],
      exports: [IngestorEnvironment, JsonLogger],
    };
  }
}
