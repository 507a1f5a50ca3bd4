/**
 * The exchange clients that need neither Nest nor an app's environment: the REST clients, the
 * history pager and the live stream. Test tools import them from here (`@pds/exchange/standalone`):
 * the whole index also loads the settings' validators and, through @pds/config, Nest, which Jest
 * would load again for every test file.
 */
export { BinanceRestClient } from './binance/binance-rest-client';
export { fetchKlineHistory } from './kline-history-pages';
export { ExchangeLiveStream } from './stream/exchange-live-stream';
export { mergeHourKlines } from './kraken/hour-merge';
export { KRAKEN_NATIVE_MINUTES } from './kraken/kraken-endpoints';
export { klinesFromOhlcResult } from './kraken/kraken-ohlc-rows';
export { KrakenRestClient } from './kraken/kraken-rest-client';
