import type { Provider } from '@nestjs/common';
import { BinanceAdapter, type ExchangeAdapter } from '@pds/exchange';
import { CacheEnvironment } from '../cache.environment';

export const EXCHANGE_ADAPTER = Symbol('EXCHANGE_ADAPTER');

/** Binance's adapter, pointed at the configured REST API (the simulator in development and tests). */
export const exchangeProvider: Provider<ExchangeAdapter> = {
  provide: EXCHANGE_ADAPTER,
  inject: [CacheEnvironment],
  useFactory: (env: CacheEnvironment): ExchangeAdapter =>
    new BinanceAdapter({ restBaseUrl: env.EXCHANGE_REST_URL }),
};
