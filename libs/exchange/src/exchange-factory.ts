import { BinanceAdapter } from './binance/binance-adapter';
import { BinanceUsAdapter } from './binance-us/binance-us-adapter';
import type { AdapterOptions, ExchangeAdapter } from './exchange-adapter';
import type { ExchangeName } from './exchange-name';
import { KrakenAdapter } from './kraken/kraken-adapter';
import type { ExchangeEndpoint } from './settings/exchange-endpoints';

export type ExchangeAdapterOptions = AdapterOptions;

/** The adapter of one exchange; without URLs it talks to the exchange's public market-data hosts. */
export function createExchangeAdapter(
  name: ExchangeName,
  options: ExchangeAdapterOptions = {},
): ExchangeAdapter {
  switch (name) {
    case 'binance':
      return new BinanceAdapter(options);
    case 'binance-us':
      return new BinanceUsAdapter(options);
    case 'kraken':
      return new KrakenAdapter(options);
  }
}

/** The adapter of a configured endpoint (from `readExchangeSettings`). */
export function createAdapterForEndpoint(
  endpoint: ExchangeEndpoint,
  options: Omit<ExchangeAdapterOptions, 'wsBaseUrl' | 'restBaseUrl'> = {},
): ExchangeAdapter {
  return createExchangeAdapter(endpoint.name, {
    ...options,
    wsBaseUrl: endpoint.wsUrl,
    restBaseUrl: endpoint.restUrl,
  });
}
