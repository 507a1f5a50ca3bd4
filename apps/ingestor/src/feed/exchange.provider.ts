import type { Provider } from '@nestjs/common';
import { BinanceAdapter, type ExchangeAdapter } from '@pds/exchange';
import { IngestorEnvironment } from '../ingestor.environment';
import { MarketSources } from '../sources/market-sources';

/** The configured exchanges, primary first, each pointed at its endpoints (simulators in tests). */
export const marketSourcesProvider: Provider<MarketSources> = {
  provide: MarketSources,
  inject: [IngestorEnvironment],
  useFactory: (env: IngestorEnvironment): MarketSources => {
    const adapters: ExchangeAdapter[] = [
      new BinanceAdapter({
        wsBaseUrl: env.EXCHANGE_WS_URL,
        restBaseUrl: env.EXCHANGE_REST_URL,
        streamTuning: {
          silenceMs: env.STREAM_SILENCE_MS,
          maxConnectionAgeMs: env.STREAM_MAX_AGE_MS,
          reconnectInitialMs: env.RECONNECT_INITIAL_MS,
          reconnectMaxMs: env.RECONNECT_MAX_MS,
          connectionsPer5Minutes: env.STREAM_CONNECTIONS_PER_5_MINUTES,
        },
      }),
    ];
    return new MarketSources(adapters, { darkAfterMs: env.EXCHANGE_DARK_AFTER_MS });
  },
};
