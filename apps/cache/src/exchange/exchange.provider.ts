import type { Provider } from '@nestjs/common';
import { createAdapterForEndpoint, type ExchangeAdapter, shiftServiceClock } from '@pds/exchange';
import { CacheEnvironment } from '../cache.environment';

export const EXCHANGE_ADAPTER = Symbol('EXCHANGE_ADAPTER');

/**
 * The primary exchange's adapter (`EXCHANGE`, its `<NAME>_REST_URL` or `EXCHANGE_REST_URL`): the
 * cache worker stores the primary's history only; standbys never write history (CONTRACT 11).
 */
export const exchangeProvider: Provider<ExchangeAdapter> = {
  provide: EXCHANGE_ADAPTER,
  inject: [CacheEnvironment],
  useFactory: (env: CacheEnvironment): ExchangeAdapter => {
    // The service's clock (tests only: moved with the simulator's), before the adapter exists.
    shiftServiceClock(env.SERVICE_CLOCK_OFFSET_MS);
    return createAdapterForEndpoint(env.exchangeSettings().primary);
  },
};
