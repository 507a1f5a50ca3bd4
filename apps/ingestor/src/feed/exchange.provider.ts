import type { Provider } from '@nestjs/common';
import { BinanceAdapter, type ExchangeAdapter } from '@pds/exchange';
import { IngestorEnvironment } from '../ingestor.environment';

export const EXCHANGE_ADAPTER = Symbol('EXCHANGE_ADAPTER');

/** Binance's adapter, pointed at the configured endpoints (the simulator in development and tests). */
export const exchangeProvider: Provider<ExchangeAdapter> = {
  provide: EXCHANGE_ADAPTER,
  inject: [IngestorEnvironment],
  useFactory: (env: IngestorEnvironment): ExchangeAdapter =>
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
};
