import type { Provider } from '@nestjs/common';
import { createAdapterForEndpoint, shiftServiceClock } from '@pds/exchange';
import { IngestorEnvironment } from '../ingestor.environment';
import { MarketSources } from '../sources/market-sources';

/** The configured exchanges, primary first, each pointed at its endpoints (simulators in tests). */
export const marketSourcesProvider: Provider<MarketSources> = {
  provide: MarketSources,
  inject: [IngestorEnvironment],
  useFactory: (env: IngestorEnvironment): MarketSources => {
    // Before any stream opens: every bound on what the exchanges send reads this clock.
    shiftServiceClock(env.SERVICE_CLOCK_OFFSET_MS);
    const { primary, standbys } = env.exchangeSettings();
    // The connection age and budget are each exchange's own limits unless the operator sets them.
    const streamTuning = {
      silenceMs: env.STREAM_SILENCE_MS,
      reconnectInitialMs: env.RECONNECT_INITIAL_MS,
      reconnectMaxMs: env.RECONNECT_MAX_MS,
      ...(env.STREAM_MAX_AGE_MS === undefined ? {} : { maxConnectionAgeMs: env.STREAM_MAX_AGE_MS }),
      ...(env.STREAM_CONNECTIONS_PER_5_MINUTES === undefined
        ? {}
        : { connectionsPer5Minutes: env.STREAM_CONNECTIONS_PER_5_MINUTES }),
    };
    const adapters = [primary, ...standbys].map((endpoint) =>
      createAdapterForEndpoint(endpoint, { streamTuning }),
    );
    return new MarketSources(adapters, { darkAfterMs: env.EXCHANGE_DARK_AFTER_MS });
  },
};
