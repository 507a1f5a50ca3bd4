import type { ExchangeName } from './exchange-name';

/**
 * The earliest time each exchange's BTC/USDT market can have an event (epoch ms): an event time
 * before it is refused (CONTRACT section 11). Bounds, a little before the true start where that is
 * not verified, never after it.
 */
export const EXCHANGE_HISTORY_START_MS: Readonly<Record<ExchangeName, number>> = {
  binance: Date.UTC(2017, 7, 17), // BTCUSDT's first kline opened on 2017-08-17
  'binance-us': Date.UTC(2019, 8, 1), // Binance.US opened in September 2019
  kraken: Date.UTC(2013, 8, 1), // Kraken opened its trading in September 2013
};

/** The earliest of them: the bound of a stream that was not told its exchange. */
export const EARLIEST_HISTORY_START_MS = Math.min(...Object.values(EXCHANGE_HISTORY_START_MS));
